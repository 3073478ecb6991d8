/// <reference types="vite/client" />
import type { InstantSearchServerState } from 'react-instantsearch';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import type { RouteHandle } from '../../lib/page-meta.ts';
import { foundAt } from '../../lib/route-errors.ts';
import { parseSearchParams, SEARCH_INDEX, searchPath, type PlaceAnswer, type SearchRoute } from './search-url.ts';
import { describeSearch } from './search-meta.ts';
import { lazyPage } from '../../app/lazy-page.ts';

export interface SearchPageData {
  /** The request's URL: on the server it stands in for `window.location`. */
  url: string;
  /** The URL's search. */
  route: SearchRoute;
  /** Results of the URL’s search, computed on the server (server-state.ts); null after a client navigation. */
  serverState: InstantSearchServerState | null;
  /** How many businesses it found; known only where results were computed (null: not known). */
  hitCount: number | null;
  /** How it read its where box: around a place without businesses, without a part it could not apply (known where results were computed). */
  place: PlaceAnswer;
}

/** How many businesses the URL's search found, from the server's results; null when none were computed. */
function hitCountOf(serverState: InstantSearchServerState | null): number | null {
  const results = serverState?.initialResults[SEARCH_INDEX]?.results?.[0];
  return results && typeof results.nbHits === 'number' ? results.nbHits : null;
}

/** Whether the server's results are those around a place without businesses, and whether they left out a part of the where box. */
function placeAnswerOf(serverState: InstantSearchServerState | null): PlaceAnswer {
  const results = serverState?.initialResults[SEARCH_INDEX]?.results?.[0] as { aroundPlace?: unknown; unmatchedPlace?: unknown } | undefined;
  return { isAroundPlace: results?.aroundPlace !== undefined, hasUnmatchedPlace: results?.unmatchedPlace !== undefined };
}

/** The last page of the URL's search (1 when it found nothing), from the server's results; null when none were computed. */
function lastPageOf(serverState: InstantSearchServerState | null): number | null {
  const results = serverState?.initialResults[SEARCH_INDEX]?.results?.[0];
  return results && typeof results.nbPages === 'number' ? Math.max(1, results.nbPages) : null;
}

/** The server's module computing results, imported once: each `import()` costs a module resolution. */
let serverStateModule: Promise<{ getSearchServerState(url: string): Promise<InstantSearchServerState> }> | undefined;

async function computeServerState(url: string): Promise<InstantSearchServerState> {
  serverStateModule ??= import('./server-state.ts');
  return (await serverStateModule).getSearchServerState(url);
}

async function loadSearch({ request }: LoaderFunctionArgs): Promise<SearchPageData> {
  const route = parseSearchParams(new URL(request.url).searchParams);
  // Only the server build computes results here (the browser's InstantSearch fetches its own):
  // the dynamic import keeps the headless InstantSearch and its connectors out of the browser bundle.
  const serverState = import.meta.env.SSR ? await computeServerState(request.url) : null;
  // Past the last page, the last page (as every paged list shows): by a redirect, since the
  // browser's InstantSearch reads its page from the URL.
  const lastPage = lastPageOf(serverState);
  if (lastPage !== null && Number(route.page ?? '1') > lastPage) foundAt(searchPath({ ...route, page: lastPage > 1 ? String(lastPage) : undefined }));
  return { url: request.url, route, serverState, hitCount: hitCountOf(serverState), place: placeAnswerOf(serverState) };
}

const handle: RouteHandle<SearchPageData> = {
  meta: ({ route, hitCount, place }) => describeSearch(route, hitCount, place),
};

/**
 * Once the page runs, InstantSearch owns the URL (it pushes each search to the history): moving
 * between two searches is not a new page load for the router.
 */
function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const searchRoute: RouteObject = {
  path: 'search',
  loader: loadSearch,
  shouldRevalidate,
  handle,
  // InstantSearch and the page's widgets load only for /search (the entry loads this before hydrating).
  lazy: lazyPage('search/components/search-page.tsx', 'SearchPage'),
};
