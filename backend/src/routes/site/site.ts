import Router from '@koa/router';
import { sessionOf } from '../../middleware/admin-auth.ts';
import { validate } from '../../middleware/validate.ts';
import type { AdminSiteSettings } from '../../shared/admin-types.ts';
import { presentContactDetails } from '../../presenters/contact-details.ts';
import type { AdvertisementCodes, ContactDetails, SiteSettings } from '../../shared/api-types.ts';
import type { AppDeps } from '../deps.ts';
import { AdvertisementCodesReadSchema, ContactDetailsReadSchema, SiteSettingsReadSchema } from './schema.ts';

/**
 * The two public reads on admin paths named by the visitor spec: site snippets and ad codes.
 * Read-only, public fields only (the analytics code is rendered into pages, not served here);
 * with an admin session the settings read has all four fields, for the settings screen. Beside
 * them, the operator's contact details that the contact and legal pages show.
 */
export function createSiteRouter({ site }: AppDeps): Router {
  const router = new Router();
  router.get('/admin/site-settings', validate(SiteSettingsReadSchema), async (ctx) => {
    const settings = site.siteSettings();
    if (sessionOf(ctx)) {
      const full: AdminSiteSettings = {
        head_tags: settings.head_tags,
        footer_tags: settings.footer_tags,
        analytics_code: settings.analytics_code,
        facebook_pixel: settings.facebook_pixel,
      };
      ctx.body = full;
      return;
    }
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
  router.get('/contact-details', validate(ContactDetailsReadSchema), async (ctx) => {
    const body: ContactDetails = presentContactDetails(site.contactDetails());
    ctx.body = body;
  });
  return router;
}
