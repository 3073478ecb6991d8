/**
 * "No place called …": the backend adds `unknownPlace` to a search answer whose location names
 * no place the index knows, with the nearest names it knows.
 */
import type { UnknownPlace } from '@directory/backend/shared/api-types.ts';
import { everyResultField, type RawSearchResults } from './raw-results.ts';

/** The unknown place of the last search, when its answer has one. */
export function getUnknownPlace(results: RawSearchResults | null | undefined): UnknownPlace | null {
  for (const place of everyResultField(results, 'unknownPlace') as UnknownPlace[]) {
    if (typeof place.text === 'string' && Array.isArray(place.suggestions)) return place;
  }
  return null;
}
