import Router from '@koa/router';
import fresh from 'fresh';
import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { notFound } from '../../errors.ts';
import { acceptsGzip } from '../../middleware/compression-settings.ts';
import { listEtag } from '../../middleware/index-cached.ts';
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
import type { KeptSitemaps, SitemapWriter } from './kept-sitemaps.ts';
import { presentSitemapIndex, presentUrlset, streamUrlset } from './sitemap-xml.ts';
import type { SiteOrigin } from '../../site-origin.ts';

const XML_TYPE = 'application/xml; charset=utf-8';
/** Crawlers and a CDN may keep a sitemap or robots.txt for an hour. */
const ONE_HOUR_CACHE = 'public, max-age=3600';

function answer(ctx: Context, type: string, body: string | Readable): void {
  ctx.body = body;
  ctx.type = type;
  ctx.set('Cache-Control', ONE_HOUR_CACHE);
}

/**
 * robots.txt, the sitemap index and the sitemap files, served at the site root. A GET of a file
 * written from the index (all but main.xml) that takes gzip, as every crawler does, is answered
 * from `kept` (see KeptSitemaps), with an ETag of the file's index generation; HEAD and a client
 * without gzip get the file written for them. Every URL in them starts with `originOf` (PUBLIC_URL,
 * or the request's origin: then a file is kept per origin).
 */
export function createSitemapsRouter(
  { sitemaps, generation, originOf }: { sitemaps: SitemapService; generation: () => Promise<string>; originOf: SiteOrigin },
  kept: KeptSitemaps,
): Router {
  const router = new Router();
  const sendSitemap = async (ctx: Context, write: SitemapWriter) => {
    if (ctx.method !== 'GET' || !acceptsGzip(ctx.get('accept-encoding'))) {
      const xml = await write();
      if (xml === null) throw notFound('Sitemap not found');
      answer(ctx, XML_TYPE, xml);
      return;
    }
    const key = `${originOf(ctx)}${ctx.path}`;
    const file = await kept.get(key, await generation(), write);
    if (file === null) throw notFound('Sitemap not found');
    ctx.type = XML_TYPE;
    ctx.set('Cache-Control', ONE_HOUR_CACHE);
    ctx.set('ETag', listEtag(`${file.generation}#${kept.epoch}`, key));
    ctx.vary('Accept-Encoding');
    if (fresh(ctx.req.headers, { etag: ctx.response.get('ETag') })) {
      ctx.status = 304;
      return;
    }
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = file.gzip;
  };
  router.get('/robots.txt', validate(RobotsTxtSchema), (ctx) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      // Search pages are crawled: a what-and-where search with results may be indexed, its
      // variations say noindex in their head, which a crawler kept out could not read.
      '',
      `Sitemap: ${originOf(ctx)}/sitemap.xml`,
    ];
    answer(ctx, 'text/plain; charset=utf-8', `${lines.join('\n')}\n`);
  });
  router.get('/sitemap.xml', validate(SitemapIndexSchema), (ctx) =>
    sendSitemap(ctx, async () => presentSitemapIndex(originOf(ctx), await sitemaps.index())),
  );
  // Ten fixed pages, from no index: written for each request.
  router.get('/sitemaps/main.xml', validate(MainSitemapSchema), (ctx) => {
    answer(ctx, XML_TYPE, presentUrlset(originOf(ctx), sitemaps.main()));
  });
  router.get('/sitemaps/categories.xml', validate(CategoriesSitemapSchema), (ctx) =>
    sendSitemap(ctx, async () => presentUrlset(originOf(ctx), await sitemaps.categories())),
  );
  router.get('/sitemaps/countries.xml', validate(CountriesSitemapSchema), (ctx) =>
    sendSitemap(ctx, async () => presentUrlset(originOf(ctx), await sitemaps.countries())),
  );
  router.get('/sitemaps/cities.xml', validate(CitiesSitemapSchema), (ctx) => sendSitemap(ctx, async () => presentUrlset(originOf(ctx), await sitemaps.cities())));
  router.get('/sitemaps/businesses/page-:page.xml', validate(BusinessSitemapSchema), (ctx) => {
    const { params } = ctx.state.input as BusinessSitemapReq;
    return sendSitemap(ctx, async () => {
      const chunks = params.page === null ? null : await sitemaps.businessPage(params.page);
      return chunks && streamUrlset(originOf(ctx), chunks);
    });
  });
  return router;
}
