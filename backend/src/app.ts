import Koa from 'koa';
import { koaBody } from 'koa-body';
import etag from '@koa/etag';
import conditional from 'koa-conditional-get';
import serve from 'koa-static';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import type { ListingPolicy } from '@directory/indexer/record-source.ts';
import { IndexSync } from '@directory/indexer/sync.ts';
import { BusinessRepository } from './db/business-repository.ts';
import { ContactRepository } from './db/contact-repository.ts';
import { SiteRepository } from './db/site-repository.ts';
import { SitemapRepository } from './db/sitemap-repository.ts';
import { publicCache } from './middleware/cache-headers.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { createApiRouter } from './routes/index.ts';
import { createSitemapsRouter } from './routes/sitemaps/sitemaps.ts';
import type { AppDeps } from './routes/deps.ts';
import { DirectoryService } from './services/directory-service.ts';
import { ImportService } from './services/import-service.ts';
import { SitemapService } from './services/sitemap-service.ts';
import { createInProcessApiClient } from './ssr/in-process-api-client.ts';
import { pageRenderer, type ServerEntry } from './ssr/page-renderer.ts';

export interface AppOptions {
  record: RecordDatabase;
  engine: SearchEngine;
  listingPolicy: ListingPolicy;
  isDevelopment?: boolean;
}


/** Wires repositories, services and routes over an open record and engine. */
export function createDeps(options: AppOptions): AppDeps {
  const businesses = new BusinessRepository(options.record);
  const sync = new IndexSync(options.record, options.engine, options.listingPolicy);
  return {
    record: options.record,
    engine: options.engine,
    sync,
    businesses,
    contacts: new ContactRepository(options.record),
    site: new SiteRepository(options.record),
    directory: new DirectoryService(options.engine, businesses),
    sitemaps: new SitemapService(new SitemapRepository(options.record, options.listingPolicy), options.engine),
    imports: new ImportService(options.record, options.engine, sync, options.listingPolicy),
  };
}

/** The built site: the server entry, the HTML template, the browser assets. */
export interface SiteBundle {
  entry: ServerEntry;
  templateFile: string;
  /** Directory of the browser build; absent when tests render from source. */
  assetsDir?: string;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** The Koa application: error rendering, body parsing, the API, static assets, server-rendered pages. */
export function createApp(deps: AppDeps, options: { isDevelopment?: boolean; site?: SiteBundle } = {}): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(errorHandler({ isDevelopment: options.isDevelopment ?? false }));
  app.use(securityHeaders());
  app.use(conditional());
  app.use(etag());
  app.use(koaBody({ jsonLimit: '100kb', formLimit: '100kb', textLimit: '100kb', multipart: false }));
  app.use(publicCache({ maxAgeSeconds: 60, staleSeconds: 600 }));
  const api = createApiRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  // robots.txt and the sitemaps live at the site root, ahead of static files and pages.
  const sitemaps = createSitemapsRouter(deps);
  app.use(sitemaps.routes());
  app.use(sitemaps.allowedMethods());
  if (options.site) {
    if (options.site.assetsDir) {
      // Hashed file names: cache for a year. index.html is a template, never served as a file.
      app.use(serve(options.site.assetsDir, { index: false, maxage: ONE_YEAR_MS, immutable: true, gzip: true }));
    }
    options.site.entry.setApiClient(createInProcessApiClient(deps));
    app.use(pageRenderer({ entry: options.site.entry, templateFile: options.site.templateFile, site: deps.site }));
  }
  return app;
}
