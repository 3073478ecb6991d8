/**
 * When the where box names a real place the directory has no business in ("Lyon"), the search
 * answer holds the nearest businesses around it and says which place it looked around
 * (`aroundPlace` beside the Algolia shape of the main result).
 */
import type { AroundPlace } from '@directory/backend/shared/api-types.ts';
import { mainResultField, type RawSearchResults } from './raw-results.ts';

/** The place the last search looked around, when its main answer has one. */
export function getAroundPlace(results: RawSearchResults | null | undefined): AroundPlace | null {
  const place = mainResultField(results, 'aroundPlace') as AroundPlace | undefined;
  return place && typeof place.name === 'string' && typeof place.radiusKm === 'number' && typeof place.hasBusinesses === 'boolean' ? place : null;
}
