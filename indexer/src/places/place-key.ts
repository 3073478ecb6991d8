/**
 * The folded form every place name is compared in: case, accents and punctuation removed
 * ("St.-Étienne" → "saint etienne"), the common abbreviations of place names written out, so
 * that "St Petersburg", "St. Petersburg" and "Saint Petersburg" are one key.
 */
import { slugify } from '@directory/data/slug.ts';

/** Abbreviations that stand for a whole word inside place names. */
const WORD_FORMS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  sta: 'santa',
  sto: 'santo',
  mt: 'mount',
  ft: 'fort',
};

/** "São Paulo" → "sao paulo", "St. Louis" → "saint louis", "東京" → "東京"; '' when nothing is left. */
export function placeKey(text: string): string {
  const words = slugify(text).split('-');
  return words
    .filter((word) => word.length > 0)
    .map((word) => WORD_FORMS[word] ?? word)
    .join(' ');
}

/** Letters a typo can be counted on: a key's length without its spaces. */
export function letterCount(key: string): number {
  return [...key.replace(/ /g, '')].length;
}

/** The key less one character, at each position. */
export function deletionsOf(key: string): string[] {
  const characters = key.length === [...key].length ? null : [...key];
  const length = characters === null ? key.length : characters.length;
  const deletions: string[] = [];
  for (let index = 0; index < length; index += 1) {
    deletions.push(characters === null ? key.slice(0, index) + key.slice(index + 1) : [...characters.slice(0, index), ...characters.slice(index + 1)].join(''));
  }
  return deletions;
}
