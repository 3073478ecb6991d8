import Koa, { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';
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
import { AdmissionQueue, admitted, type AdmissionOptions } from './middleware/admission.ts';
import { dirname } from 'node:path';
import { indexerProcessEnv } from './config.ts';
import { adminSession, sessionOf } from './middleware/admin-auth.ts';
import { adminApiGate, adminPages, normalisePath } from './middleware/admin-pages.ts';
import { publicCache } from './middleware/cache-headers.ts';
import { ListAnswerCache } from './middleware/index-cached.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { createApiRouter } from './routes/index.ts';
import { createSitemapsRouter } from './routes/sitemaps/sitemaps.ts';
import type { AppDeps } from './routes/deps.ts';
import { createAdminDeps } from './services/admin-deps.ts';
import { DirectoryService } from './services/directory-service.ts';
import { countVisitors } from './services/visitor-counter.ts';
import { ContactInbox } from './services/contact-inbox.ts';
import { createRateLimits, type RateLimitRule } from './services/rate-limits.ts';
import { ImportService } from './services/import-service.ts';
import { SitemapService } from './services/sitemap-service.ts';
import { createInProcessApiClient } from './ssr/in-process-api-client.ts';
import { pageRenderer, type ServerEntry } from './ssr/page-renderer.ts';

export interface AppOptions {
  record: RecordDatabase;
  engine: SearchEngine;
  listingPolicy: ListingPolicy;
  isDevelopment?: boolean;
  /** The admission queue's bounds; defaults suit the embedded engine. */
  admission?: AdmissionOptions;
  /** Environment of index rebuilds started from the admin area; by default the record's directory and this engine. */
  indexerEnv?: NodeJS.ProcessEnv;
  /** Per-address limits of contact messages and search calls; the defaults of rate-limits.ts. */
  rateLimits?: { contact: RateLimitRule; search: RateLimitRule };
}

/** One job at a time (SQLite is synchronous anyway), 64 waiting, none run after waiting a second. */
export const DEFAULT_ADMISSION: AdmissionOptions = { concurrency: 1, maxQueued: 64, maxWaitMs: 1000 };
/** Memory for ready list answers: every letter's and country's lists fit many times over. */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;


/** Wires repositories, services and routes over an open record and engine. */
export function createDeps(options: AppOptions): AppDeps {
  const businesses = new BusinessRepository(options.record);
  const sync = new IndexSync(options.record, options.engine, options.listingPolicy);
  const indexerEnv =
    options.indexerEnv ??
    indexerProcessEnv({ dataDir: dirname(options.record.name), engine: options.engine.name, listingPolicy: options.listingPolicy });
  const admin = createAdminDeps(options.record, options.engine, sync, indexerEnv);
  const contacts = new ContactRepository(options.record);
  const rateLimits = createRateLimits(options.rateLimits);
  const deps: AppDeps = {
    record: options.record,
    engine: options.engine,
    sync,
    businesses,
    contacts,
    inbox: new ContactInbox(contacts, rateLimits.contact),
    rateLimits,
    site: new SiteRepository(options.record),
    directory: new DirectoryService(options.engine, businesses, options.listingPolicy),
    sitemaps: new SitemapService(new SitemapRepository(options.record, options.listingPolicy), options.engine),
    admission: new AdmissionQueue(options.admission ?? DEFAULT_ADMISSION),
    listCache: new ListAnswerCache({ maxBytes: LIST_CACHE_BYTES }),
    admin,
    // A large import's rebuild runs in the admin area's child process, never on the server's event loop.
    imports: new ImportService(options.record, options.engine, sync, options.listingPolicy, {
      rebuild: () => {
        admin.reindex.start();
        return admin.reindex.whenIdle();
      },
    }),
  };
  // "Clear cache" in the admin area empties these (pages' own ETags are hashes of their bodies: fresh by themselves).
  deps.admin.caches.register('list answers and their ETags', () => deps.listCache.clear());
  deps.admin.caches.register('lists of server-rendered pages', () => deps.directory.clearLists());
  return deps;
}

/** The built site: the server entry, the HTML template, the browser assets. */
export interface SiteBundle {
  entry: ServerEntry;
  templateFile: string;
  /** Directory of the browser build; absent when tests render from source. */
  assetsDir?: string;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Request bodies up to 100 kB; a signed-in operator's JSON up to 1 MB, so the four ad areas
 * (50 KB each, refused past that with a clear 413 by their handler) and the site snippets fit.
 */
function bodyParser(): Middleware {
  const regular = koaBody({ jsonLimit: '100kb', formLimit: '100kb', textLimit: '100kb', multipart: false });
  const operator = koaBody({ jsonLimit: '1mb', formLimit: '100kb', textLimit: '100kb', multipart: false });
  return (ctx, next) => (sessionOf(ctx) && ctx.path.startsWith('/api/admin/') ? operator(ctx, next) : regular(ctx, next));
}

/** The Koa application: error rendering, body parsing, the API, static assets, server-rendered pages. */
export function createApp(
  deps: AppDeps,
  options: { isDevelopment?: boolean; site?: SiteBundle; isProxyTrusted?: boolean } = {},
): Koa {
  const app = new Koa();
  // Only behind a proxy (TRUST_PROXY=true) are X-Forwarded-* believed: otherwise anyone could
  // pick the address the login throttle counts, or pass for HTTPS.
  app.proxy = options.isProxyTrusted ?? false;
  app.use(normalisePath);
  app.use(errorHandler({ isDevelopment: options.isDevelopment ?? false }));
  app.use(securityHeaders());
  // Pages and JSON compressed on the way out (after the ETag is set on the plain body, so a 304
  // costs no compression). Brotli at quality 4: close to gzip's speed, smaller than gzip -6.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 }, deflate: false }));
  app.use(conditional());
  app.use(etag());
  app.use(adminSession(deps.admin.sessions));
  app.use(bodyParser());
  app.use(publicCache());
  app.use(countVisitors(deps.admin.visitors));
  app.use(adminApiGate);
  const api = createApiRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  // robots.txt and the sitemaps live at the site root, ahead of static files and pages.
  const sitemaps = createSitemapsRouter(deps);
  app.use(sitemaps.routes());
  app.use(sitemaps.allowedMethods());
  app.use(adminPages);
  if (options.site) {
    if (options.site.assetsDir) {
      // Hashed file names: cache for a year. index.html is a template, never served as a file.
      app.use(serve(options.site.assetsDir, { index: false, maxage: ONE_YEAR_MS, immutable: true, gzip: true, brotli: true }));
    }
    options.site.entry.setApiClient(createInProcessApiClient(deps, app));
    // Rendering a page runs its list and search reads: it waits its turn like the API calls.
    app.use(admitted(deps.admission));
    app.use(
      pageRenderer({
        entry: options.site.entry,
        templateFile: options.site.templateFile,
        site: deps.site,
        isGoneSlug: (slug) => deps.admin.businesses.repository.isGone(slug),
      }),
    );
  }
  return app;
}
