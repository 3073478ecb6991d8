import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa, { type Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import compress from 'koa-compress';
import etag from '@koa/etag';
import conditional from 'koa-conditional-get';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import type { ListingPolicy } from '@directory/indexer/record-source.ts';
import { REBUILD_THRESHOLD } from '@directory/indexer/config.ts';
import { IndexSync } from '@directory/indexer/sync.ts';
import { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import { BusinessRepository } from './db/business-repository.ts';
import { ContactRepository } from './db/contact-repository.ts';
import { SiteRepository } from './db/site-repository.ts';
import { SitemapRepository } from './db/sitemap-repository.ts';
import { AdmissionQueue, admitted, DEFAULT_ADMISSION, syncYield, type AdmissionOptions } from './middleware/admission.ts';
import { dirname } from 'node:path';
import { indexerProcessEnv } from './config.ts';
import { adminSession, sessionOf } from './middleware/admin-auth.ts';
import { adminApiGate, adminPages, normalisePath } from './middleware/admin-pages.ts';
import { auditRefusedWrites } from './middleware/audit-refusals.ts';
import { publicCache } from './middleware/cache-headers.ts';
import { leanListAnswers, ListAnswerCache } from './middleware/index-cached.ts';
import { COMPRESSION } from './middleware/compression-settings.ts';
import { CompressionThreads, ZlibCompressor } from './middleware/body-compressor.ts';
import { compressInMemory } from './middleware/compress-in-memory.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { engineFailures } from './middleware/engine-availability.ts';
import { EngineHealth } from './services/engine-health.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { staticAssets } from './middleware/static-assets.ts';
import { createApiRouter } from './routes/index.ts';
import { KeptSitemaps } from './routes/sitemaps/kept-sitemaps.ts';
import { createSitemapsRouter } from './routes/sitemaps/sitemaps.ts';
import type { AppDeps } from './routes/deps.ts';
import { createAdminDeps } from './services/admin-deps.ts';
import { DirectoryService } from './services/directory-service.ts';
import { countVisitors } from './services/visitor-counter.ts';
import { ContactInbox } from './services/contact-inbox.ts';
import { createRateLimits, type RateLimitRule } from './services/rate-limits.ts';
import { ImportService } from './services/import-service.ts';
import { rebuildBoundImportCheck } from './db/import-report-repository.ts';
import { SitemapService } from './services/sitemap-service.ts';
import { InProcessSearch, SearchPool, type SearchAnswerer } from './services/search-pool.ts';
import { SearchAnswerCache } from './services/search-answer-cache.ts';
import { createInProcessApiClient } from './ssr/in-process-api-client.ts';
import { cachedPages, RenderedPageCache, timedPages } from './ssr/page-cache.ts';
import { pageRenderer, type ServerEntry } from './ssr/page-renderer.ts';
import { siteOrigin } from './site-origin.ts';

export interface AppOptions {
  record: RecordDatabase;
  engine: SearchEngine;
  listingPolicy: ListingPolicy;
  isDevelopment?: boolean;
  /** The admission queue's bounds; defaults suit the embedded engine. */
  admission?: AdmissionOptions;
  /** Environment of index rebuilds started from the admin area; by default the record's directory and this engine. */
  indexerEnv?: NodeJS.ProcessEnv;
  /**
   * Worker threads answering searches of the embedded engine, each on its own read-only
   * connection to the index; 0 (the default) answers them in this thread, as the Meilisearch
   * engine always does.
   */
  searchThreads?: number;
  /** Threads compressing answers held in memory (pages, JSON); 0 (the default) compresses them on libuv's pool. */
  compressionThreads?: number;
  /** Throws while the engine cannot be reached (by default, reads its position); the server also builds a missing index in it. */
  engineProbe?: () => Promise<void>;
  /** Where the server's own notices go (the engine found unreachable, then back). */
  log?: (line: string) => void;
  /** Rows written by one imported file, or change-log entries waiting, above which the index is rebuilt (IMPORT_REBUILD_THRESHOLD); REBUILD_THRESHOLD by default. */
  importRebuildThreshold?: number;
  /** Per-address limits of contact messages and search calls; the defaults of rate-limits.ts. */
  rateLimits?: { contact: RateLimitRule; search: RateLimitRule };
  /** Memory for search answers kept per index generation (SEARCH_CACHE_MB); 0 runs every search. */
  searchCacheBytes?: number;
}

/** Memory for rendered pages unless told otherwise: about 1,500 business pages. */
export const DEFAULT_PAGE_CACHE_BYTES = 96 * 1024 * 1024;
/** Memory for ready list answers: every letter's and country's lists fit many times over. */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** Memory for kept search answers unless told otherwise: a few thousand answers. */
export const DEFAULT_SEARCH_CACHE_BYTES = 32 * 1024 * 1024;


/**
 * Where searches run, and the queue they wait in. In this thread they share the one queue of
 * lists and pages (all of it is work on this event loop); on search threads they have their own,
 * letting through as many at once as the threads hold.
 */
function searchRunner(options: AppOptions, admission: AdmissionQueue): { searches: SearchAnswerer; searchAdmission: AdmissionQueue } {
  const { engine } = options;
  if (!(engine instanceof SqliteEngine) || !options.searchThreads) return { searches: new InProcessSearch(engine), searchAdmission: admission };
  const pool = new SearchPool({ threads: options.searchThreads, livePath: () => engine.livePath(), followSwap: () => engine.reopenIfSwapped() });
  // More would wait in the pool's own queue, past the admission's time limit.
  return { searches: pool, searchAdmission: new AdmissionQueue({ ...(options.admission ?? DEFAULT_ADMISSION), concurrency: pool.capacity }) };
}

/** Wires repositories, services and routes over an open record and engine. */
export function createDeps(options: AppOptions): AppDeps {
  const businesses = new BusinessRepository(options.record);
  const engineProbe = options.engineProbe ?? (async () => void (await options.engine.appliedSeq()));
  const engineHealth = new EngineHealth(async () => {
    await engineProbe();
    await sync.catchUpAfterRunning();
  }, options.log);
  const admission = new AdmissionQueue(options.admission ?? DEFAULT_ADMISSION);
  const rebuildThreshold = options.importRebuildThreshold ?? REBUILD_THRESHOLD;
  const isLargeImportRunning = rebuildBoundImportCheck(options.record, rebuildThreshold);
  // An unreachable engine is reported once by engineHealth, not at every poll of the change log.
  const sync = new IndexSync(options.record, options.engine, options.listingPolicy, {
    onError: (error) => {
      if (!engineHealth.noteFailure(error)) console.error('index sync failed:', error);
    },
    yieldAfterBatch: syncYield(admission),
    // While a large import runs, and while the rebuild that ends it runs, its rows wait in the
    // change log: the rebuild carries them, so applying them one batch at a time is work thrown away.
    isDeferred: () => isLargeImportRunning() || deps.imports.isRebuilding(),
    // Rows written outside an import (a script, a maintenance task) past the same threshold: the
    // same child-process rebuild, which waits for one already running rather than starting another.
    backlog: {
      threshold: rebuildThreshold,
      rebuild: async (pending) => {
        (options.log ?? console.log)(
          `${pending} changes wait in the change log (over IMPORT_REBUILD_THRESHOLD, ${rebuildThreshold}): rebuilding the search index in a child process instead of applying them one by one.`,
        );
        if (!admin.reindex.isRunning()) admin.reindex.start();
        await admin.reindex.whenIdle();
        return admin.reindex.current().state === 'succeeded';
      },
    },
  });
  const indexerEnv =
    options.indexerEnv ??
    indexerProcessEnv({ dataDir: dirname(options.record.name), engine: options.engine.name, listingPolicy: options.listingPolicy });
  const admin = createAdminDeps(options.record, options.engine, sync, indexerEnv);
  const contacts = new ContactRepository(options.record);
  const rateLimits = createRateLimits(options.rateLimits);
  const runner = searchRunner(options, admission);
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
    admission,
    ...runner,
    searchAnswers: new SearchAnswerCache(runner.searches, () => options.engine.generation(), {
      maxBytes: options.searchCacheBytes ?? DEFAULT_SEARCH_CACHE_BYTES,
    }),
    listCache: new ListAnswerCache({ maxBytes: LIST_CACHE_BYTES }),
    compressor: options.compressionThreads ? new CompressionThreads(options.compressionThreads, options.log ? { log: options.log } : {}) : new ZlibCompressor(),
    admin,
    engineHealth,
    // A large import's rebuild runs in the admin area's child process, never on the server's event loop.
    imports: new ImportService(options.record, options.engine, sync, options.listingPolicy, {
      rebuild: () => {
        admin.reindex.start();
        return admin.reindex.whenIdle();
      },
      ...(options.importRebuildThreshold === undefined ? {} : { rebuildThreshold: options.importRebuildThreshold }),
    }),
  };
  // "Clear cache" in the admin area empties these (pages' own ETags are hashes of their bodies: fresh by themselves).
  deps.admin.caches.register('list_answers', () => deps.listCache.clear());
  deps.admin.caches.register('search_answers', () => deps.searchAnswers.clear());
  deps.admin.caches.register('page_lists', () => deps.directory.clearLists());
  return deps;
}

/** The built site: the server entry, the HTML template, the browser assets. */
export interface SiteBundle {
  entry: ServerEntry;
  templateFile: string;
  /** Directory of the browser build; absent when tests render from source. */
  assetsDir?: string;
}


/**
 * Request bodies up to 100 kB; a signed-in operator's JSON up to 1 MB, so the four ad areas
 * (50 KB each, refused past that with a clear 413 by their handler) and the site snippets fit.
 * A DELETE's body is read too, so that one sending fields (`{"ids": [1, 2]}`) is refused by its
 * schema instead of deleting what its path names as if they were not there.
 */
function bodyParser(): Middleware {
  const parsedMethods = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];
  const regular = koaBody({ jsonLimit: '100kb', formLimit: '100kb', textLimit: '100kb', multipart: false, parsedMethods });
  const operator = koaBody({ jsonLimit: '1mb', formLimit: '100kb', textLimit: '100kb', multipart: false, parsedMethods });
  return (ctx, next) => (sessionOf(ctx) && ctx.path.startsWith('/api/admin/') ? operator(ctx, next) : regular(ctx, next));
}

