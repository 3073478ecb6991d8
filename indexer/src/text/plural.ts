/**
 * Singular/plural folding for search, on folded words (lower case, no accents): English regular
 * and irregular plurals, the regular plurals of the Romance languages of the category names
 * (-s, -es, French -aux), and the plurals of Italian and German category words. Used by both
 * engines, at index time (a document holding "bakeries" also holds "bakery") and at query time
 * ("bars" also looks for "bar", "pizzerie" for "pizzeria", "zahnärzte" for "zahnarzt").
 *
 * Italian and German plurals are folded by suffixes that category words end in (-erie, -isti,
 * -anti, -eien, -ungen, the umlaut plurals of -arzt, -haus, -markt, ...) and a short table of
 * those no suffix rule reaches (banche, negozi, apotheken): not by a general -i/-e/-en rule,
 * which would turn every "sushi", "garden" or "kitchen" into a false singular. Spanish -ces → -z
 * ("offices" → "officz") stays out for the same reason.
 */
import { rememberedByText } from './remembered.ts';

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

/** Italian and German category plurals no suffix rule below folds (folded spellings: "äpfel" is "apfel"). */
const CATEGORY_PLURALS: ReadonlyMap<string, string> = new Map([
  // Italian
  ['banche', 'banca'],
  ['enoteche', 'enoteca'],
  ['biblioteche', 'biblioteca'],
  ['discoteche', 'discoteca'],
  ['officine', 'officina'],
  ['scuole', 'scuola'],
  ['chiese', 'chiesa'],
  ['palestre', 'palestra'],
  ['alberghi', 'albergo'],
  ['musei', 'museo'],
  ['uffici', 'ufficio'],
  ['studi', 'studio'],
  ['notai', 'notaio'],
  ['veterinari', 'veterinario'],
  ['parcheggi', 'parcheggio'],
  ['medici', 'medico'],
  // German
  ['apotheken', 'apotheke'],
  ['bibliotheken', 'bibliothek'],
  ['kneipen', 'kneipe'],
  ['museen', 'museum'],
  ['banken', 'bank'],
  ['praxen', 'praxis'],
  ['friseure', 'friseur'],
  ['arzte', 'arzt'],
]);

/**
 * Plural suffixes of Italian and German category words and their singular endings, longest first
 * within a language. Folded spellings: "ärzte" is "arzte", "häuser" "hauser".
 */
const CATEGORY_SUFFIXES: readonly (readonly [string, string])[] = [
  // Italian: pizzerie, trattorie, agenzie, farmacie, dentisti, parrucchieri, meccanici, ristoranti, ospedali, supermercati, negozi, stazioni, teatri.
  ['erie', 'eria'],
  ['orie', 'oria'],
  ['zie', 'zia'],
  ['cie', 'cia'],
  ['isti', 'ista'],
  ['ieri', 'iere'],
  ['ici', 'ico'],
  ['anti', 'ante'],
  ['enti', 'ente'],
  ['ali', 'ale'],
  ['ati', 'ato'],
  ['ozi', 'ozio'],
  ['ioni', 'ione'],
  ['tri', 'tro'],
  // German (compounds included: Zahnärzte, Krankenhäuser, Supermärkte, Autowerkstätten, Tankstellen, Buchhandlungen, Bäckereien).
  ['werkstatten', 'werkstatt'],
  ['geschafte', 'geschaft'],
  ['schaften', 'schaft'],
  ['anwalte', 'anwalt'],
  ['statten', 'statte'],
  ['stellen', 'stelle'],
  ['heiten', 'heit'],
  ['keiten', 'keit'],
  ['hauser', 'haus'],
  ['markte', 'markt'],
  ['schulen', 'schule'],
  ['kirchen', 'kirche'],
  ['ungen', 'ung'],
  ['arzte', 'arzt'],
  ['eien', 'ei'],
];

/** Shortest Italian or German plural a suffix rule folds ("medici" is in the table; "tri", "ali" alone are not words to fold). */
const MIN_CATEGORY_PLURAL = 6;

/** Words ending in s that are not plurals (a rule would cut them). */
const NOT_PLURAL = new Set(['news', 'series', 'species', 'always', 'perhaps', 'whereas', 'canvas', 'atlas', 'christmas', 'texas', 'kansas', 'paris', 'athens']);

/** Shortest word a regular rule cuts: "bus", "gas", "spa" stay as they are. */
const MIN_REGULAR = 4;

/**
 * The canonical singular of a folded word ("bakeries" → "bakery", "bars" → "bar", "men" → "man"); the word itself when it is not a plural.
 * Remembered: ranking folds the words of every candidate's name and category, which repeat.
 */
export const singularOf = rememberedByText(ruleSingularOf);

function ruleSingularOf(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  const categoryPlural = CATEGORY_PLURALS.get(word);
  if (categoryPlural) return categoryPlural;
  if (word.length < MIN_REGULAR || NOT_PLURAL.has(word) || /\d/.test(word)) return word;
  if (word.length >= 5 && word.endsWith('aux')) return `${word.slice(0, -3)}al`;
  if (!word.endsWith('s')) return categorySingular(word);
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
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

/** What the plurals the index does not fold ({@link indexedSingulars}) add to their singular: "bar" + "s", "bank" + "en", "child" + "ren". */
const PREFIX_PLURAL_ENDINGS = ['s', 'es', 'e', 'n', 'en', 'er', 'ren'] as const;

/**
 * The plurals of a canonical singular that start with it, which a document holds without the
 * singular ("bars" for "bar", "banken" for "bank"): the forms matching the word exactly must
 * list besides it. The others ("bakeries") are indexed with their singular.
 */
export function prefixPlurals(singular: string): string[] {
  return PREFIX_PLURAL_ENDINGS.map((ending) => singular + ending).filter((plural) => singularForms(plural).includes(singular));
}

/** The singular of an Italian or German category plural by its suffix; the word itself when none applies. */
function categorySingular(word: string): string {
  if (word.length < MIN_CATEGORY_PLURAL) return word;
  for (const [plural, singular] of CATEGORY_SUFFIXES) {
    if (word.endsWith(plural)) return word.slice(0, word.length - plural.length) + singular;
  }
  return word;
}
