import type { UiState } from 'instantsearch.js';
import { history } from 'instantsearch.js/es/lib/routers';
import { useEffect, useMemo, useState } from 'react';
import { InstantSearch, useInstantSearch } from 'react-instantsearch';
import { applyHeadTags } from '../../../lib/page-meta.ts';
import { getAroundPlace } from '../around-place.ts';
import { searchClient } from '../search-client.ts';
import { describeSearch } from '../search-meta.ts';
import { parseSearchParams, routeToState, SEARCH_INDEX, searchPath, stateToRoute, type SearchRoute, type SearchUiState } from '../search-url.ts';
import { getUnmatchedPlace } from '../unmatched-place.ts';
import { useSearchRoute } from '../use-search-route.ts';
import { FacetList } from './facet-list.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { NoResults } from './no-results.tsx';
import { OpenNowToggle } from './open-now-toggle.tsx';
import { RatingFilter } from './rating-filter.tsx';
import { ResultsMap } from './results-map.tsx';
import { SearchBoxes } from './search-boxes.tsx';
import { SearchHeading } from './search-heading.tsx';
import { SearchHits } from './search-hits.tsx';
import { SearchPager } from './search-pager.tsx';
import { SearchSummary } from './search-summary.tsx';
import { SortBar } from './sort-bar.tsx';

/** What the URL's state is written as: our parameter names, see search-url.ts. */
function createRouting(serverUrl: string) {
  return {
    router: history<SearchRoute>({
      // On the server there is no window: the request's URL stands in for it.
      getLocation: () => (typeof window === 'undefined' ? (new URL(serverUrl) as unknown as Location) : window.location),
      createURL: ({ routeState, location }) => `${location.protocol}//${location.host}${searchPath(routeState)}`,
      parseURL: ({ location }) => parseSearchParams(new URLSearchParams(location.search)),
      writeDelay: 300,
      // Leaving the page for another route must not write the search URL back.
      cleanUrlOnDispose: false,
    }),
    stateMapping: {
      stateToRoute: (uiState: UiState) => stateToRoute(uiState as SearchUiState),
      routeToState: (route: SearchRoute): UiState => routeToState(route),
    },
  };
}

/**
 * Keeps <head> on the search shown (title, canonical link, robots, description), also after the
 * back button (which writes no URL): InstantSearch changes the URL without the router, whose
 * navigations bring a page's head otherwise (app/page-head.ts).
 */
function SearchHead({ origin }: { origin: string }) {
  const { route } = useSearchRoute();
  const { results } = useInstantSearch();
  // The search as its URL: one value that changes when the search does.
  const path = searchPath(route);
  const hitCount = results ? results.nbHits : null;
  const isAroundPlace = getAroundPlace(results) !== null;
  const hasUnmatchedPlace = getUnmatchedPlace(results) !== null;
  useEffect(() => {
    applyHeadTags(document, describeSearch(parseSearchParams(new URL(path, origin).searchParams), hitCount, { isAroundPlace, hasUnmatchedPlace }), origin);
  }, [path, hitCount, isAroundPlace, hasUnmatchedPlace, origin]);
  return null;
}

function SearchError() {
  const { error } = useInstantSearch();
  if (!error) return null;
  return (
    <p className="search-error" role="alert">
      The search could not be completed. Please check your connection and try again.
    </p>
  );
}

/**
 * The whole search experience: boxes, filters, sort, map, results and pages, in one InstantSearch.
 * `origin`: what the page's canonical link starts with (the server's, app/page-head.ts).
 */
export function SearchApp({ serverUrl, origin }: { serverUrl: string; origin: string }) {
  const routing = useMemo(() => createRouting(serverUrl), [serverUrl]);
  // Once the visitor asks for the results map, it stays for the searches that follow.
  const [isMapWanted, setIsMapWanted] = useState(false);
  return (
    <InstantSearch
      indexName={SEARCH_INDEX}
      searchClient={searchClient}
      routing={routing}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <SearchHead origin={origin} />
      <div className="search-page">
        <header className="search-hero">
          <div className="container">
            <SearchHeading />
            <SearchBoxes />
          </div>
        </header>
        <div className="container search-layout">
          <FilterPanel>
            <OpenNowToggle />
            <RatingFilter />
            <FacetList attribute="category" title="Category" />
            <FacetList attribute="country" title="Country" />
            <FacetList attribute="city" title="City" />
          </FilterPanel>
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title" className="visually-hidden">
              Results
            </h2>
            <div className="search-toolbar">
              <SearchSummary />
              <SortBar />
            </div>
            <SearchError />
            <ResultsMap isWanted={isMapWanted} onShow={() => setIsMapWanted(true)} />
            <SearchHits />
            <NoResults />
            <SearchPager />
          </section>
        </div>
      </div>
    </InstantSearch>
  );
}
