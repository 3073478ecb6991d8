/**
 * Server only: the InstantSearch state of a search URL, for the page's one server render.
 *
 * A headless InstantSearch holds the same widgets as the page (the same connectors, with the
 * parameters of widget-params.ts, added in the order the page renders them), starts from the
 * URL's state and sends its one search to the in-process API client. That is what
 * InstantSearch's `getServerState` collects too, without rendering the whole app to a string
 * first; server-state.test.ts pins the two to the same state for a range of URLs.
 * The route's loader imports this only in the server build.
 */
import type { InstantSearchServerState } from 'react-instantsearch';
import type { Widget } from 'instantsearch.js';
import connectGeoSearch from 'instantsearch.js/es/connectors/geo-search/connectGeoSearch.js';
import connectHits from 'instantsearch.js/es/connectors/hits/connectHits.js';
import connectNumericMenu from 'instantsearch.js/es/connectors/numeric-menu/connectNumericMenu.js';
import connectPagination from 'instantsearch.js/es/connectors/pagination/connectPagination.js';
import connectRefinementList from 'instantsearch.js/es/connectors/refinement-list/connectRefinementList.js';
import connectSearchBox from 'instantsearch.js/es/connectors/search-box/connectSearchBox.js';
import connectSortBy from 'instantsearch.js/es/connectors/sort-by/connectSortBy.js';
import connectToggleRefinement from 'instantsearch.js/es/connectors/toggle-refinement/connectToggleRefinement.js';
import InstantSearch from 'instantsearch.js/es/lib/InstantSearch.js';
import { getInitialResults, waitForResults } from 'instantsearch.js/es/lib/server.js';
import { connectQueryParameter } from './query-parameter.ts';
import { searchClient } from './search-client.ts';
import { FACET_ATTRIBUTES, parseSearchParams, routeToState, SEARCH_INDEX } from './search-url.ts';
import { FACET_LIST_PARAMS, LOCATION_PARAMS, NEAR_PARAMS, OPEN_NOW_PARAMS, PAGINATION_PARAMS, RATING_PARAMS, SORT_PARAMS } from './widget-params.ts';

/** Nothing is drawn on the server: the widgets only shape the search. */
const noRender = () => {};

/** The page’s widgets, in the order search-app.tsx renders them: the state lists facets and queries in the order widgets were added. */
function pageWidgets(): Widget[] {
  return [
    connectSearchBox(noRender)({}),
    connectQueryParameter(noRender)(LOCATION_PARAMS),
    connectToggleRefinement(noRender)(OPEN_NOW_PARAMS),
    connectNumericMenu(noRender)(RATING_PARAMS),
    ...FACET_ATTRIBUTES.map((attribute) => connectRefinementList(noRender)({ attribute, ...FACET_LIST_PARAMS })),
    connectSortBy(noRender)(SORT_PARAMS),
    connectQueryParameter(noRender)(NEAR_PARAMS),
    connectGeoSearch(noRender)({}),
    connectHits(noRender)({}),
    connectPagination(noRender)(PAGINATION_PARAMS),
  ];
}

export async function getSearchServerState(url: string): Promise<InstantSearchServerState> {
  const search = new InstantSearch({
    indexName: SEARCH_INDEX,
    searchClient,
    initialUiState: routeToState(parseSearchParams(new URL(url).searchParams)),
    insights: false,
    future: { preserveSharedStateOnUnmount: true },
  });
  // Empty initial results keep `start()` from scheduling a search of its own, as react-instantsearch
  // does on the server: `waitForResults` sends the one search and records what it asked.
  search._initialResults = {};
  search.addWidgets(pageWidgets());
  search.start();
  try {
    const requestParams = await waitForResults(search);
    return { initialResults: getInitialResults(search.mainIndex, requestParams) };
  } finally {
    search.dispose();
  }
}
