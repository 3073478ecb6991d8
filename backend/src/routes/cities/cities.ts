import Router from '@koa/router';
import { notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { presentCityPage } from '../../presenters/pages.ts';
import { presentCityEntry, presentPagedCities } from '../../presenters/places.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import { CitiesListSchema, CityPageSchema, type CitiesListReq, type CityPageReq } from './schema.ts';

export function createCitiesRouter(deps: AppDeps): Router {
  const { directory } = deps;
  const router = new Router();
  router.get('/cities', validate(CitiesListSchema), ...indexBacked(deps), async (ctx) => {
    const { query } = ctx.state.input as CitiesListReq;
    const filter = {
      ...(query.letter ? { letter: query.letter } : {}),
      ...(query.country ? { countryCode: query.country.toUpperCase() } : {}),
    };
    if (query.page === undefined) {
      ctx.body = (await directory.cities(filter)).map(presentCityEntry);
      return;
    }
    const result = await directory.cityPage({ ...filter, ...(query.q ? { text: query.q } : {}) }, query.page, query.limit);
    ctx.body = presentPagedCities(result, query.page, query.limit);
  });
  router.get('/cities/:countryCode/:citySlug', validate(CityPageSchema), ...indexBacked(deps), async (ctx) => {
    const { params, query } = ctx.state.input as CityPageReq;
    const found = await directory.city(params.countryCode, params.citySlug, query.page, query.limit);
    if (!found) throw notFound('City not found');
    ctx.body = presentCityPage(found.detail, found.page);
  });
  return router;
}
