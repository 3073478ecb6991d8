/**
 * Ranking by field for the embedded engine: which field of a candidate a query matched best
 * (its category named by the query, a sub-type, its name, its category's words, its place, the
 * rest), as a tier compared after typos and before popularity; and which categories a query names,
 * which a search reads first. Bounded by the query: {@link MAX_CATEGORY_PHRASES} phrases compared
 * with category names, {@link MAX_EXACT_CATEGORIES} categories named; each candidate ranked is a
 * few pattern tests of its texts (sqlite-search.ts ranks the page plus a margin only).
 */
import type { Statement } from 'better-sqlite3';
import { foldText } from '../text/fold.ts';
import { withJoinedCopies, withJoinedWords } from '../text/joined-words.ts';
import { singularOf } from '../text/plural.ts';
import { canonicalWords } from '../text/synonyms.ts';
import type { DocColumns } from './doc-columns.ts';
import type { IndexDatabase } from './index-file.ts';
import type { ExpandedWord, QueryUnit } from './search-text.ts';
import type { DocRow } from './sqlite-engine.ts';

/** Most phrases a query is compared with category names as (combinations of synonyms). */
const MAX_CATEGORY_PHRASES = 32;
/** Most categories a query reads first because it names them. */
const MAX_EXACT_CATEGORIES = 4;
/** Ranking tiers of the field a query matched (higher first). */
const EXACT_CATEGORY_TIER = 20;
const SYNONYM_CATEGORY_TIER = 19;
const TYPO_CATEGORY_TIER = 18;
const SUBTYPE_TIER = 15;
const NAME_WORDS_TIER = 10;
/**
 * Below a name holding the typed words: a category or type, then a name, holding them only through
 * a synonym ("medical centre", a synonym of "hospital": a GP's "Medical Centre" before the Animal
 * hospitals and the vets' "Animal Hospital").
 */
const SYNONYM_SUBTYPE_TIER = 9.75;
const SYNONYM_NAME_WORDS_TIER = 9.5;
const NAME_PREFIX_TIER = 9;
const CATEGORY_PREFIX_TIER = 8;
/** A category that is a synonym of a phrase the query may be completing ("denti": Dental clinic): below one the typed prefix starts. */
export const COMPLETED_CATEGORY_TIER = 7;
const PLACE_TIER = 3;
const OTHER_TIER = 1;
/** Added to a category tier when the name matches too (less than the gap between two tiers). */
const NAME_BONUS = 0.5;

/** The fields a query word is looked for in, to rank by the best field matched. */
export type TextRow = Pick<DocRow, 'pos' | 'name' | 'category' | 'type' | 'city' | 'country' | 'country_code' | 'postal_code'>;

/**
 * The canonical phrases the units can stand for (typed words first, then with synonyms), each
 * with the tier of a business whose category is that phrase: 20 typed, 19 a synonym, 7 a synonym
 * of a phrase the typed words may be completing.
 */
export function categoryTiers(units: QueryUnit[]): Map<string, number> {
  const tiers = new Map<string, number>();
  if (units.length === 0) return tiers;
  let combos: { words: string[]; tier: number }[] = [{ words: [], tier: EXACT_CATEGORY_TIER }];
  for (const unit of units) {
    const next: typeof combos = [];
    const synonymTier = unit.isCompletion ? COMPLETED_CATEGORY_TIER : SYNONYM_CATEGORY_TIER;
    for (const combo of combos) {
      unit.alternatives.forEach((alternative, index) => {
        // A split word's phrase stands for its parts ("book store").
        const words = alternative.flatMap((word) => (word.phrase !== null && word.exactTerms.length > 0 ? word.exactTerms : [word.word]).map(singularOf));
        const tier = Math.min(combo.tier, index === 0 ? EXACT_CATEGORY_TIER : synonymTier);
        if (next.length < MAX_CATEGORY_PHRASES) next.push({ words: [...combo.words, ...words], tier });
      });
    }
    combos = next;
  }
  for (const combo of combos) {
    const phrase = combo.words.join(' ');
    if (!tiers.has(phrase)) tiers.set(phrase, combo.tier);
  }
  return tiers;
}

/** The categories a query names by their exact name, each with the tier of its businesses. */
export class ExactCategories {
  private readonly categoryTotal: Statement<[], number>;
  private readonly allCategories: Statement<[], { slug: string; name: string }>;
  /** Canonical category name ("real estate agency") → category slugs, read again when the categories change. */
  private categoryNames: { count: number; bySlug: Map<string, string[]> } | null = null;

  constructor(db: IndexDatabase) {
    this.categoryTotal = db.prepare('SELECT count(*) FROM categories').pluck() as Statement<[], number>;
    this.allCategories = db.prepare('SELECT slug, name FROM categories');
  }

