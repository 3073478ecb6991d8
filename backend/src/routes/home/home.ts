import Router from '@koa/router';
import { presentFeaturedBusiness } from '../../presenters/business.ts';
import { presentHomepage } from '../../presenters/pages.ts';
import { validate } from '../../middleware/validate.ts';
import type { AppDeps } from '../deps.ts';
import { FeaturedBusinessesSchema, HomepageDataSchema } from './schema.ts';

export function createHomeRouter({ directory }: AppDeps): Router {
  const router = new Router();
  router.get('/homepage-data', validate(HomepageDataSchema), async (ctx) => {
    ctx.body = presentHomepage(await directory.home());
  });
  router.get('/featured-businesses', validate(FeaturedBusinessesSchema), async (ctx) => {
    ctx.body = (await directory.featured()).map(presentFeaturedBusiness);
  });
  return router;
}
