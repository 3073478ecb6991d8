/**
 * When a part of the where box written with a city could not be applied ("Springfield, Vermont",
 * where the directory knows no Springfield in Vermont; "Springfield, Narnia"), the search answer
 * names it (`unmatchedPlace` beside the Algolia shape of the main result), and the page says so.
 */
import type { UnmatchedPlace } from '@directory/backend/shared/api-types.ts';
import { mainResultField, type RawSearchResults } from './raw-results.ts';

/** The part of the where box the last search could not apply, when its main answer has one. */
export function getUnmatchedPlace(results: RawSearchResults | null | undefined): UnmatchedPlace | null {
  const place = mainResultField(results, 'unmatchedPlace') as UnmatchedPlace | undefined;
  return place && typeof place.text === 'string' && typeof place.city === 'string' && typeof place.searched === 'string' && typeof place.isKnownPlace === 'boolean'
    ? place
    : null;
}

/**
 * What the page shows instead of the part: every city of the name, the real city a region chose
 * ("Springfield, MO, Dallas"), or the businesses around a real city without any ("Grenoble,
 * Narnia"), which the summary's note on that place says.
 */
export type UnmatchedPlaceShown = 'every' | 'chosen' | 'around';

/**
 * What the page says of it: "No Springfield found in Vermont; showing every Springfield.", "No
 * place called “Narnia”; showing results for Springfield."; beside a real city a region chose, that
 * city instead of every one of the name; beside the businesses around a city without any, the
 * part alone ("No place called “Narnia”."), the note on the place saying the rest.
 */
export function describeUnmatchedPlace({ text, isKnownPlace, city, searched }: UnmatchedPlace, shown: UnmatchedPlaceShown): string {
  const notFound = isKnownPlace ? `No ${city} found in ${text}` : `No place called “${text}”`;
  if (shown === 'around') return `${notFound}.`;
  if (!isKnownPlace) return `${notFound}; showing results for ${shown === 'chosen' ? searched : city}.`;
  return `${notFound}; showing ${shown === 'chosen' ? searched : `every ${city}`}.`;
}
