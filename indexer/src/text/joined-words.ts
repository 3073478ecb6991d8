/**
 * Words written with a hyphen or an apostrophe inside ("Wi-Fi", "McDonald's", "7-Eleven",
 * "Women's"): the tokenizer splits them, and a visitor also types them as one word ("wifi",
 * "mcdonalds", "womens"). The embedded engine stores the joined word beside the parts; Meilisearch
 * documents hold them in a field of their own (meili-documents.ts searchWords).
 */
import { tokenize } from './fold.ts';

const JOINER = "['’‐-]";
const LETTERS = '[\\p{L}\\p{N}\\p{M}]+';
const JOINED_WORD = new RegExp(`${LETTERS}(?:${JOINER}${LETTERS})+`, 'gu');
const LETTER_RUN = new RegExp(LETTERS, 'gu');
/** A word, joined or not: what {@link markWords} marks whole. */
const WORD_OR_JOINED = new RegExp(`${LETTERS}(?:${JOINER}${LETTERS})*`, 'gu');
const HAS_JOINER = new RegExp(JOINER);
const JOINERS = new RegExp(JOINER, 'g');

/** The text with each joined word also written as one, right after it: "Free Wi-Fi" → "Free Wi-Fi WiFi". */
export function withJoinedCopies(text: string): string {
  return HAS_JOINER.test(text) ? text.replace(JOINED_WORD, (word) => `${word} ${word.replace(JOINERS, '')}`) : text;
}

/** The text with the joiners inside its words taken out: "Women's clothing" → "Womens clothing". */
export function withJoinedWords(text: string): string {
  return HAS_JOINER.test(text) ? text.replace(JOINED_WORD, (word) => word.replace(JOINERS, '')) : text;
}

/** The words {@link withJoinedCopies} adds to a text, folded: "Free Wi-Fi" → ["wifi"]. */
export function joinedWords(text: string): string[] {
  return HAS_JOINER.test(text) ? (text.match(JOINED_WORD) ?? []).flatMap((word) => tokenize(word.replace(JOINERS, ''))) : [];
}

/** The joined words of a query with their parts of two letters or more: "wi-fi router" → wifi: [wi, fi]. */
export function joinedParts(query: string): Map<string, string[]> {
  const partsOf = new Map<string, string[]>();
  if (!HAS_JOINER.test(query)) return partsOf;
  for (const word of query.match(JOINED_WORD) ?? []) {
    const joined = tokenize(word.replace(JOINERS, ''));
    const parts = tokenize(word).filter((part) => part.length >= 2);
    if (joined.length === 1 && parts.length > 0) partsOf.set(joined[0]!, parts);
  }
  return partsOf;
}

/**
 * The text with each word that `isMatch` accepts replaced by `mark(word)`: a joined word whole
 * when it matches joined ("wifi": "Wi-Fi"), else part by part.
 */
export function markWords(text: string, isMatch: (word: string) => boolean, mark: (word: string) => string): string {
  return text.replace(WORD_OR_JOINED, (word) => {
    if (HAS_JOINER.test(word) && isMatch(word.replace(JOINERS, ''))) return mark(word);
    return word.replace(LETTER_RUN, (part) => (isMatch(part) ? mark(part) : part));
  });
}
