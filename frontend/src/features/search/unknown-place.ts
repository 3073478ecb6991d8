/**
 * "No place called …": the backend adds `unknownPlace` to a search answer whose location names
 * no place the index knows, with the nearest names it knows.
 */
import type { UnknownPlace } from '@directory/backend/shared/api-types.ts';
import type { ResultsWithLabels } from './facet-labels.ts';

/** The unknown place of the last search, when its answer has one. */
export function getUnknownPlace(results: ResultsWithLabels | null | undefined): UnknownPlace | null {
  for (const raw of results?._rawResults ?? []) {
    const place = (raw as { unknownPlace?: UnknownPlace }).unknownPlace;
    if (place && typeof place.text === 'string' && Array.isArray(place.suggestions)) return place;
  }
  return null;
}
