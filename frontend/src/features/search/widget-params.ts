/**
 * The parameters of the search page's widgets that shape the queries it sends. The components
 * and the server's headless search (server-state.ts) read them from here, so the results the
 * server computes are the ones the widgets ask for when they hydrate.
 */
import type { QueryParameterParams } from './query-parameter.ts';
import { indexNameOf, MIN_RATINGS, SORTS, type SortName } from './search-url.ts';

/** Category, country and city lists: values shown, and with "Show more". */
export const FACET_LIST_PARAMS = { limit: 6, showMore: true, showMoreLimit: 30 } as const;

export const OPEN_NOW_PARAMS = { attribute: 'openNow', on: true } as const;

export const RATING_PARAMS = {
  attribute: 'rating',
  items: [{ label: 'Any rating' }, ...MIN_RATINGS.map((rating) => ({ label: `${rating}+`, start: rating }))],
};

export const SORT_LABELS: Record<SortName, string> = {
  relevance: 'Relevance',
  rating: 'Highest rated',
  reviews: 'Most reviewed',
  distance: 'Distance',
};

export const SORT_PARAMS = { items: SORTS.map((sort) => ({ value: indexNameOf(sort), label: SORT_LABELS[sort] })) };

export const PAGINATION_PARAMS = { padding: 2 } as const;

/** The "where" text, our backend's own parameter. */
export const LOCATION_PARAMS: QueryParameterParams = { parameter: 'location', uiStateKey: 'location' };

/** The visitor's point ("lat,lng"), from which distance is measured. */
export const NEAR_PARAMS: QueryParameterParams = { parameter: 'aroundLatLng', uiStateKey: 'near' };
