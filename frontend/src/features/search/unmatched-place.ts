/**
 * When a part of the where box written with a city could not be applied ("Springfield, Vermont",
 * where the directory knows no Springfield in Vermont; "Springfield, Narnia"), the search answer
 * names it (`unmatchedPlace` beside the Algolia shape of the main result), and the page says so.
 */
import type { UnmatchedPlace } from '@directory/backend/shared/api-types.ts';
import type { ResultsWithQueryWords } from './query-words.ts';

/** The part of the where box the last search could not apply, when its main answer has one. */
export function getUnmatchedPlace(results: ResultsWithQueryWords | null | undefined): UnmatchedPlace | null {
  const main = results?._rawResults?.[0] as { unmatchedPlace?: UnmatchedPlace } | undefined;
  const place = main?.unmatchedPlace;
  return place && typeof place.text === 'string' && typeof place.city === 'string' && typeof place.searched === 'string' && typeof place.isKnownPlace === 'boolean'
    ? place
    : null;
}

/**
 * What the page says of it: "No Springfield found in Vermont; showing every Springfield.", "No
 * place called “Narnia”; showing results for Springfield."; beside a real city a region chose
 * ("Springfield, MO, Dallas"), that city instead of every one of the name.
 */
export function describeUnmatchedPlace({ text, isKnownPlace, city, searched }: UnmatchedPlace, isCityChosen: boolean): string {
  if (!isKnownPlace) return `No place called “${text}”; showing results for ${isCityChosen ? searched : city}.`;
  return `No ${city} found in ${text}; showing ${isCityChosen ? searched : `every ${city}`}.`;
}
