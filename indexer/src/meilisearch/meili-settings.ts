/**
 * The settings of the Meilisearch `businesses` index that come from the search rules shared with
 * the embedded engine, in one place: the synonym table (synonyms.json), the typo budget by word
 * length (text/typo-distance.ts), and the order of the fields a query is ranked by. meilisearch.json at
 * the repository root holds the same values (the file operators read and Meilisearch is given);
 * a test fails when they differ, and `npx tsx indexer/src/meilisearch/write-settings.ts` rewrites them.
 *
 * Ranking: Meilisearch ranks by the first attribute a word matched in, in this order, then by
 * exactness; the embedded engine's tiers (exact category, sub-type, name, category prefix, place)
 * are finer, so the two agree on "a business of the category before a name holding the word" and
 * may differ below that.
 */
import { LONG_WORD } from '../text/typo-distance.ts';
import { meiliSynonyms } from '../text/synonyms.ts';

/** Searchable attributes, the best match first: the category a visitor names, then the name. */
export const SEARCHABLE_ATTRIBUTES = ['category', 'name', 'type', 'singulars', 'joined', 'place', 'contact', 'phoneDigits', 'aboutText'] as const;

export const RANKING_RULES = ['words', 'typo', 'proximity', 'attribute', 'exactness', 'sort', 'pos:asc'] as const;

/** The settings of `businesses` generated from the shared rules. */
export function generatedBusinessSettings() {
  return {
    searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
    rankingRules: [...RANKING_RULES],
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: 4, twoTypos: LONG_WORD },
      // Postal codes are searched in `place`: numbers are never corrected (nor by the embedded engine).
      disableOnAttributes: ['phoneDigits'],
      disableOnNumbers: true,
    },
    synonyms: meiliSynonyms(),
  };
}
