/**
 * The business list's category filter: which categories match what the operator typed, best
 * first. The spec's dropdown offered the first 20 of ~500; here every category can be found by
 * typing a part of its name.
 */
import type { AdminCategoryCount } from '@directory/backend/shared/admin-types.ts';
import { foldText } from '../../lib/fold-text.ts';

/** The filter lists at most this many categories at a time; typing narrows the rest down. */
export const CATEGORY_MATCH_LIMIT = 100;

export interface CategoryMatches {
  /** At most `limit` categories, best first. */
  shown: AdminCategoryCount[];
  /** How many categories matched in all. */
  total: number;
}

/**
 * Categories whose name contains `text` (case, accents and the Turkish ı folded: "cafe" finds
 * "Café"): those whose name starts with it first, then those with a word starting with it, then
 * the rest, each group in the order given (biggest first, as the server sends them). Blank
 * names are left out; no text matches every category.
 */
export function matchCategories(categories: readonly AdminCategoryCount[], text: string, limit = CATEGORY_MATCH_LIMIT): CategoryMatches {
  const needle = foldText(text.trim());
  const ranks: AdminCategoryCount[][] = [[], [], []];
  for (const entry of categories) {
    if (entry.category.trim() === '') continue;
    const name = foldText(entry.category);
    const at = name.indexOf(needle);
    if (at < 0) continue;
    const rank = at === 0 ? 0 : /[^\p{L}\p{N}]/u.test(name[at - 1]!) ? 1 : 2;
    ranks[rank]!.push(entry);
  }
  const matched = ranks.flat();
  return { shown: matched.slice(0, limit), total: matched.length };
}