/** Errors of a client that left before its answer was written: nothing went wrong on our side. */
const CLIENT_GONE = new Set(['EPIPE', 'ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Koa's last word on an error outside the error handler (a response stream failing while it is
 * written): a client that hung up mid-answer is not logged (a load test ending, a visitor closing
 * the tab: under load they came by the thousand, each with a stack), anything else is, as Koa would.
 */
export function logAppError(error: Error & { code?: string; status?: number; expose?: boolean }): void {
  if ((error.code !== undefined && CLIENT_GONE.has(error.code)) || error.status === 404 || error.expose) return;
  console.error(`\n  ${(error.stack ?? String(error)).replaceAll('\n', '\n  ')}\n`);
}

type LeanPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A Koa application whose request listener first offers each request to `lean`, which answers it or passes it on. */
class AppWithLeanPath extends Koa {
  constructor(private readonly lean: LeanPath) {
    super();
  }

  override callback(): ReturnType<Koa['callback']> {
    const handle = super.callback();
    return (req, res) => {
      let passed: ReturnType<typeof handle> | undefined;
      // Served over HTTP/1 only (http-server.ts).
      this.lean(req as IncomingMessage, res as ServerResponse, () => {
        passed = handle(req, res);
      });
      return passed ?? Promise.resolve();
    };
  }
}

/** The Koa application: error rendering, body parsing, the API, static assets, server-rendered pages. */
export function createApp(
  deps: AppDeps,
  options: {
    isDevelopment?: boolean;
    site?: SiteBundle;
    isProxyTrusted?: boolean;
    /** With isProxyTrusted: how many proxies stand in front, each appending the address it saw to X-Forwarded-For (1 by default). */
    trustedProxies?: number;
    /** PUBLIC_URL: the origin of every absolute URL the site writes; by default each request's own. */
    publicUrl?: string;
    pageCacheBytes?: number;
    /** How long a kept index page or sitemap file is served after the index changed under it (PAGE_STALE_SECONDS); 0 by default: rendered again at once. */
    pageStaleSeconds?: number;
  } = {},
): Koa {
  // A ready list answer of this index generation, to a visitor without cookies, is answered in
  // front of Koa: the same headers and bytes as the full path, without its context and chain.
  const app = new AppWithLeanPath(leanListAnswers(deps.listCache, () => deps.engine.generation(), { isProxyTrusted: options.isProxyTrusted ?? false }));
  app.on('error', logAppError);
  // Only behind a proxy (TRUST_PROXY) are X-Forwarded-* believed: otherwise anyone could pick
  // the address the login throttle counts, or pass for HTTPS. Even then the client writes the
  // start of X-Forwarded-For itself (a proxy appends the address it saw): the client's address is
  // the entry the outermost of our proxies appended, as many from the end as there are proxies.
  app.proxy = options.isProxyTrusted ?? false;
  app.maxIpsCount = options.trustedProxies ?? 1;
  app.use(normalisePath);
  app.use(errorHandler({ isDevelopment: options.isDevelopment ?? false }));
  app.use(engineFailures(deps.engineHealth));
  app.use(securityHeaders());
  // Pages and JSON compressed on the way out (after the ETag is set on the plain body, so a 304
  // costs no compression): bodies in memory in one call each, streams by koa-compress.
  app.use(compress(COMPRESSION));
  app.use(compressInMemory(deps.compressor));
  app.use(conditional());
  app.use(etag());
  app.use(adminSession(deps.admin.sessions));
  // Around the body parser too: an operator's JSON it refuses is a refused write.
  app.use(auditRefusedWrites(deps.record));
  app.use(bodyParser());
  app.use(publicCache());
  app.use(countVisitors(deps.admin.visitors));
  app.use(adminApiGate);
  const api = createApiRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  // robots.txt and the sitemaps live at the site root, ahead of static files and pages.
  // Kept index pages and sitemap files alike outlive an index change by this much.
  const staleMs = (options.pageStaleSeconds ?? 0) * 1000;
  const keptSitemaps = new KeptSitemaps({ staleMs });
  deps.admin.caches.register('sitemaps', () => keptSitemaps.clear());
  const originOf = siteOrigin(options.publicUrl);
  const sitemaps = createSitemapsRouter({ sitemaps: deps.sitemaps, generation: () => deps.engine.generation(), originOf }, keptSitemaps);
  app.use(sitemaps.routes());
  app.use(sitemaps.allowedMethods());
  app.use(adminPages);
  if (options.site) {
    if (options.site.assetsDir) {
      app.use(staticAssets(options.site.assetsDir));
    }
    options.site.entry.setApiClient(createInProcessApiClient(deps, app));
    const pageCacheBytes = options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    if (pageCacheBytes > 0) {
      const pages = new RenderedPageCache({ maxBytes: pageCacheBytes });
      deps.admin.caches.register('rendered_pages', () => pages.clear());
      // A kept page shows one business's row or the index's lists, and the site's snippets and ad
      // codes: any change to them moves its version.
      app.use(
        cachedPages(
          pages,
          async (page) => {
            const content = deps.site.contentVersion();
            if (page.kind === 'business') {
              const business = deps.businesses.pageVersionOfSlug(page.slug);
              return { version: `${business?.version ?? 'none'}|${content}`, generation: null, hours: business?.hours ?? null };
            }
            // While the engine cannot be reached there is no generation to key the lists by: they are not kept.
            if (!deps.engineHealth.isAvailable()) return null;
            try {
              return { version: content, generation: await deps.engine.generation(), hours: null };
            } catch (error) {
              if (deps.engineHealth.noteFailure(error)) return null;
              throw error;
            }
          },
          { originOf, staleMs },
        ),
      );
    } else {
      app.use(timedPages((slug) => deps.businesses.pageVersionOfSlug(slug)?.hours));
    }
    // Rendering a page runs its list and search reads: it waits its turn like the API calls.
    app.use(admitted(deps.admission));
    app.use(
      pageRenderer({
        entry: options.site.entry,
        templateFile: options.site.templateFile,
        site: deps.site,
        isGoneSlug: (slug) => deps.admin.businesses.repository.isGone(slug),
        unavailableRetryAfter: () => deps.engineHealth.retryAfterSeconds(),
        originOf,
      }),
    );
  }
  return app;
}
