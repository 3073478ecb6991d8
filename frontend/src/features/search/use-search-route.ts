import { useInstantSearch } from 'react-instantsearch';
import { routeToState, SEARCH_INDEX, searchPath, stateToRoute, type SearchIndexUiState, type SearchRoute } from './search-url.ts';

/** The page's search state, with its own keys (`location`, `near`) typed. */
export function useSearchState(): SearchIndexUiState {
  // InstantSearch types the index state with the built-in widgets' keys only; ours ride along.
  return useInstantSearch().indexUiState as SearchIndexUiState;
}

/** The search as URL parameters, and a way to show another one (the link's href is `searchPath(route)`). */
export function useSearchRoute(): { route: SearchRoute; show: (route: SearchRoute) => void; pathOf: (route: SearchRoute) => string } {
  const { setIndexUiState } = useInstantSearch();
  const indexUiState = useSearchState();
  const route = stateToRoute({ [SEARCH_INDEX]: indexUiState });
  const show = (next: SearchRoute) => setIndexUiState(routeToState(next)[SEARCH_INDEX]);
  return { route, show, pathOf: searchPath };
}

/** True when the search narrows the results beyond its words and place. */
export const hasFilters = (route: SearchRoute) =>
  Boolean(route.category || route.country || route.city || route.minRating || route.openNow || route.bbox || route.near);

/** The same search without its filters: words, place and sort stay (distance goes with its point). */
export const withoutFilters = (route: SearchRoute): SearchRoute => ({
  q: route.q,
  location: route.location,
  sort: route.sort === 'distance' ? undefined : route.sort,
});
