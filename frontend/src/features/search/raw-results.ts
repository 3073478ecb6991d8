/**
 * The fields the backend adds beside the Algolia shape of a search result (`InstantSearchResult`'s
 * fields "not part of the Algolia shape"), read from what react-instantsearch hands back: the raw
 * results of the last search, the main query's first, then one per refined facet.
 */
import type { InstantSearchResult } from '@directory/backend/shared/api-types.ts';

/** The part of a search answer read here: every raw result of the last search. */
export interface RawSearchResults {
  _rawResults?: readonly object[];
}

type AddedFields = Partial<Pick<InstantSearchResult, 'facetLabels' | 'unknownPlace' | 'queryWords' | 'correctedLocation' | 'aroundPlace' | 'chosenCity' | 'unmatchedPlace'>>;

/** The main result's added `field`, as sent: the caller checks its shape (an answer from an older server may lack or differ). */
export function mainResultField<K extends keyof AddedFields>(results: RawSearchResults | null | undefined, field: K): unknown {
  return (results?._rawResults?.[0] as AddedFields | undefined)?.[field];
}

/** The added `field` of every raw result that has one (not null), main result first, as sent (the caller checks the shape). */
export function everyResultField<K extends keyof AddedFields>(results: RawSearchResults | null | undefined, field: K): unknown[] {
  const values: unknown[] = [];
  for (const raw of results?._rawResults ?? []) {
    const value = (raw as AddedFields)[field];
    if (value !== undefined && value !== null) values.push(value);
  }
  return values;
}
