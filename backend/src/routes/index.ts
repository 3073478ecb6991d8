import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.ts';
import { notFound } from '../errors.ts';
import { createBusinessesRouter } from './businesses/businesses.ts';
import { createCategoriesRouter } from './categories/categories.ts';
import { createCitiesRouter } from './cities/cities.ts';
import { createContactRouter } from './contact/contact.ts';
import { createCountriesRouter } from './countries/countries.ts';
import type { AppDeps } from './deps.ts';
import { createHomeRouter } from './home/home.ts';
import { createImportRouter } from './imports/imports.ts';
import { createSearchRouter } from './search/search.ts';
import { createSiteRouter } from './site/site.ts';

/**
 * Import and export are admin calls. Until the admin session guards (requireAdmin,
 * requireAdminWrite) are merged in, they answer 401 to everyone; the lead wires the real
 * guards here at merge.
 */
const refuseUntilWired: Middleware = () => {
  throw new ApiError(401, 'unauthorized', 'An administrator session is required.');
};

/** Every `/api` route group, then a JSON 404 for any other `/api` path. */
export function createApiRouter(deps: AppDeps): Router {
  const api = new Router({ prefix: '/api' });
  for (const group of [
    createHomeRouter(deps),
    createBusinessesRouter(deps),
    createCategoriesRouter(deps),
    createCountriesRouter(deps),
    createCitiesRouter(deps),
    createContactRouter(deps),
    createSiteRouter(deps),
    createSearchRouter(deps),
    createImportRouter({ imports: deps.imports, record: deps.record, guardRead: refuseUntilWired, guardWrite: refuseUntilWired }),
  ]) {
    api.use(group.routes(), group.allowedMethods());
  }
  api.all('/{*rest}', () => {
    throw notFound('No such API endpoint');
  });
  return api;
}
