import Router from '@koa/router';
import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { notFound } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import type { SitemapService } from '../../services/sitemap-service.ts';
import {
  BusinessSitemapSchema,
  CategoriesSitemapSchema,
  CitiesSitemapSchema,
  CountriesSitemapSchema,
  MainSitemapSchema,
  RobotsTxtSchema,
  SitemapIndexSchema,
  type BusinessSitemapReq,
} from './schema.ts';
import { presentSitemapIndex, presentUrlset, streamUrlset } from './sitemap-xml.ts';

const XML_TYPE = 'application/xml; charset=utf-8';
/** Crawlers and a CDN may keep a sitemap or robots.txt for an hour. */
const ONE_HOUR_CACHE = 'public, max-age=3600';

/**
 * The absolute origin of the site as the visitor reached it; `app.proxy` is on, so Koa takes
 * the scheme and host from X-Forwarded-Proto/Host when a proxy sets them.
 */
const originOf = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

function answer(ctx: Context, type: string, body: string | Readable): void {
  ctx.body = body;
  ctx.type = type;
  ctx.set('Cache-Control', ONE_HOUR_CACHE);
}

/** robots.txt, the sitemap index and the sitemap files, served at the site root. */
export function createSitemapsRouter({ sitemaps }: { sitemaps: SitemapService }): Router {
  const router = new Router();
  router.get('/robots.txt', validate(RobotsTxtSchema), (ctx) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      // Search result pages are noindex.
      'Disallow: /search',
      '',
      `Sitemap: ${originOf(ctx)}/sitemap.xml`,
    ];
    answer(ctx, 'text/plain; charset=utf-8', `${lines.join('\n')}\n`);
  });
  router.get('/sitemap.xml', validate(SitemapIndexSchema), async (ctx) => {
    answer(ctx, XML_TYPE, presentSitemapIndex(originOf(ctx), await sitemaps.index()));
  });
  router.get('/sitemaps/main.xml', validate(MainSitemapSchema), (ctx) => {
    answer(ctx, XML_TYPE, presentUrlset(originOf(ctx), sitemaps.main()));
  });
  router.get('/sitemaps/categories.xml', validate(CategoriesSitemapSchema), async (ctx) => {
    answer(ctx, XML_TYPE, presentUrlset(originOf(ctx), await sitemaps.categories()));
  });
  router.get('/sitemaps/countries.xml', validate(CountriesSitemapSchema), async (ctx) => {
    answer(ctx, XML_TYPE, presentUrlset(originOf(ctx), await sitemaps.countries()));
  });
  router.get('/sitemaps/cities.xml', validate(CitiesSitemapSchema), async (ctx) => {
    answer(ctx, XML_TYPE, presentUrlset(originOf(ctx), await sitemaps.cities()));
  });
  router.get('/sitemaps/businesses/page-:page.xml', validate(BusinessSitemapSchema), async (ctx) => {
    const { params } = ctx.state.input as BusinessSitemapReq;
    const chunks = params.page === null ? null : await sitemaps.businessPage(params.page);
    if (!chunks) throw notFound('Sitemap not found');
    answer(ctx, XML_TYPE, streamUrlset(originOf(ctx), chunks));
  });
  return router;
}
