/**
 * The search page's address: what the visitor's search state looks like in the URL
 * (`/search?q=plumb&location=lyon&category=plumber&minRating=4&openNow=true&sort=rating&page=2`)
 * and back. One mapping serves the server render, the history router and the page's links.
 */
import type { IndexUiState, UiState } from 'instantsearch.js';
import { withoutControlCharacters } from '@directory/backend/shared/search-text.ts';

/** The index every search starts from; the other sorts are its replicas. */
export const SEARCH_INDEX = 'businesses';

export const SORTS = ['relevance', 'rating', 'reviews', 'distance'] as const;
export type SortName = (typeof SORTS)[number];

export const FACET_ATTRIBUTES = ['category', 'country', 'city'] as const;
export type FacetAttribute = (typeof FACET_ATTRIBUTES)[number];

export const MIN_RATINGS = [4.5, 4, 3, 2] as const;

/** Search pages stop at 50, as the backend does. */
export const MAX_PAGE = 50;

/** The page's own search state next to the built-in widgets': the "where" text and the "near me" point. */
export type SearchIndexUiState = IndexUiState & {
  /** What the where box holds ("lyon", "75002", "Germany"). */
  location?: string;
  /** "lat,lng" of the visitor (Near me): distance is measured from there. */
  near?: string;
};

export type SearchUiState = UiState & { [SEARCH_INDEX]: SearchIndexUiState };

/** The URL's parameters, as the page writes them. */
export interface SearchRoute {
  q?: string;
  location?: string;
  category?: string[];
  country?: string[];
  city?: string[];
  minRating?: string;
  openNow?: 'true';
  sort?: SortName;
  page?: string;
  near?: string;
  bbox?: string;
}

export const indexNameOf = (sort: SortName) => (sort === 'relevance' ? SEARCH_INDEX : `${SEARCH_INDEX}_${sort}`);

export function sortOfIndex(indexName: string | undefined): SortName {
  const sort = indexName?.startsWith(`${SEARCH_INDEX}_`) ? indexName.slice(SEARCH_INDEX.length + 1) : 'relevance';
  return (SORTS as readonly string[]).includes(sort) ? (sort as SortName) : 'relevance';
}

const LAT_LNG = /^-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?$/;
const BOX = /^-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?,-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?$/;
const CITY = /^[A-Za-z]{2}:[^:\s]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const CATEGORY = /^[\p{Ll}\p{N}][\p{Ll}\p{N}-]{0,199}$/u;

/** Latitude first, both in range: "45.76,4.83". */
export function isLatLng(text: string): boolean {
  if (!LAT_LNG.test(text)) return false;
  const [lat = 0, lng = 0] = text.split(',').map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

function isBox(text: string): boolean {
  if (!BOX.test(text)) return false;
  const [lat1 = 0, lng1 = 0, lat2 = 0, lng2 = 0] = text.split(',').map(Number);
  return Math.abs(lat1) <= 90 && Math.abs(lat2) <= 90 && Math.abs(lng1) <= 180 && Math.abs(lng2) <= 180;
}

/** A what or where from the URL: no control characters (a NUL would reach the title), trimmed, 200 characters at most. */
const clip = (text: string) => withoutControlCharacters(text).trim().slice(0, 200);

/** Reads the URL's parameters, keeping only values the backend accepts (a hand-edited URL cannot break the page). */
export function parseSearchParams(search: URLSearchParams): SearchRoute {
  const route: SearchRoute = {};
  const q = clip(search.get('q') ?? '');
  if (q) route.q = q;
  const location = clip(search.get('location') ?? '');
  if (location) route.location = location;
  const list = (name: FacetAttribute, pattern: RegExp) => {
    const values = [...new Set(search.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()))].filter((value) => pattern.test(value));
    if (values.length > 0) route[name] = values.slice(0, 20);
  };
  list('category', CATEGORY);
  list('country', COUNTRY);
  list('city', CITY);
  const minRating = Number(search.get('minRating'));
  if (search.get('minRating') && Number.isFinite(minRating) && minRating > 0 && minRating <= 5) route.minRating = String(minRating);
  if (search.get('openNow') === 'true') route.openNow = 'true';
  const near = search.get('near') ?? '';
  if (isLatLng(near)) route.near = near;
  const bbox = search.get('bbox') ?? '';
  if (isBox(bbox)) route.bbox = bbox;
  const sort = search.get('sort') ?? '';
  // Distance needs a point: without one the page sorts by relevance rather than failing.
  if ((SORTS as readonly string[]).includes(sort) && sort !== 'relevance' && (sort !== 'distance' || route.near || route.bbox)) {
    route.sort = sort as SortName;
  }
  const page = search.get('page') ?? '';
  if (/^\d+$/.test(page) && Number(page) > 1) route.page = String(Math.min(Number(page), MAX_PAGE));
  return route;
}

