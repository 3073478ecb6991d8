/**
 * The InstantSearch search client of the page: it speaks the Algolia multi-query protocol to our
 * backend through the ApiClient, so the server render searches in-process and the browser over
 * `POST /api/search/multi`.
 */
import type { InstantSearchFacetResult, InstantSearchResponse, InstantSearchResult } from '@directory/backend/shared/api-types.ts';
import { getApiClient, type InstantSearchQuery } from '../../lib/api-client.ts';

/** Attributes that filter but have no facet counts in the backend ("Open now" is a yes/no filter). */
const FILTER_ONLY_ATTRIBUTES = ['openNow'];

/** A query as InstantSearch hands it to the client (v5 clients may put the parameters on the query itself). */
export interface ClientQuery {
  indexName: string;
  type?: string;
  facet?: string;
  params?: object;
}

function facetsOf(params: Record<string, unknown>): string[] {
  const { facets } = params;
  if (Array.isArray(facets)) return facets.filter((facet): facet is string => typeof facet === 'string');
  if (typeof facets === 'string') return facets.split(',');
  return [];
}

/**
 * The query the backend reads, or null when there is nothing to ask: InstantSearch asks for facet
 * counts of every filter, and the counts of a filter-only attribute alone (with no hits) are
 * answered here as empty.
 */
export function toBackendQuery(query: ClientQuery): InstantSearchQuery | null {
  const params: Record<string, unknown> = { ...(query.params as Record<string, unknown> | undefined) };
  const asked = facetsOf(params);
  const facets = asked.filter((facet) => !FILTER_ONLY_ATTRIBUTES.includes(facet));
  if (asked.length > 0 && facets.length === 0 && params.hitsPerPage === 0) return null;
  if ('facets' in params) params.facets = facets;
  return {
    indexName: query.indexName,
    ...(query.type === 'facet' ? { type: 'facet' as const, facet: query.facet } : {}),
    params,
  };
}

/** The answer InstantSearch reads for a query that was not sent: no hits, no counts. */
export function emptyResult(query: ClientQuery): InstantSearchResult {
  const params = (query.params ?? {}) as Record<string, unknown>;
  return {
    index: query.indexName,
    query: typeof params.query === 'string' ? params.query : '',
    params: '',
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: 0,
    facets: {},
    facetLabels: {},
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    processingTimeMS: 0,
  };
}

/** Sends the queries that need the backend, in one call, and puts the answers back in order. */
export async function searchQueries(queries: readonly ClientQuery[]): Promise<InstantSearchResponse> {
  const translated = queries.map(toBackendQuery);
  const sent = translated.filter((query): query is InstantSearchQuery => query !== null);
  const answers = sent.length > 0 ? (await getApiClient().instantSearch(sent)).results : [];
  let next = 0;
  const results: (InstantSearchResult | InstantSearchFacetResult)[] = translated.map((query, index) => {
    if (query === null) return emptyResult(queries[index]!);
    const answer = answers[next];
    next += 1;
    if (!answer) throw new Error('The search answered fewer results than it was asked for.');
    return answer;
  });
  return { results };
}

/**
 * One client for the page's whole life: InstantSearch searches again whenever it is handed a new
 * client, so it must stay the same object across renders.
 */
export const searchClient = {
  search: (queries: readonly ClientQuery[]) => searchQueries(queries),
};
