/** Typo tolerance shared by both engines and the place names: how many typos a word may have, and the distance between two words. */

/** Words of at least this many letters may have two typos, and a wrong first letter. */
export const LONG_WORD = 8;

/**
 * Typos tolerated in a word, by its length as typed: none up to 3 letters, 1 from 4 ("saon" →
 * "salon"), 2 from {@link LONG_WORD}. Below LONG_WORD the first letter must be right.
 */
export function typoBudget(word: string): number {
  const length = [...word].length;
  if (length >= LONG_WORD) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Buckets of the letter-count filter of {@link typoDistance} (code units folded by their low bits). */
const COUNT_BUCKETS = 64;
const letterCounts = new Int32Array(COUNT_BUCKETS);
/** Three rows of the distance table, reused by every call (typo correction compares a word with thousands of terms). */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions, transpositions of neighbours), giving up with `max + 1` once it exceeds `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // An edit changes the letter counts by at most 2 (a transposition by 0): more difference than
  // 2 × max cannot be within max. Most vocabulary terms a word is compared with end here.
  for (let i = 0; i < a.length; i += 1) letterCounts[a.charCodeAt(i) & (COUNT_BUCKETS - 1)]! += 1;
  for (let j = 0; j < b.length; j += 1) letterCounts[b.charCodeAt(j) & (COUNT_BUCKETS - 1)]! -= 1;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) {
    const bucket = a.charCodeAt(i) & (COUNT_BUCKETS - 1);
    difference += Math.abs(letterCounts[bucket]!);
    letterCounts[bucket] = 0;
  }
  for (let j = 0; j < b.length; j += 1) {
    const bucket = b.charCodeAt(j) & (COUNT_BUCKETS - 1);
    difference += Math.abs(letterCounts[bucket]!);
    letterCounts[bucket] = 0;
  }
  if (difference > 2 * max) return max + 1;
  if (rows[0].length <= b.length) rows = [new Int32Array(2 * b.length + 1), new Int32Array(2 * b.length + 1), new Int32Array(2 * b.length + 1)];
  let [previousPrevious, previous, current] = rows;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const letter = a.charCodeAt(i - 1);
    const letterBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const other = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (letter === other ? 0 : 1));
      if (i > 1 && j > 1 && letter === b.charCodeAt(j - 2) && letterBefore === other) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > max) return max + 1;
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  return previous[b.length]!;
}
