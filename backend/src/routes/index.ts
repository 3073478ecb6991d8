import Router from '@koa/router';
import { notFound } from '../errors.ts';
import { requireAdmin, requireAdminWrite } from '../middleware/admin-auth.ts';
import { createAdminRouter } from './admin/admin.ts';
import { createAdminAuthRouter } from './admin/auth.ts';
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
    createAdminAuthRouter(deps),
    createAdminRouter(deps),
    createImportRouter({ imports: deps.imports, record: deps.record, guardRead: requireAdmin, guardWrite: requireAdminWrite }),
  ]) {
    api.use(group.routes(), group.allowedMethods());
  }
  api.all('/{*rest}', () => {
    throw notFound('No such API endpoint');
  });
  return api;
}
