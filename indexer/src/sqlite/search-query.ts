/**
 * A query as the embedded engine searches it: its units (a word, a phrase of the synonym table,
 * two words the index holds as one, a phrase the last word may be completing, a phone number),
 * each with its alternatives expanded to index terms (search-vocabulary.ts). Bounded: at most
 * MAX_QUERY_WORDS words, {@link MAX_ALTERNATIVES} alternatives a unit, a few vocabulary
 * look-ups a word.
 */
import { joinedParts, withJoinedWords } from '../text/joined-words.ts';
import { phoneQuery } from '../text/phone.ts';
import { singularOf } from '../text/plural.ts';
import { MAX_SYNONYM_WORDS, synonyms } from '../text/synonyms.ts';
import { isUnspaced, queryWords, type ExpandedWord, type QueryUnit } from './search-text.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/** Most alternatives of one query unit (the typed words and their synonyms). */
const MAX_ALTERNATIVES = 8;

/**
 * The query as units: each word, or a phrase of the synonym table with its synonyms (longest
 * phrase first); a phone number as its digits. Bounded: MAX_QUERY_WORDS words,
 * {@link MAX_ALTERNATIVES} alternatives a unit.
 */
export function parseQuery(query: string | undefined, vocabulary: Vocabulary): QueryUnit[] {
  const phone = phoneQuery(query);
  const words = queryWords(query);
  const expand = (word: string) => (isUnspaced(word) ? vocabulary.expandUnspaced(word) : vocabulary.expand(word));
  if (phone !== null) {
    // The digits as one prefix, in each form they may be stored in; or the groups as typed (a postal code, a house number).
    const digitWords = phone.map((digits) => [{ ...vocabulary.expand(digits), exactTerms: [] }]);
    const asTyped = words.map(expand);
    return [{ typed: [phone[0]!], alternatives: asTyped.length > 0 ? [...digitWords, asTyped] : digitWords }];
  }
  // A word typed with a hyphen or an apostrophe is looked for joined, as the index also holds it
  // ("wi-fi" is "wifi": not "Wiki Fitness"), or as its parts, whole words ("saint-jean": "Saint Jean").
  const partsOf = joinedParts(query ?? '');
  const joinedWords = partsOf.size === 0 ? words : queryWords(withJoinedWords(query!));
  const canonical = joinedWords.map(singularOf);
  const units: QueryUnit[] = [];
  for (let i = 0; i < joinedWords.length; ) {
    let length = Math.min(MAX_SYNONYM_WORDS, joinedWords.length - i);
    for (; length > 1; length -= 1) if (synonyms.of(canonical.slice(i, i + length)) !== null) break;
    const concatenated = length === 1 ? concatenation(vocabulary, joinedWords, canonical, i, partsOf) : null;
    if (concatenated !== null) {
      // Two typed words the index holds as one ("mc donalds": "mcdonalds"), as that word too.
      units.push({ typed: joinedWords.slice(i, i + 2), alternatives: [joinedWords.slice(i, i + 2).map(expand), [vocabulary.whole(concatenated)]] });
      i += 2;
      continue;
    }
    const completion = length === 1 ? phraseCompletion(vocabulary, joinedWords, canonical, i, partsOf, expand) : null;
    if (completion !== null) {
      units.push(completion);
      break;
    }
    const typed = joinedWords.slice(i, i + length);
    const parts = length === 1 ? partsOf.get(typed[0]!) : undefined;
    const group = synonyms.of(canonical.slice(i, i + length)) ?? [];
    // A word typed as one that the index holds as two ("bookstore": "book store"), as the phrase of the two.
    const split = length === 1 && parts === undefined && !isUnspaced(typed[0]!) ? vocabulary.split(typed[0]!) : null;
    const others = [...group.slice(1, MAX_ALTERNATIVES - (parts ? 1 : 0) - (split ? 1 : 0)), ...(parts ? [parts] : [])];
    // Synonyms are whole words (as on Meilisearch): "car repair" is not "carpet repair".
    const alternatives = [typed.map(expand), ...others.map((phrase) => phrase.map((word) => vocabulary.whole(word)))];
    if (split) alternatives.push([split]);
    units.push({ typed, alternatives });
    i += length;
  }
  return units;
}

/**
 * The words from `at` to the end as the start of phrases of the synonym table, the last one
 * being typed ("denti": dentist; "dental clin": dental clinic), with the phrases' groups as
 * alternatives: "denti" finds the dental clinics "dentist" finds. Bounded by the table (a last
 * word of 4+ letters starting at most 3 phrases: `Synonyms.completions`) and by
 * {@link MAX_ALTERNATIVES}. A phrase the typed prefix already finds (its last word among the
 * prefix's terms) is not added: its category ranks as a category starting with the prefix, above
 * the synonyms. Null when nothing starts there, or a word is not plain letters (a phone number,
 * CJK) or is written with a hyphen (its parts are its alternative).
 */
function phraseCompletion(
  vocabulary: Vocabulary,
  words: string[],
  canonical: string[],
  at: number,
  partsOf: Map<string, string[]>,
  expand: (word: string) => ExpandedWord,
): QueryUnit | null {
  const length = words.length - at;
  if (length > MAX_SYNONYM_WORDS || synonyms.of([canonical[at]!]) !== null) return null;
  const typed = words.slice(at);
  if (!typed.every((word) => /^\p{L}+$/u.test(word) && !partsOf.has(word))) return null;
  const completed = synonyms.completions(canonical.slice(at, -1), typed.at(-1)!);
  if (completed.length === 0) return null;
  const asTyped = typed.map(expand);
  const prefixTerms = new Set(asTyped.at(-1)!.terms ?? []);
  const phrases = new Map<string, string[]>();
  for (const phrase of completed) {
    for (const synonym of synonyms.of(phrase) ?? []) {
      const isFoundAsTyped = synonym.join(' ') === phrase.join(' ') && prefixTerms.has(synonym.at(-1)!);
      if (!isFoundAsTyped) phrases.set(synonym.join(' '), synonym);
    }
  }
  const others = [...phrases.values()].slice(0, MAX_ALTERNATIVES - 1);
  return { typed, alternatives: [asTyped, ...others.map((phrase) => phrase.map((word) => vocabulary.whole(word)))], isCompletion: true };
}

/**
 * The word that words `at` and `at + 1` make together when the index holds it ("wi fi": "wifi",
 * "mc donalds": "mcdonalds"), as Meilisearch's concatenated queries look for it; null when it
 * does not, or when either word has an alternative of its own (a synonym, its parts) or is
 * not plain Latin letters and digits. One term look-up.
 */
function concatenation(vocabulary: Vocabulary, words: string[], canonical: string[], at: number, partsOf: Map<string, string[]>): string | null {
  if (at + 1 >= words.length) return null;
  const [first, second] = [words[at]!, words[at + 1]!];
  if (!/^[a-z0-9]+$/.test(first + second) || partsOf.has(first) || partsOf.has(second)) return null;
  if (synonyms.of([canonical[at]!]) !== null || synonyms.of([canonical[at + 1]!]) !== null) return null;
  // The second word may begin a phrase of the synonym table ("cheap car repair"): it stays that phrase's.
  for (let length = 2; length <= MAX_SYNONYM_WORDS && at + 1 + length <= words.length; length += 1) {
    if (synonyms.of(canonical.slice(at + 1, at + 1 + length)) !== null) return null;
  }
  return vocabulary.docsOf(first + second) > 0 ? first + second : null;
}
