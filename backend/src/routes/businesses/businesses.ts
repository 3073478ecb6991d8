import Router from '@koa/router';
import { gone, notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { presentBusinessDetail } from '../../presenters/business.ts';
import { presentBusinessPage } from '../../presenters/pages.ts';
import { BUSINESS_MAX_PAGE } from '../../services/directory-service.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import { BusinessDetailSchema, BusinessesListSchema, type BusinessDetailReq, type BusinessesListReq } from './schema.ts';

export function createBusinessesRouter(deps: AppDeps): Router {
  const { directory, admin } = deps;
  const router = new Router();
  router.get('/businesses', validate(BusinessesListSchema), ...indexBacked(deps), async (ctx) => {
    const { query } = ctx.state.input as BusinessesListReq;
    ctx.body = presentBusinessPage(await directory.businessPage(query.page), BUSINESS_MAX_PAGE);
  });
  router.get('/businesses/:slug', validate(BusinessDetailSchema), async (ctx) => {
    const { params } = ctx.state.input as BusinessDetailReq;
    const found = directory.business(params.slug);
    if (found.kind === 'missing') {
      // A deleted business is gone for good: 410 tells crawlers to drop it.
      if (admin.businesses.repository.isGone(params.slug)) throw gone('This business was removed from the directory');
      throw notFound('Business not found');
    }
    if (found.kind === 'moved') {
      ctx.status = 301;
      ctx.redirect(`/api/businesses/${encodeURIComponent(found.slug)}`);
      return;
    }
    ctx.body = presentBusinessDetail(found.row);
  });
  return router;
}
