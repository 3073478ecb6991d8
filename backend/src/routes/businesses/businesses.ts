import Router from '@koa/router';
import { gone, notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { presentBusinessDetail, presentNearbyBusinesses } from '../../presenters/business.ts';
import { admitted } from '../../middleware/admission.ts';
import { requireEngine } from '../../middleware/engine-availability.ts';
import { presentBusinessPage } from '../../presenters/pages.ts';
import { BUSINESS_MAX_PAGE } from '../../services/directory-service.ts';
import type { AppDeps } from '../deps.ts';
import { indexBacked } from '../index-backed.ts';
import {
  BusinessDetailSchema,
  BusinessesListSchema,
  BusinessNearbySchema,
  type BusinessDetailReq,
  type BusinessesListReq,
  type BusinessNearbyReq,
} from './schema.ts';

export function createBusinessesRouter(deps: AppDeps): Router {
  const { directory, admin, admission, engineHealth } = deps;
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
  // Reads the index and the record for each business (not kept per index generation, as lists are: one answer per business).
  router.get('/businesses/:slug/nearby', validate(BusinessNearbySchema), requireEngine(engineHealth), admitted(admission), async (ctx) => {
    const { params } = ctx.state.input as BusinessNearbyReq;
    const found = await directory.nearby(params.slug);
    if (found.kind === 'missing') {
      if (admin.businesses.repository.isGone(params.slug)) throw gone('This business was removed from the directory');
      throw notFound('Business not found');
    }
    if (found.kind === 'moved') {
      ctx.status = 301;
      ctx.redirect(`/api/businesses/${encodeURIComponent(found.slug)}/nearby`);
      return;
    }
    ctx.body = presentNearbyBusinesses(found.isSameCategory, found.entries);
  });
  return router;
}
