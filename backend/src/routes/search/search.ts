import Router from '@koa/router';
import type { SearchRequest } from '@directory/indexer/search-types.ts';
import { badRequest } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { admitted } from '../../middleware/admission.ts';
import { rateLimited } from '../../middleware/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { FilterError, multiSearch } from './instantsearch.ts';
import { presentSearchResults } from './present-search.ts';
import {
  FacetValuesSchema,
  MultiSearchSchema,
  SearchSchema,
  type FacetValuesReq,
  type MultiSearchReq,
  type SearchReq,
} from './schema.ts';

export function createSearchRouter({ engine, admission, rateLimits }: AppDeps): Router {
  const router = new Router();
  // Counted before validation: a loop of bad calls costs as much as one of good ones.
  const burst = rateLimited(rateLimits.search, { id: 'too_many_searches', message: 'Too many searches in a short time. Please wait a few seconds and try again.' });
  // Searches are not cached ("open now" depends on the time): each one waits its turn.
  const admit = admitted(admission);

  router.get('/search', burst, validate(SearchSchema), admit, async (ctx) => {
    const { query } = ctx.state.input as SearchReq;
    const geo = query.bbox ?? (query.lat !== undefined && query.lng !== undefined && query.radiusKm !== undefined
      ? { lat: query.lat, lng: query.lng, radiusKm: query.radiusKm }
      : undefined);
    const request: SearchRequest = {
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
    };
    ctx.body = presentSearchResults(query.q, query.location, await engine.search(request));
  });

  router.post('/search/multi', burst, validate(MultiSearchSchema), admit, async (ctx) => {
    const { body } = ctx.state.input as MultiSearchReq;
    let results;
    try {
      results = await multiSearch(engine, body.requests, new Date());
    } catch (error) {
      if (error instanceof FilterError) throw badRequest(`Invalid request. ${error.field}: ${error.message}`, { [error.field]: [error.message] });
      throw error;
    }
    ctx.body = { results };
  });

  router.post('/search/facet-values', burst, validate(FacetValuesSchema), admit, async (ctx) => {
    const { body } = ctx.state.input as FacetValuesReq;
    const response = await engine.search({
      query: body.q,
      location: body.location,
      page: 1,
      perPage: 1,
      facetSearch: { facet: body.facet, query: body.facetQuery },
      maxFacetValues: body.maxFacetHits,
    });
    ctx.body = { facet: body.facet, facetHits: response.facetHits ?? [], isFacetExact: response.isFacetExact };
  });

  return router;
}
