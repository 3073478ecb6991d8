import { describe, expect, it } from 'vitest';
import {
  canonicalSearchPath,
  formatSearchParams,
  getSearchTitle,
  isIndexableSearch,
  parseSearchParams,
  routeToState,
  searchPath,
  sortOfIndex,
  stateToRoute,
  toRelativeUrl,
  type SearchRoute,
} from './search-url.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  it('reads what the site search forms send', () => {
    expect(parse('q=plumber&location=Lyon')).toEqual({ q: 'plumber', location: 'Lyon' });
    expect(parse('q=+pizza+&location=')).toEqual({ q: 'pizza' });
  });

  it('reads every filter, repeated or comma-separated', () => {
    expect(parse('q=a&category=plumber&category=electrician&country=fr,de&city=FR:lyon&minRating=4&openNow=true&sort=rating&page=3')).toEqual({
      q: 'a',
      category: ['plumber', 'electrician'],
      country: ['fr', 'de'],
      city: ['FR:lyon'],
      minRating: '4',
      openNow: 'true',
      sort: 'rating',
      page: '3',
    });
  });

  it('drops values the backend would refuse, so a hand-edited URL still shows a page', () => {
    expect(parse('city=lyon&country=France&minRating=9&openNow=yes&page=0&sort=cheapest&near=200,1&bbox=1,2,3')).toEqual({});
    expect(parse('page=999')).toEqual({ page: '50' });
  });

  it('sorts by distance only from a point', () => {
    expect(parse('sort=distance')).toEqual({});
    expect(parse('sort=distance&near=45.76,4.83')).toEqual({ sort: 'distance', near: '45.76,4.83' });
  });
});

describe('the URL and the InstantSearch state', () => {
  const route: SearchRoute = {
    q: 'plumb',
    location: 'lyon',
    category: ['plumber'],
    city: ['FR:lyon'],
    minRating: '4.5',
    openNow: 'true',
    near: '45.76,4.83',
    bbox: '46,5,45,4',
    sort: 'distance',
    page: '2',
  };

  it('map one to the other and back', () => {
    const state = routeToState(route);
    expect(state.businesses).toEqual({
      query: 'plumb',
      location: 'lyon',
      refinementList: { category: ['plumber'], city: ['FR:lyon'] },
      numericMenu: { rating: '4.5:' },
      toggle: { openNow: true },
      near: '45.76,4.83',
      geoSearch: { boundingBox: '46,5,45,4' },
      sortBy: 'businesses_distance',
      page: 2,
    });
    expect(stateToRoute(state)).toEqual(route);
  });

  it('writes a stable, readable query string', () => {
    expect(formatSearchParams(route)).toBe(
      'q=plumb&location=lyon&category=plumber&city=FR%3Alyon&minRating=4.5&openNow=true&near=45.76%2C4.83&bbox=46%2C5%2C45%2C4&sort=distance&page=2',
    );
    expect(searchPath({})).toBe('/search');
    expect(searchPath({ sort: 'relevance', page: '1', q: 'x' })).toBe('/search?q=x');
  });

  it('reads back what it writes', () => {
    expect(parse(formatSearchParams(route))).toEqual(route);
  });

  it('names the sort of an index', () => {
    expect(sortOfIndex('businesses')).toBe('relevance');
    expect(sortOfIndex('businesses_reviews')).toBe('reviews');
    expect(sortOfIndex(undefined)).toBe('relevance');
  });
});

describe('what search engines are told about a search', () => {
  const route = (query: string) => parseSearchParams(new URLSearchParams(query));

  it('points every variation of a search at its what and where', () => {
    expect(canonicalSearchPath(route('q=plumber&location=Lyon&category=plumber&sort=rating&page=3&near=45.76,4.83'))).toBe('/search?q=plumber&location=Lyon');
    expect(canonicalSearchPath(route('location=Lyon&q=plumber'))).toBe('/search?q=plumber&location=Lyon');
    expect(canonicalSearchPath(route('q=&location='))).toBe('/search');
  });

  it('lets a what (and where) with results be indexed, and nothing else', () => {
    expect(isIndexableSearch(route('q=plumber&location=Lyon'), 12)).toBe(true);
    expect(isIndexableSearch(route('q=plumber'), 1)).toBe(true);
    expect(isIndexableSearch(route('q=plumber&location=Lyon'), 0)).toBe(false);
    expect(isIndexableSearch(route('q=plumber&location=Lyon'), null)).toBe(false);
    expect(isIndexableSearch(route('location=Lyon'), 12)).toBe(false);
    // The businesses around a place that has none are not "plumber in Lyon".
    expect(isIndexableSearch(route('q=plumber&location=Lyon'), 12, { isAroundPlace: true })).toBe(false);
    // Nor is every Springfield's for "plumber in Springfield, Vermont" (nor any text after a city).
    expect(isIndexableSearch(route('q=plumber&location=Springfield%2C+Vermont'), 12, { hasUnmatchedPlace: true })).toBe(false);
    expect(isIndexableSearch(route('q=plumber&location=Springfield%2C+MO'), 12, { isAroundPlace: false, hasUnmatchedPlace: false })).toBe(true);
    for (const extra of ['category=plumber', 'country=fr', 'city=fr:lyon', 'minRating=4', 'openNow=true', 'near=45.76,4.83', 'bbox=45,4,46,5', 'sort=rating', 'page=2']) {
      expect(isIndexableSearch(route(`q=plumber&location=Lyon&${extra}`), 12), extra).toBe(false);
    }
  });
});

describe('getSearchTitle', () => {
  it.each([
    ['plumber', 'Lyon', 'Search: plumber in Lyon | Business Directory'],
    ['plumber', '', 'Search: plumber | Business Directory'],
    ['', 'Lyon', 'Search: businesses in Lyon | Business Directory'],
    ['', '', 'Search | Business Directory'],
  ])('"%s" in "%s" → %s', (query, location, title) => expect(getSearchTitle(query, location)).toBe(title));

  it.each([
    ['restaurant', 'Reykjavik', 'Search: restaurant near Reykjavik | Business Directory'],
    ['', 'Lyon', 'Search: businesses near Lyon | Business Directory'],
  ])('"%s" around "%s", a place without businesses → %s', (query, location, title) => expect(getSearchTitle(query, location, true)).toBe(title));
});

it('toRelativeUrl keeps the path and query of a URL', () => {
  expect(toRelativeUrl('http://example.com:8080/search?q=a&page=2')).toBe('/search?q=a&page=2');
  expect(toRelativeUrl('/search?q=a')).toBe('/search?q=a');
});
