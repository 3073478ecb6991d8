/**
 * Folding and word splitting shared by both engines and the where box: the same folding as
 * FTS5's `unicode61 remove_diacritics 2` tokenizer, so that a word reads the same in the embedded
 * index, in Meilisearch's documents and in a query.
 */

/** True when every character of the text is ASCII. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Lower case, accents removed: "Café" → "cafe", as the FTS5 tokenizer folds it. */
export function foldText(text: string): string {
  // NFKD leaves ASCII as it is and ASCII holds no marks: lower case is all its folding (most texts; a full rebuild folds millions).
  if (isAscii(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const ASCII_SEPARATORS = /[^a-z0-9]+/;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The folded words of a text, split the way the FTS5 tokenizer splits it. */
export function tokenize(text: string): string[] {
  // In lower-case ASCII the letters and digits are a-z and 0-9: the same split without Unicode classes.
  const words = isAscii(text) ? text.toLowerCase().split(ASCII_SEPARATORS) : foldText(text).split(SEPARATORS);
  return words.filter((word) => word.length > 0);
}
