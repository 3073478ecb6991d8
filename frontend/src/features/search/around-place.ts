/**
 * When the where box names a real place the directory has no business in ("Lyon"), the search
 * answer holds the nearest businesses around it and says which place it looked around
 * (`aroundPlace` beside the Algolia shape of the main result).
 */
import type { AroundPlace } from '@directory/backend/shared/api-types.ts';
import type { ResultsWithQueryWords } from './query-words.ts';

/** The place the last search looked around, when its main answer has one. */
export function getAroundPlace(results: ResultsWithQueryWords | null | undefined): AroundPlace | null {
  const main = results?._rawResults?.[0] as { aroundPlace?: AroundPlace } | undefined;
  const place = main?.aroundPlace;
  return place && typeof place.name === 'string' && typeof place.radiusKm === 'number' && typeof place.hasBusinesses === 'boolean' ? place : null;
}
