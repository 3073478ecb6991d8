/**
 * `compute`, remembered by its text argument: the texts a rebuild or a ranking pass folds repeat
 * (category words, names' words, shared opening hours), so each is worked out once. At most
 * `limit` answers are kept; when full, all are forgotten and the memory starts again (cheaper
 * than tracking which to drop, and the repeating texts come back at once).
 */
export function rememberedByText<T>(compute: (text: string) => T, limit = 50_000): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    // One look-up, not has() then get(): each hashes the text. An undefined answer is worked out again each time.
    const remembered = known.get(text);
    if (remembered !== undefined) return remembered;
    const value = compute(text);
    if (known.size >= limit) known.clear();
    known.set(text, value);
    return value;
  };
}
