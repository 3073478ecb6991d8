/**
 * Text as the embedded engine's FTS5 index stores and matches it: the indexed forms of a text
 * (singulars, CJK bigrams, joined words), the columns of `docs_fts`, FTS5 MATCH expressions and
 * highlighting. The folding, joined words, typo distance and phone digits both engines share
 * live in `../text/`.
 */
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../search-types.ts';
import { foldText, tokenize } from '../text/fold.ts';
import { markWords, withJoinedCopies } from '../text/joined-words.ts';
import { phoneTokens } from '../text/phone.ts';
import { indexedSingulars } from '../text/plural.ts';
import { rememberedByText } from '../text/remembered.ts';

/** Letters that folding keeps but slugs spell otherwise ("ø" → "o", "ß" → "ss"): such terms are kept by slug in `special_terms`. */
export const SPECIAL_LETTERS = 'øłđðßæ';
const HAS_SPECIAL_LETTER = new RegExp(`[${SPECIAL_LETTERS}]`);

/** True when a folded term holds one of the {@link SPECIAL_LETTERS}. */
export function hasSpecialLetter(term: string): boolean {
  return HAS_SPECIAL_LETTER.test(term);
}

/** Words a query may hold; longer queries are cut (each word costs a vocabulary lookup). */
export const MAX_QUERY_WORDS = 10;

/** Query words that take part in matching: one-letter words are dropped (too broad as prefixes). */
export function queryWords(query: string | undefined): string[] {
  if (!query) return [];
  return [...new Set(tokenize(query).filter((word) => word.length >= 2))].slice(0, MAX_QUERY_WORDS);
}

/** Scripts written without spaces between words: names are found by any 2+ character substring. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]{2,}/gu;

/** True when the token holds CJK (or Hangul) characters. */
export function isUnspaced(token: string): boolean {
  return UNSPACED.test(token);
}

/** Overlapping two-character pieces of the CJK runs of a token: "東京駅" → 東京 京駅. */
export function bigrams(token: string): string[] {
  const pieces: string[] = [];
  for (const run of token.match(UNSPACED_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i += 1) pieces.push(chars[i]! + chars[i + 1]!);
  }
  return pieces;
}

/**
 * A text as the full-text index stores it: folded words (our folding, so that every script folds
 * the same way in the index and in queries), each followed by the singulars a prefix search would
 * not reach ("bakeries bakery") and by the bigrams of its CJK runs (a query of CJK characters is
 * the phrase of its bigrams, so it finds any substring of two or more); a joined word is
 * followed by its parts' concatenation ("wi fi wifi"). These columns are matched word by word:
 * their only phrases are a CJK word's bigrams, which an added word never splits.
 */
export function indexText(text: string | null | undefined): string {
  if (!text) return '';
  return tokenize(withJoinedCopies(text)).map(indexForms).join(' ');
}

/**
 * A folded token as the index stores it: followed by its singulars, or by its CJK bigrams.
 * Remembered: category, amenity and street words repeat across most documents, so a full rebuild
 * computes each once.
 */
const indexForms = rememberedByText((token: string): string => {
  const out = [token];
  if (isUnspaced(token)) {
    const pieces = bigrams(token);
    // A two-character run is its own bigram.
    if (pieces.length > 1 || pieces[0] !== token) out.push(...pieces);
  } else out.push(...indexedSingulars(token));
  return out.join(' ');
});

/** One query word, the terms it stands for, and its typo corrections. */
export interface ExpandedWord {
  word: string;
  /** The vocabulary terms the word expands to as a prefix; null: FTS5's prefix index matches `word*` itself. */
  terms: string[] | null;
  /** Terms matched exactly besides the prefix: the word's singular forms ("bars" → "bar"). */
  exactTerms: string[];
  /** For a CJK word: the phrase of its bigrams, which replaces every other form. */
  phrase: string | null;
  /** True when the prefix has more terms than {@link terms} holds (its matches are a subset). */
  isTruncated: boolean;
  /** At most this many documents match the word without typos (Infinity: unknown). */
  bound: number;
  typoTerms: string[];
}

/**
 * One unit of a query: a word, or a phrase of the synonym table, with what it may be replaced
 * by. Every unit must match; a unit matches when every word of one of its alternatives does.
 */
export interface QueryUnit {
  /** The folded words as typed. */
  typed: string[];
  /** [0]: the typed words; then the synonyms of the phrase. */
  alternatives: ExpandedWord[][];
  /**
   * True when the alternatives after the first are those of phrases the typed words are the start
   * of ("denti": dentist's "dental clinic"): they find more, and rank below what the typed words find.
   */
  isCompletion?: boolean;
}

