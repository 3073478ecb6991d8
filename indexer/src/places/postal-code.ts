/**
 * Postal codes compared as visitors type them: without spaces and hyphens, in upper case, so
 * "SW1A1AA", "sw1a 1aa" and "SW1A 1AA" are one code, and so are "01234", "01-234" and "012 34".
 */

/** "sw1a 1aa" → "SW1A1AA". */
export function compactPostalCode(text: string): string {
  return text.replace(/[ -]+/g, '').toUpperCase();
}

/** True when a where-box part reads as a postal code: one or two groups holding a digit, nothing else. */
export function looksLikePostalCode(text: string): boolean {
  const compact = compactPostalCode(text);
  return /\d/.test(compact) && /^[A-Z0-9]{2,12}$/.test(compact) && text.trim().split(/[ -]+/).length <= 3;
}

/** The least letters of each side of a split postal code ("SW1A 1AA", "01-234", "1234 AB" all have two or more). */
const MIN_GROUP = 2;

/**
 * Every spelling of a compact code with at most one separator, in the groups the full-text
 * tokenizer makes of it: the code whole ("75001") or cut in two ("SW1A" "1AA"). A stored code
 * with a space or a hyphen matches one of the cuts, whatever the visitor typed.
 */
export function postalCodeGroups(compact: string): string[][] {
  const groups: string[][] = [[compact]];
  for (let cut = MIN_GROUP; cut <= compact.length - MIN_GROUP; cut += 1) groups.push([compact.slice(0, cut), compact.slice(cut)]);
  return groups;
}

/** The stored spellings {@link postalCodeGroups} stands for, with a space or a hyphen (exact-value filters). */
export function postalCodeSpellings(compact: string): string[] {
  return postalCodeGroups(compact).flatMap((groups) => (groups.length === 1 ? [groups[0]!] : [groups.join(' '), groups.join('-')]));
}

/** An FTS5 expression on the `place` column matching every stored spelling of the code (then checked exactly on `docs`). */
export function postalExpression(compact: string): string {
  const alternatives = postalCodeGroups(compact).map((groups) => `"${groups.join(' ').toLowerCase()}"`);
  return `{place} : (${alternatives.join(' OR ')})`;
}
