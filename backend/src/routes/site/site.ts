import Router from '@koa/router';
import { validate } from '../../middleware/validate.ts';
import type { AdvertisementCodes, SiteSettings } from '../../shared/api-types.ts';
import type { AppDeps } from '../deps.ts';
import { AdvertisementCodesReadSchema, SiteSettingsReadSchema } from './schema.ts';

/**
 * The two public reads on admin paths named by the visitor spec: site snippets and ad codes.
 * Read-only, public fields only (the analytics code is rendered into pages, not served here).
 */
export function createSiteRouter({ site }: AppDeps): Router {
  const router = new Router();
  router.get('/admin/site-settings', validate(SiteSettingsReadSchema), async (ctx) => {
    const settings = site.siteSettings();
    const body: SiteSettings = {
      head_tags: settings.head_tags,
      facebook_pixel: settings.facebook_pixel,
      footer_tags: settings.footer_tags,
    };
    ctx.body = body;
  });
  router.get('/admin/advertisement-codes', validate(AdvertisementCodesReadSchema), async (ctx) => {
    const body: AdvertisementCodes = site.advertisementCodes();
    ctx.body = body;
  });
  return router;
}
