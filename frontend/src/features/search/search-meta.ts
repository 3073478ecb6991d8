import type { PageMeta } from '../../lib/page-meta.ts';
import { canonicalSearchPath, getSearchTitle, isIndexableSearch, placePhrase, type PlaceAnswer, type SearchRoute } from './search-url.ts';

/**
 * The head of the search `route` that found `hitCount` businesses (null: not known yet), around
 * its place rather than in it when `place.isAroundPlace` (a place without businesses), kept out
 * of search engines as {@link isIndexableSearch} says: the route's meta on the server and after a
 * navigation to /search, and the page's own as the visitor searches on (InstantSearch changes the
 * URL without the router).
 */
export function describeSearch(route: SearchRoute, hitCount: number | null, place: PlaceAnswer = {}): PageMeta {
  const isAroundPlace = place.isAroundPlace ?? false;
  const query = route.q ?? '';
  const location = route.location ?? '';
  return {
    title: getSearchTitle(query, location, isAroundPlace),
    description: `Businesses${query ? ` matching “${query}”` : ''}${location ? ` ${placePhrase(location, isAroundPlace)}` : ''}: ratings, opening hours, phone numbers and a map.`,
    canonicalPath: canonicalSearchPath(route),
    noIndex: !isIndexableSearch(route, hitCount, place),
  };
}
