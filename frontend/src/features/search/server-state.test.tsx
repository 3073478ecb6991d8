import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch';
import { MemoryRouter } from 'react-router-dom';
import type { InstantSearchHit, InstantSearchResult } from '@directory/backend/shared/api-types.ts';
import { getApiClient, setApiClient, type ApiClient, type InstantSearchQuery } from '../../lib/api-client.ts';
import { SearchApp } from './components/search-app.tsx';
import { getSearchServerState } from './server-state.ts';

/** Facet values the fake backend counts, by attribute. */
const FACET_VALUES: Record<string, Record<string, number>> = {
  category: { plumber: 7, bakery: 3 },
  country: { FR: 9, DE: 1 },
  city: { 'FR:lyon': 5, 'DE:berlin': 1 },
};

function hit(id: number): InstantSearchHit {
  return {
    objectID: String(id),
    _geoloc: { lat: 45.76, lng: 4.83 },
    _highlightResult: { name: { value: `Shop ${id}`, matchLevel: 'none', matchedWords: [] }, category: { value: 'Plumber', matchLevel: 'none', matchedWords: [] } },
  } as unknown as InstantSearchHit;
}

/** An answer made from the query alone, so that the same queries get the same answers. */
function answer({ indexName, params = {} }: InstantSearchQuery): InstantSearchResult {
  const asked = Array.isArray(params.facets) ? (params.facets as string[]) : [];
  const facets = Object.fromEntries(asked.filter((name) => name in FACET_VALUES).map((name) => [name, FACET_VALUES[name]!]));
  const hitsPerPage = typeof params.hitsPerPage === 'number' ? params.hitsPerPage : 20;
  return {
    index: indexName,
    query: typeof params.query === 'string' ? params.query : '',
    params: '',
    hits: hitsPerPage === 0 ? [] : [hit(1), hit(2)],
    nbHits: 42,
    page: typeof params.page === 'number' ? params.page : 0,
    nbPages: 3,
    hitsPerPage,
    facets,
    facetLabels: Object.fromEntries(Object.entries(facets).map(([name, values]) => [name, Object.fromEntries(Object.keys(values).map((value) => [value, value.toUpperCase()]))])),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    processingTimeMS: 1,
  };
}

/** Serves searches from `answer` and keeps every call's queries. */
function useFakeSearches(): InstantSearchQuery[][] {
  const calls: InstantSearchQuery[][] = [];
  setApiClient({
    ...getApiClient(),
    instantSearch: async (requests) => {
      calls.push(requests);
      return { results: requests.map(answer) };
    },
  } satisfies ApiClient);
  return calls;
}

/** What InstantSearch's own getServerState collects by rendering the whole search app once. */
function renderedServerState(url: string) {
  const { pathname, search } = new URL(url);
  return getServerState(
    <MemoryRouter initialEntries={[`${pathname}${search}`]}>
      <SearchApp serverUrl={url} origin={new URL(url).origin} />
    </MemoryRouter>,
    { renderToString },
  );
}

/** The state as it travels to the browser: in the page's loader data, as JSON. */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const URLS = [
  'http://localhost/search',
  'http://localhost/search?q=pizza&location=Rome',
  'http://localhost/search?q=plumb&location=lyon&category=plumber&category=bakery&country=FR&city=FR:lyon&minRating=4&openNow=true&sort=rating&page=2',
  'http://localhost/search?q=cafe&near=45.76,4.83&sort=distance&country=DE',
  'http://localhost/search?q=bar&bbox=45.5,4.5,46,5&minRating=4.5&page=3',
  'http://localhost/search?city=DE:berlin&openNow=true&sort=reviews',
];

describe('getSearchServerState', () => {
  const original = getApiClient();
  afterEach(() => setApiClient(original));

  it.each(URLS)('sends the queries the rendered page sends and returns the same state: %s', async (url) => {
    const renderedCalls = useFakeSearches();
    const rendered = await renderedServerState(url);
    const ownCalls = useFakeSearches();
    const own = await getSearchServerState(url);
    expect(ownCalls).toHaveLength(1);
    expect(ownCalls).toEqual(renderedCalls);
    expect(asSent(own)).toEqual(asSent(rendered));
  });

  it('carries the URL into the state: words, place, filters, sort and page', async () => {
    useFakeSearches();
    const { initialResults } = await getSearchServerState(URLS[2]!);
    const { state, results } = initialResults.businesses!;
    expect(state).toMatchObject({
      index: 'businesses_rating',
      query: 'plumb',
      location: 'lyon',
      page: 1,
      disjunctiveFacetsRefinements: { category: ['plumber', 'bakery'], country: ['FR'], city: ['FR:lyon'], openNow: ['true'] },
      numericRefinements: { rating: { '>=': [4] } },
    });
    // The hits and counts, and one count query per refined list (the "Open now" one is answered as empty).
    expect(results?.[0]).toMatchObject({ nbHits: 42, hits: [{ objectID: '1' }, { objectID: '2' }] });
    expect(results).toHaveLength(5);
  });
});