/** The URL's query string (without "?"), in a stable order. */
export function formatSearchParams(route: SearchRoute): string {
  const params = new URLSearchParams();
  if (route.q) params.set('q', route.q);
  if (route.location) params.set('location', route.location);
  for (const name of FACET_ATTRIBUTES) for (const value of route[name] ?? []) params.append(name, value);
  if (route.minRating) params.set('minRating', route.minRating);
  if (route.openNow) params.set('openNow', route.openNow);
  if (route.near) params.set('near', route.near);
  if (route.bbox) params.set('bbox', route.bbox);
  if (route.sort && route.sort !== 'relevance') params.set('sort', route.sort);
  if (route.page && route.page !== '1') params.set('page', route.page);
  return params.toString();
}

/** InstantSearch's state of the page → the URL's parameters. */
export function stateToRoute(uiState: SearchUiState): SearchRoute {
  const state: SearchIndexUiState = uiState[SEARCH_INDEX] ?? {};
  const route: SearchRoute = {};
  if (state.query) route.q = state.query;
  if (state.location) route.location = state.location;
  for (const name of FACET_ATTRIBUTES) {
    const values = state.refinementList?.[name];
    if (values && values.length > 0) route[name] = values;
  }
  const rating = state.numericMenu?.rating;
  if (rating) route.minRating = rating.split(':')[0];
  if (state.toggle?.openNow) route.openNow = 'true';
  if (state.near) route.near = state.near;
  if (state.geoSearch?.boundingBox) route.bbox = state.geoSearch.boundingBox;
  const sort = sortOfIndex(state.sortBy);
  if (sort !== 'relevance') route.sort = sort;
  if (state.page && state.page > 1) route.page = String(state.page);
  return route;
}

/** The URL's parameters → InstantSearch's state of the page. */
export function routeToState(route: SearchRoute): SearchUiState {
  const state: SearchIndexUiState = {};
  if (route.q) state.query = route.q;
  if (route.location) state.location = route.location;
  const refinementList: Record<string, string[]> = {};
  for (const name of FACET_ATTRIBUTES) if (route[name]?.length) refinementList[name] = route[name];
  if (Object.keys(refinementList).length > 0) state.refinementList = refinementList;
  if (route.minRating) state.numericMenu = { rating: `${route.minRating}:` };
  if (route.openNow) state.toggle = { openNow: true };
  if (route.near) state.near = route.near;
  if (route.bbox) state.geoSearch = { boundingBox: route.bbox };
  if (route.sort && route.sort !== 'relevance') state.sortBy = indexNameOf(route.sort);
  if (route.page) state.page = Number(route.page);
  return { [SEARCH_INDEX]: state };
}

/** "/search?…" for a route: the page's links are relative, so server and browser write the same HTML. */
export function searchPath(route: SearchRoute): string {
  const query = formatSearchParams(route);
  return query ? `/search?${query}` : '/search';
}

/**
 * The URL search engines are given for a search: what and where only ("/search?q=plumber&location=Lyon"),
 * so a page of it, a sort or a filter points back at the search itself.
 */
export function canonicalSearchPath(route: SearchRoute): string {
  return searchPath({ q: route.q, location: route.location });
}

/** How a search's answer read its where box, beyond the hits (known where results were computed). */
export interface PlaceAnswer {
  /** The place holds no business: the results lie around it. */
  isAroundPlace?: boolean;
  /** A part of the where box could not be applied ("Springfield, Vermont", "Grenoble, Narnia"): the results are those of the place without it. */
  hasUnmatchedPlace?: boolean;
}

/**
 * Whether a search's page may be indexed: a what, perhaps a where, nothing else (no filter, sort,
 * page or map area), and at least one business found in the place named. A "plumber in Lyon" page
 * is a landing page people search for; its variations (filters, pages, sorts, map moves), empty
 * results, the businesses around a place without any (`isAroundPlace`: "plumber in Lyon" showing
 * Geneva's, for every city on Earth) and those of a where box read without a part of it
 * (`hasUnmatchedPlace`: "plumber in Springfield, Vermont" showing every Springfield's, for every
 * text written after a city) are not.
 */
export function isIndexableSearch(route: SearchRoute, hitCount: number | null, { isAroundPlace = false, hasUnmatchedPlace = false }: PlaceAnswer = {}): boolean {
  if (!route.q || hitCount === null || hitCount === 0 || isAroundPlace || hasUnmatchedPlace) return false;
  return searchPath(route) === canonicalSearchPath(route);
}

/** The path and query of an absolute URL the router made ("http://host/search?q=a" → "/search?q=a"). */
export function toRelativeUrl(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

/** "in Lyon", or "near Lyon" when `isAroundPlace` (the place holds no business: the results lie around it). */
export function placePhrase(place: string, isAroundPlace: boolean): string {
  return `${isAroundPlace ? 'near' : 'in'} ${place}`;
}

/** "Search: plumber in Lyon | Business Directory" ("near Lyon" around a place without businesses), shorter when the what or where is empty. */
export function getSearchTitle(query: string, location: string, isAroundPlace = false): string {
  const what = query.trim();
  const where = location.trim();
  if (what && where) return `Search: ${what} ${placePhrase(where, isAroundPlace)} | Business Directory`;
  if (what) return `Search: ${what} | Business Directory`;
  if (where) return `Search: businesses ${placePhrase(where, isAroundPlace)} | Business Directory`;
  return 'Search | Business Directory';
}