export function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** `("term1" OR "term2" OR "bar" OR "typo1")`: the word as a (bounded) prefix, its singulars, or one of its typo corrections. */
export function wordExpression(word: ExpandedWord, withTypos: boolean): string {
  if (word.phrase !== null) return quote(word.phrase);
  const prefix = word.terms === null ? [`${quote(word.word)}*`] : word.terms.map(quote);
  // A prefix no term starts with: the word itself, which matches nothing (or only its corrections).
  if (prefix.length === 0) prefix.push(quote(word.word));
  const alternatives = [...new Set([...prefix, ...word.exactTerms.map(quote)])];
  // Typo corrections are not looked for in streets and phone digits: "pizza" must not become every "Piazza …".
  if (withTypos && word.typoTerms.length > 0) alternatives.push(`{name category place about} : (${word.typoTerms.map(quote).join(' OR ')})`);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

/** A unit as FTS5 text: `(typed words) OR (synonym words) OR …`; typo corrections only for the typed words. */
export function unitExpression(unit: QueryUnit, withTypos: boolean): string {
  const parts = unit.alternatives.map((words, index) => {
    const inner = words.map((word) => wordExpression(word, withTypos && index === 0));
    return inner.length === 1 ? inner[0]! : `(${inner.join(' AND ')})`;
  });
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/** At most this many documents match the unit without typos (the sum over its alternatives of their rarest word). */
export function unitBound(unit: QueryUnit): number {
  return unit.alternatives.reduce((total, words) => total + Math.min(...words.map((word) => word.bound)), 0);
}

/** Latin-script text (with digits, marks, punctuation): where our folding and FTS5's tokenizer agree. */
const LATIN_TEXT = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * A filter value as an FTS5 condition on one column, `{place} : ("kobenhavn" OR "københavn")`:
 * of each text, its rarest word in any of its spellings (FTS5 walks the doclists of every word
 * it is given: "ho chi minh city" costs its "city", "minh" alone narrows as well), with how many
 * documents hold it at most. It narrows a full-text match to a superset of the filter (the exact
 * check is on the columns), so it must never miss a document: null (no narrowing) when a text is
 * not Latin script, where the tokenizers may split differently.
 */
export function columnFilter(
  column: 'category' | 'place',
  texts: readonly string[],
  spellings: (token: string) => string[],
  docsOf: (term: string) => number,
): { phrase: string; bound: number } | null {
  if (texts.length === 0 || texts.some((text) => !LATIN_TEXT.test(text))) return null;
  const rarest = texts.map((text) => {
    const words = tokenize(text).map((token) => {
      const terms = [...new Set([token, ...spellings(token)])];
      return { terms, docs: terms.reduce((total, term) => total + docsOf(term), 0) };
    });
    return words.reduce<(typeof words)[number] | null>((best, word) => (best === null || word.docs < best.docs ? word : best), null);
  });
  if (rarest.some((word) => word === null)) return null;
  const parts = [...new Set(rarest.map((word) => (word!.terms.length === 1 ? quote(word!.terms[0]!) : `(${word!.terms.map(quote).join(' OR ')})`)))];
  return { phrase: `{${column}} : (${parts.join(' OR ')})`, bound: rarest.reduce((total, word) => total + word!.docs, 0) };
}

/** What a highlighted word must match: a query word as a prefix, or a typo correction exactly. */
export interface HighlightTerms {
  prefixes: readonly string[];
  exact: ReadonlySet<string>;
}

/** The text with each matching word wrapped in `<mark>`…`</mark>` (the text itself is not escaped). */
export function highlight(text: string, terms: HighlightTerms): string {
  if (terms.prefixes.length === 0 && terms.exact.size === 0) return text;
  const isMatch = (word: string) => {
    const folded = foldText(word);
    return terms.exact.has(folded) || terms.prefixes.some((prefix) => folded.startsWith(prefix));
  };
  return markWords(text, isMatch, (word) => `${HIGHLIGHT_PRE_TAG}${word}${HIGHLIGHT_POST_TAG}`);
}

/** The columns of `docs_fts`, in order. */
export const FTS_COLUMNS = ['name', 'category', 'place', 'about', 'contact'] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

/** What a document holds to be found by: its texts as the full-text index stores them, by column. */
export interface DocumentTexts {
  name: string | null;
  category: string | null;
  type: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  postalCode: string | null;
  address: string | null;
  phone: string | null;
  aboutText: string;
}

/** {@link indexText} remembered: a category with its sub-type, and each amenity of the about text, repeat across most documents. */
const rememberedIndexText = rememberedByText(indexText);
/** {@link tokenize} remembered: a city with its country repeats across the city's documents (the postal code is tokenized apart). */
const rememberedTokens = rememberedByText(tokenize);

/**
 * The full-text columns of a document. `place` keeps its words in order, without singulars (the
 * where box matches it as a phrase); `contact` holds the street part of the address (its words
 * that are not already place words) and the phone number's digit tokens. A rebuild shapes a
 * million documents on its second thread, the busier one, so the parts that repeat are shaped
 * once, and the street's words, already split, are not split again. Measured on 200,000 demo
 * documents, alternated in one process: 7.7–8.4 µs a document, against 10.0–11.7 µs before
 * (every column the same for all of them).
 */
export function ftsTexts(doc: DocumentTexts): Record<FtsColumn, string> {
  const cityAndCountry = rememberedTokens([doc.city, doc.country, doc.countryCode].filter(Boolean).join(' '));
  const place = doc.postalCode ? [...cityAndCountry, ...tokenize(doc.postalCode)] : cityAndCountry;
  // A handful of words: a look through them costs less than building a set.
  const street = tokenize(doc.address ?? '').filter((token) => !place.includes(token));
  return {
    name: indexText(doc.name),
    category: rememberedIndexText([doc.category, doc.type].filter(Boolean).join(' ')),
    place: place.join(' '),
    about: doc.aboutText.split('\n').map(rememberedIndexText).filter(Boolean).join(' '),
    contact: [street.map(indexForms).join(' '), ...phoneTokens(doc.phone)].filter(Boolean).join(' '),
  };
}
