/**
 * Text in SQLite's order. Its BINARY collation (`ORDER BY name`, `min(name)`) compares UTF-8
 * bytes, which is code point order; JavaScript's `<` compares UTF-16 code units, which differs
 * for a character beyond U+FFFF (a surrogate pair, D800–DFFF) against one from U+E000 to U+FFFF:
 * "𝔸" (U+1D538) sorts after "ﬀ" (U+FB00) in SQLite and before it in JavaScript.
 */

/** Code units ranked in code point order: surrogates (characters beyond U+FFFF) after U+E000–U+FFFF. */
const codePointRank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);

/** Negative, zero or positive as `a` sorts before, with or after `b` in SQLite's text order. */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}
