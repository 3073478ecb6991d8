import Router from '@koa/router';
import { presentFeaturedBusiness } from '../../presenters/business.ts';
import { presentHomepage } from '../../presenters/pages.ts';
import { validate } from '../../middleware/validate.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import { FeaturedBusinessesSchema, HomepageDataSchema } from './schema.ts';

export function createHomeRouter(deps: AppDeps): Router {
  const { directory } = deps;
  const router = new Router();
  router.get('/homepage-data', validate(HomepageDataSchema), ...indexBacked(deps), async (ctx) => {
    ctx.body = presentHomepage(await directory.home());
  });
  router.get('/featured-businesses', validate(FeaturedBusinessesSchema), ...indexBacked(deps), async (ctx) => {
    ctx.body = (await directory.featured()).map(presentFeaturedBusiness);
  });
  return router;
}
