import Router from '@koa/router';
import { notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { presentCategoryPage } from '../../presenters/pages.ts';
import { presentCategoryEntry } from '../../presenters/places.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import { CategoriesListSchema, CategoryPageSchema, type CategoriesListReq, type CategoryPageReq } from './schema.ts';

export function createCategoriesRouter(deps: AppDeps): Router {
  const { directory } = deps;
  const router = new Router();
  router.get('/categories', validate(CategoriesListSchema), ...indexBacked(deps), async (ctx) => {
    const { query } = ctx.state.input as CategoriesListReq;
    ctx.body = (await directory.categories(query.letter)).map(presentCategoryEntry);
  });
  router.get('/categories/:slug', validate(CategoryPageSchema), ...indexBacked(deps), async (ctx) => {
    const { params, query } = ctx.state.input as CategoryPageReq;
    const found = await directory.category(params.slug, query.page, query.limit);
    if (!found) throw notFound('Category not found');
    ctx.body = presentCategoryPage(found.detail, found.page);
  });
  return router;
}
