/**
 * The three search calls as jobs: plain data in (validated input plus the moment of the request),
 * the JSON text of the answer out. The same function answers a job in the server's thread (the
 * Meilisearch engine, or no search threads) and in a search worker thread, so both ways give the
 * same bytes.
 */
import type { SearchRequest, SearchResponse } from '@directory/indexer/search-types.ts';
import { FilterError, multiSearch, type InstantSearchRequest } from '../routes/search/instantsearch.ts';
import { presentSearchResults } from '../routes/search/present-search.ts';
import type { FacetValuesReq, SearchReq } from '../routes/search/schema.ts';
import type { FacetValuesResults, InstantSearchResponse } from '../shared/api-types.ts';

/** One search call, as the route validated it; `now` (ms since the epoch) is when "open now" is evaluated. */
export type SearchJob =
  | { kind: 'search'; query: SearchReq['query']; now: number }
  | { kind: 'multi'; requests: InstantSearchRequest[]; now: number }
  | { kind: 'facet-values'; body: FacetValuesReq['body']; now: number };

/** What answers the engine requests of a job. */
export interface JobEngine {
  search(request: SearchRequest): Promise<SearchResponse>;
}

/** The engine request of `GET /api/search`. */
export function toEngineRequest(query: SearchReq['query'], now: Date): SearchRequest {
  const geo = query.bbox ?? (query.lat !== undefined && query.lng !== undefined && query.radiusKm !== undefined
    ? { lat: query.lat, lng: query.lng, radiusKm: query.radiusKm }
    : undefined);
  return {
    query: query.q,
    location: query.location,
    filters: {
      categorySlugs: query.category,
      countryCodes: query.country,
      cities: query.city?.map((value) => {
        const [countryCode = '', citySlug = ''] = value.split(':');
        return { countryCode: countryCode.toUpperCase(), citySlug };
      }),
      minRating: query.minRating,
      openNow: query.openNow,
      geo,
    },
    sort: query.sort,
    aroundPoint: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined,
    page: query.page,
    perPage: query.perPage,
    facets: query.facets ?? ['category', 'country', 'city'],
    maxFacetValues: query.maxFacetValues,
    now,
  };
}

/** Answers a job with the JSON text of its response body; a bad multi-search filter throws a {@link FilterError}. */
export async function answerSearchJob(engine: JobEngine, job: SearchJob): Promise<string> {
  const now = new Date(job.now);
  switch (job.kind) {
    case 'search': {
      const response = await engine.search(toEngineRequest(job.query, now));
      return JSON.stringify(presentSearchResults(job.query.q, job.query.location, response));
    }
    case 'multi':
      return JSON.stringify({ results: await multiSearch(engine, job.requests, now) } satisfies InstantSearchResponse);
    case 'facet-values': {
      const { body } = job;
      const response = await engine.search({
        query: body.q,
        location: body.location,
        page: 1,
        perPage: 1,
        facetSearch: { facet: body.facet, query: body.facetQuery },
        maxFacetValues: body.maxFacetHits,
        now,
      });
      return JSON.stringify({ facet: body.facet, facetHits: response.facetHits ?? [], isFacetExact: response.isFacetExact } satisfies FacetValuesResults);
    }
  }
}

/** A job's failure as plain data, so it crosses a thread and is thrown again on the other side. */
export type JobFailure = { kind: 'filter'; field: string; message: string } | { kind: 'error'; message: string; stack?: string };

export function toJobFailure(error: unknown): JobFailure {
  if (error instanceof FilterError) return { kind: 'filter', field: error.field, message: error.message };
  if (error instanceof Error) return { kind: 'error', message: error.message, stack: error.stack };
  return { kind: 'error', message: String(error) };
}

export function fromJobFailure(failure: JobFailure): Error {
  if (failure.kind === 'filter') return new FilterError(failure.field, failure.message);
  const error = new Error(`Search worker: ${failure.message}`);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