  /** Categories whose name is exactly what the query says (after folding and synonyms), with their tier. */
  of(units: QueryUnit[]): Map<string, number> {
    const found = new Map<string, number>();
    if (units.length === 0) return found;
    const count = this.categoryTotal.get() ?? 0;
    if (this.categoryNames === null || this.categoryNames.count !== count) {
      const bySlug = new Map<string, string[]>();
      for (const { slug, name } of this.allCategories.all()) {
        for (const key of categoryKeys(name)) bySlug.set(key, [...(bySlug.get(key) ?? []), slug]);
      }
      this.categoryNames = { count, bySlug };
    }
    for (const [phrase, tier] of categoryTiers(units)) {
      for (const slug of this.categoryNames.bySlug.get(phrase) ?? []) {
        if (found.size < MAX_EXACT_CATEGORIES && !found.has(slug)) found.set(slug, tier);
      }
    }
    return found;
  }
}

/**
 * The best field a query matched in, read from the candidate's own fields: its category is what
 * the query says (20, 19 through a synonym); its category or type holds every query word (a
 * sub-type, 15); its name holds every word (10); a sub-type, then its name, only through synonyms (9.75,
 * 9.5); its name starts a word with one (9); its category does
 * (8); its category is a synonym of what the last word may be completing (7); its place (3);
 * otherwise the about text or contact (1). Words compare as canonical singulars.
 */
export class ColumnTiers {
  /** The units with their synonyms, but without those of phrases the typed words may complete (they rank by the category tiers only). */
  private readonly units: QueryUnit[];
  private readonly prefixes: WordPattern | null;
  /** The typed words only (not their synonyms). */
  private readonly typedPrefixes: WordPattern | null;
  private readonly placePrefixes: WordPattern | null;
  private typos: WordPattern | null = null;
  /** Category and place texts repeat across candidates: each is tested once. */
  private readonly seen = new Map<string, number>();

  constructor(
    units: QueryUnit[],
    locationWords: string[],
    private readonly categoryTiers: Map<string, number>,
  ) {
    this.units = units.map((unit) => (unit.isCompletion ? { typed: unit.typed, alternatives: [unit.alternatives[0]!] } : unit));
    const words = this.units.flatMap((unit) => unit.alternatives.flat()).filter((word) => word.phrase === null);
    this.prefixes = wordStarts([...words.map((word) => word.word), ...words.flatMap((word) => word.exactTerms)]);
    this.placePrefixes = wordStarts([...words.map((word) => word.word), ...locationWords]);
    const typed = units.flatMap((unit) => unit.alternatives[0]!).filter((word) => word.phrase === null);
    this.typedPrefixes = wordStarts([...typed.map((word) => word.word), ...typed.flatMap((word) => word.exactTerms)]);
  }

  of(row: TextRow, withTypos: boolean): number {
    if (withTypos && this.typos === null) {
      this.typos = wholeWords(this.units.flatMap((unit) => unit.alternatives[0]!.flatMap((word) => word.typoTerms)));
      this.seen.clear();
    }
    const typos = withTypos ? this.typos : null;
    const categoryKey = `c${row.category ?? ''}\n${row.type ?? ''}`;
    let categoryTier = this.seen.get(categoryKey);
    if (categoryTier === undefined) {
      categoryTier = this.categoryTier(row, typos);
      this.seen.set(categoryKey, categoryTier);
    }
    // Within the category tiers, a name that holds a typed word too comes first ("Café des Arts" before "Kaffeehaus" for "cafe").
    if (categoryTier > NAME_WORDS_TIER) return categoryTier + (matches(row.name, this.typedPrefixes, typos) ? NAME_BONUS : 0);
    const heldInName = this.heldUnits(row.name, withTypos);
    const nameTier =
      heldInName === 'typed' ? NAME_WORDS_TIER : heldInName === 'synonym' ? SYNONYM_NAME_WORDS_TIER : matches(row.name, this.prefixes, typos) ? NAME_PREFIX_TIER : 0;
    if (nameTier > 0 || categoryTier > 0) return Math.max(nameTier, categoryTier);
    const place = `p${row.city ?? ''}\n${row.country ?? ''}\n${row.country_code ?? ''}\n${row.postal_code ?? ''}`;
    let placeTier = this.seen.get(place);
    if (placeTier === undefined) {
      placeTier = matches(place.slice(1), this.placePrefixes, typos) ? PLACE_TIER : OTHER_TIER;
      this.seen.set(place, placeTier);
    }
    return placeTier;
  }

