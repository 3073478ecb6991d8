/**
 * Text handling shared by the search engines: the same folding as FTS5's
 * `unicode61 remove_diacritics 2` tokenizer, typo distance, FTS5 MATCH expressions and
 * highlighting.
 */
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../search-types.ts';

/** Words a query may hold; longer queries are cut (each word costs a vocabulary lookup). */
export const MAX_QUERY_WORDS = 10;

/** Lower case, accents removed: "Café" → "cafe", as the FTS5 tokenizer folds it. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The folded words of a text, split the way the FTS5 tokenizer splits it. */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Query words that take part in matching: one-letter words are dropped (too broad as prefixes). */
export function queryWords(query: string | undefined): string[] {
  if (!query) return [];
  return [...new Set(tokenize(query).filter((word) => word.length >= 2))].slice(0, MAX_QUERY_WORDS);
}

/** Typos tolerated in a word: none under 5 letters, 1 from 5, 2 from 9. */
export function typoBudget(word: string): number {
  if (word.length >= 9) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions, transpositions of neighbours), giving up with `max + 1` once it exceeds `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** One query word, the terms it stands for, and its typo corrections. */
export interface ExpandedWord {
  word: string;
  /** The vocabulary terms the word expands to as a prefix; null: FTS5's prefix index matches `word*` itself. */
  terms: string[] | null;
  /** True when the prefix has more terms than {@link terms} holds (its matches are a subset). */
  isTruncated: boolean;
  /** At most this many documents match the word without typos (Infinity: unknown). */
  bound: number;
  typoTerms: string[];
}

export function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** `("term1" OR "term2" OR "typo1")`: the word as a (bounded) prefix, or one of its typo corrections. */
export function wordExpression(word: ExpandedWord, withTypos: boolean): string {
  const prefix = word.terms === null ? [`${quote(word.word)}*`] : word.terms.map(quote);
  // A prefix no term starts with: the word itself, which matches nothing (or only its corrections).
  if (prefix.length === 0) prefix.push(quote(word.word));
  const alternatives = [...prefix, ...(withTypos ? word.typoTerms.map(quote) : [])];
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

/** Latin-script text (with digits, marks, punctuation): where our folding and FTS5's tokenizer agree. */
const LATIN_TEXT = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * A filter value as an FTS5 condition on one column, `{place} : (("kobenhavn" OR "københavn"))`:
 * every word of one of the texts, each in any of its spellings. It narrows a full-text match to
 * a superset of the filter (the exact check is on `docs`), so it must never miss a document:
 * null (no narrowing) when a text is not Latin script, where the tokenizers may split differently.
 */
export function columnFilter(column: 'category' | 'place', texts: readonly string[], spellings: (token: string) => string[]): string | null {
  if (texts.length === 0 || texts.some((text) => !LATIN_TEXT.test(text))) return null;
  const parts = texts.map((text) =>
    tokenize(text)
      .map((token) => {
        const alternatives = [...new Set([token, ...spellings(token)])].map(quote);
        return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
      })
      .join(' AND '),
  );
  if (parts.some((part) => part === '')) return null;
  return `{${column}} : (${parts.map((part) => `(${part})`).join(' OR ')})`;
}

/** An FTS5 expression restricted to the `place` column. */
export function placeExpression(words: readonly string[], kind: 'prefix' | 'phrase'): string {
  const inner = kind === 'phrase' ? quote(words.join(' ')) : words.map((word) => `${quote(word)}*`).join(' AND ');
  return `{place} : (${inner})`;
}

/** What a highlighted word must match: a query word as a prefix, or a typo correction exactly. */
export interface HighlightTerms {
  prefixes: readonly string[];
  exact: ReadonlySet<string>;
}

/** The text with each matching word wrapped in `<mark>`…`</mark>` (the text itself is not escaped). */
export function highlight(text: string, terms: HighlightTerms): string {
  if (terms.prefixes.length === 0 && terms.exact.size === 0) return text;
  return text.replace(/[\p{L}\p{N}\p{M}]+/gu, (token) => {
    const folded = foldText(token);
    const isMatch = terms.exact.has(folded) || terms.prefixes.some((prefix) => folded.startsWith(prefix));
    return isMatch ? `${HIGHLIGHT_PRE_TAG}${token}${HIGHLIGHT_POST_TAG}` : token;
  });
}
