/**
 * Singular/plural folding for search, on folded words (lower case, no accents): English regular
 * and irregular plurals, and the regular plurals of the Romance languages of the category names
 * (-s, -es, French -aux). Used by both engines, at index time (a document holding "bakeries" also
 * holds "bakery") and at query time ("bars" also looks for "bar").
 *
 * Not covered, on purpose: Italian -i/-e plurals and German plurals (a rule would turn every
 * "sushi" into a false singular), Spanish -ces → -z ("offices" → "officz").
 */

/** Irregular plurals, plural → singular. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['men', 'man'],
  ['women', 'woman'],
  ['people', 'person'],
  ['children', 'child'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['geese', 'goose'],
  ['mice', 'mouse'],
  ['oxen', 'ox'],
  ['wives', 'wife'],
  ['knives', 'knife'],
  ['lives', 'life'],
  ['leaves', 'leaf'],
  ['loaves', 'loaf'],
  ['shelves', 'shelf'],
  ['wolves', 'wolf'],
  ['halves', 'half'],
  ['calves', 'calf'],
  ['thieves', 'thief'],
  ['scarves', 'scarf'],
  ['elves', 'elf'],
  ['selves', 'self'],
  ['criteria', 'criterion'],
  ['cacti', 'cactus'],
]);

/** Words ending in s that are not plurals (a rule would cut them). */
const NOT_PLURAL = new Set(['news', 'series', 'species', 'always', 'perhaps', 'whereas', 'canvas', 'atlas', 'christmas', 'texas', 'kansas', 'paris', 'athens']);

/** Shortest word a regular rule cuts: "bus", "gas", "spa" stay as they are. */
const MIN_REGULAR = 4;

/** The canonical singular of a folded word ("bakeries" → "bakery", "bars" → "bar", "men" → "man"); the word itself when it is not a plural. */
export function singularOf(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length < MIN_REGULAR || NOT_PLURAL.has(word) || /\d/.test(word)) return word;
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 5 && word.endsWith('aux')) return `${word.slice(0, -3)}al`;
  if (/(ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Every singular a folded word may stand for, the word excluded: the canonical one, and for
 * "-ies" also "-ie" ("movies" → "movie") and for "-es" also the form without "s" ("churches" →
 * "churche" is dropped as it is the canonical's typo-free prefix anyway).
 */
export function singularForms(word: string): string[] {
  const forms = new Set<string>();
  const canonical = singularOf(word);
  if (canonical !== word) forms.add(canonical);
  if (word.length >= 5 && word.endsWith('ies') && !NOT_PLURAL.has(word)) forms.add(word.slice(0, -1));
  return [...forms];
}

/**
 * The singular forms a document must hold beside the word so that a singular query finds it:
 * those a prefix search for the singular would not already reach ("bakeries" → "bakery", but
 * not "bars" → "bar", which `bar*` finds).
 */
export function indexedSingulars(word: string): string[] {
  return singularForms(word).filter((form) => !word.startsWith(form));
}