  /** 20/19/7 exact category (typed, synonym, synonym of a completion), 18 exact through typo corrections, 15 sub-type (9.75 through synonyms only), 8 a prefix in category or type, 0 none. */
  private categoryTier(row: TextRow, typos: WordPattern | null): number {
    if (row.category) {
      const exact = categoryKeys(row.category).reduce<number | undefined>((tier, key) => tier ?? this.categoryTiers.get(key), undefined);
      if (exact !== undefined) return exact;
    }
    if (row.category && typos !== null && this.isCategoryWithTypos(canonicalWords(row.category))) return TYPO_CATEGORY_TIER;
    const text = `${row.category ?? ''} ${row.type ?? ''}`;
    const held = this.heldUnits(text, typos !== null);
    if (held !== null) return held === 'typed' ? SUBTYPE_TIER : SYNONYM_SUBTYPE_TIER;
    return matches(text, this.prefixes, typos) ? CATEGORY_PREFIX_TIER : 0;
  }

  /** True when the category's words are the typed words one for one, some of them through a typo correction. */
  private isCategoryWithTypos(categoryWords: string[]): boolean {
    const typed = this.units.flatMap((unit) => unit.alternatives[0]!);
    return (
      typed.length === categoryWords.length &&
      typed.every((word, index) => singularOf(word.word) === categoryWords[index] || word.typoTerms.some((term) => singularOf(term) === categoryWords[index]))
    );
  }

  /**
   * Whether the text holds every unit as whole words (one of its alternatives, in canonical
   * singulars): 'typed' when each through its typed words, 'synonym' when one at least only
   * through a synonym, null when not.
   */
  private heldUnits(text: string | null, withTypos: boolean): 'typed' | 'synonym' | null {
    if (!text || this.units.length === 0) return null;
    const folded = foldText(text);
    const words = new Set(canonicalWords(withJoinedCopies(text)));
    const holds = (alternative: ExpandedWord[], index: number) =>
      alternative.every(
        (word) =>
          (word.phrase !== null ? folded.includes(word.word) : words.has(singularOf(word.word))) ||
          (withTypos && index === 0 && word.typoTerms.some((term) => words.has(singularOf(term)))),
      );
    let held: 'typed' | 'synonym' = 'typed';
    for (const unit of this.units) {
      if (holds(unit.alternatives[0]!, 0)) continue;
      if (!unit.alternatives.some((alternative, index) => index > 0 && holds(alternative, index))) return null;
      held = 'synonym';
    }
    return held;
  }
}

const ASCII = /^[ -~\t\n\r]*$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Words of folded text that start with (or are) one of some terms. Folded ASCII text holds no
 * letter or digit outside [a-z0-9], so its pattern needs no Unicode property classes, which cost
 * V8 several times more per test (ranking tests each candidate's name, category and place).
 */
class WordPattern {
  private readonly ascii: RegExp;
  private unicode: RegExp | null = null;

  constructor(
    private readonly alternation: string,
    private readonly isWhole: boolean,
  ) {
    this.ascii = new RegExp(`(?<![a-z0-9])(?:${alternation})${isWhole ? '(?![a-z0-9])' : ''}`);
  }

  test(folded: string): boolean {
    if (ASCII.test(folded)) return this.ascii.test(folded);
    this.unicode ??= new RegExp(`(?<![\\p{L}\\p{N}])(?:${this.alternation})${this.isWhole ? '(?![\\p{L}\\p{N}])' : ''}`, 'u');
    return this.unicode.test(folded);
  }
}

/** Matches a word starting with one of the prefixes (on folded text). */
function wordStarts(prefixes: string[]): WordPattern | null {
  return prefixes.length === 0 ? null : new WordPattern(prefixes.map(escapeRegExp).join('|'), false);
}

/** Matches one of the terms as a whole word (on folded text). */
function wholeWords(terms: string[]): WordPattern | null {
  return terms.length === 0 ? null : new WordPattern(terms.map(escapeRegExp).join('|'), true);
}

/** True when the text holds a word the query matches: a prefix, or a typo correction exactly. */
function matches(text: string | null, prefixes: WordPattern | null, typos: WordPattern | null): boolean {
  if (!text) return false;
  // The text's words as written and, as the index also holds them, joined ("Wi-Fi WiFi").
  const spelled = withJoinedCopies(text);
  const folded = ASCII.test(spelled) ? spelled.toLowerCase() : foldText(spelled);
  return (prefixes !== null && prefixes.test(folded)) || (typos !== null && typos.test(folded));
}

/** A category name as exact-category queries compare it: its canonical words, and with its words joined ("women s …", "womens …"). */
export function categoryKeys(name: string): string[] {
  const key = canonicalWords(name).join(' ');
  const joined = withJoinedWords(name);
  return joined === name ? [key] : [key, canonicalWords(joined).join(' ')];
}

/** The texts ranking by field looks at. */
export function textRow(columns: DocColumns, pos: number): TextRow {
  return {
    pos,
    name: columns.name(pos),
    category: columns.text('categoryName', pos),
    type: columns.text('type', pos),
    city: columns.text('cityName', pos),
    country: columns.text('countryName', pos),
    country_code: columns.text('country', pos),
    postal_code: columns.text('postalText', pos),
  };
}
