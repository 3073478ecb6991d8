import Router from '@koa/router';
import { notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { presentCountryPage } from '../../presenters/pages.ts';
import { presentCountryEntry } from '../../presenters/places.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import { CountriesListSchema, CountryPageSchema, type CountryPageReq } from './schema.ts';

export function createCountriesRouter(deps: AppDeps): Router {
  const { directory } = deps;
  const router = new Router();
  router.get('/countries', validate(CountriesListSchema), ...indexBacked(deps), async (ctx) => {
    ctx.body = (await directory.countries()).map(presentCountryEntry);
  });
  router.get('/countries/:slug', validate(CountryPageSchema), ...indexBacked(deps), async (ctx) => {
    const { params } = ctx.state.input as CountryPageReq;
    const detail = await directory.country(params.slug);
    if (!detail) throw notFound('Country not found');
    ctx.body = presentCountryPage(detail);
  });
  return router;
}
