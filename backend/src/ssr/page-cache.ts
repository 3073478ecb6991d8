import type { Middleware } from 'koa';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { sessionOf } from '../middleware/admin-auth.ts';
import { listEtag } from '../middleware/index-cached.ts';
import { acceptsGzip } from '../middleware/compression-settings.ts';
import { GzipTemplate } from './gzip-template.ts';
import { pageText, sendGzippedPage, sendPage, sendUnpackedPage, type PreparedPage } from './page-renderer.ts';
import { NONCE_LENGTH, NONCE_PLACEHOLDER } from './script-nonce.ts';
import { unchangedUntil } from '@directory/frontend/src/features/business/hours.ts';
import { businessSlugOf } from './page-path.ts';
import { pageUrlOf, type SiteOrigin } from '../site-origin.ts';
import { FRESHNESS_SECONDS, isOpenNowQuery } from '../shared/freshness.ts';

/**
 * Index pages rendered at once, beyond which a page the last index change retired is served as it
 * was (see `RenderedPageCache.get`): two, so that one renders while the other waits for its reads.
 */
export const DEFAULT_MAX_INDEX_RENDERS = 2;

/** Index generations remembered with when they were first seen: a page older than the oldest is rendered anew. */
const GENERATIONS_KEPT = 32;

/** A rendered page kept for its version of the data (and, for a page that shows the time, until that changes: see `keptUntil`). */
interface CachedPage {
  /** What the page shows beyond the index: its business's row (a business page), the snippets, ad codes and "clear cache" count. */
  version: string;
  /** The index generation an index page was rendered from; null for a business page. */
  generation: string | null;
  /** When it was rendered (epoch ms). */
  renderedAt: number;
  /** Epoch ms after which the page is rendered again (Infinity: for as long as its version lasts). */
  expiresAt: number;
  /**
   * The page as rendered, before its per-response parts (each answer from the cache gets its own
   * nonce); let go once `gzip` holds it, in a fifth to a twentieth of the memory.
   */
  page: PreparedPage | null;
  cacheControl: string;
  /** The page compressed once around its nonce's places, made at its first answer in gzip. */
  gzip?: GzipTemplate;
}

/**
 * Rendered pages by origin and URL (a business page, the home page and the directory's lists: see
 * `keptPageOf`), each tagged with the version of the data it was rendered from (a business
 * page: its business's row; the others: the index generation; for all: the site snippets' and ad
 * codes' last change and the "clear cache" count). A page of another version, or past its
 * expiry (`keptUntil`), is never served: it is rendered again on its next request; the one
 * exception is an index page of an older index generation, served for up to the stale time
 * while it is rendered anew (`get`). Rendering is the server's main cost per page (React's
 * renderToString and the route's data), and a page is read far more often than its data changes.
 */
export class RenderedPageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private clears = 0;
  /** Renders under way, by key (two requests may both render a page nothing older stands in for). */
  private readonly rendering = new Map<string, number>();
  /** Renders of index pages under way (a business page's do not count). */
  private indexRenders = 0;
  /** See {@link get}. */
  private readonly maxIndexRenders: number;
  /** The index generations seen, oldest first, each with when it was first seen (the last {@link GENERATIONS_KEPT}). */
  private readonly generations: { generation: string; since: number }[] = [];

  constructor(options: { maxBytes: number; maxIndexRenders?: number }) {
    this.maxIndexRenders = options.maxIndexRenders ?? DEFAULT_MAX_INDEX_RENDERS;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      // JavaScript strings: two bytes a character at most.
      sizeCalculation: (entry, key) =>
        2 * ((entry.page === null ? 0 : entry.page.html.length + entry.page.reads.length) + key.length + entry.version.length) +
        (entry.gzip?.byteLength ?? 0) +
        64,
    });
  }

  /** Counts "clear cache" actions: part of every version, so a clear also retires the ETags clients hold. */
  get epoch(): number {
    return this.clears;
  }

  clear(): void {
    this.pages.clear();
    this.clears += 1;
  }

  /**
   * The page kept for `key` if it shows this `version` and has not expired. An index page of
   * another generation is still served while it is younger than `staleMs`: while the index
   * changes several times a second (an operator at work, a small import), every index page would
   * otherwise be rendered again at each request. With a stale time, it is also served, whatever
   * its age, while another request renders it for the new generation: after a change, a page is
   * rendered once, not by every request that asks for it during that render (a busy home page).
   * At 1,000,000 businesses under 50 connections, the swap of a rebuilt index saturated the
   * server's main thread for ~4 s, rendering the kept pages again (CPU profile); one run each
   * gave a dip of ~2.5 s with this, ~3.5 s without, within the machine's noise.
   *
   * And for `staleMs` after the change that retired it, an older page is served while
   * `maxIndexRenders` index pages are being rendered: after the swap of a rebuilt index, the
   * kept pages are rendered again a few at a time, not every page asked for at once (each
   * holding a place of the admission queue, the searches and lists waiting behind them). At
   * 1,000,000 businesses, 50 clients asking 1,199 pages and searches in turn while `npm run
   * reindex` ran beside the server, alternated twice: in the seconds around the swap, the slowest
   * answer took 282–507 ms with this, 987–1,475 ms without.
   */
  get(key: string, version: string, generation: string | null, now: number, staleMs = 0): CachedPage | undefined {
    if (generation !== null) this.noteGeneration(generation, now);
    const page = this.pages.get(key);
    if (page === undefined || page.version !== version || now >= page.expiresAt) return undefined;
    if (page.generation === generation) return page;
    if (page.generation === null || staleMs === 0) return undefined;
    if (now - page.renderedAt < staleMs || this.rendering.has(key)) return page;
    const retiredAt = this.retiredAt(page.generation);
    return retiredAt !== undefined && now - retiredAt < staleMs && this.indexRenders >= this.maxIndexRenders ? page : undefined;
  }

  /** Notes `generation` as seen at `now`, if it is not the last one seen. */
  private noteGeneration(generation: string, now: number): void {
    if (this.generations.at(-1)?.generation === generation) return;
    this.generations.push({ generation, since: now });
    if (this.generations.length > GENERATIONS_KEPT) this.generations.shift();
  }

  /** When the generation after `generation` was first seen: when a page of `generation` became old (undefined: not known). */
  private retiredAt(generation: string): number | undefined {
    const index = this.generations.findIndex((seen) => seen.generation === generation);
    return index === -1 ? undefined : this.generations[index + 1]?.since;
  }

  /**
   * Says a request renders the page of `key` now (an index page unless `isIndexPage` is false);
   * the returned function says it is done (rendered or not).
   */
  startRender(key: string, isIndexPage = true): () => void {
    this.rendering.set(key, (this.rendering.get(key) ?? 0) + 1);
    if (isIndexPage) this.indexRenders += 1;
    let isDone = false;
    return () => {
      if (isDone) return;
      isDone = true;
      if (isIndexPage) this.indexRenders -= 1;
      const left = this.rendering.get(key)! - 1;
      if (left === 0) this.rendering.delete(key);
      else this.rendering.set(key, left);
    };
  }

  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
  }

  /**
   * The kept page compressed once as gzip around its nonce (made now if this is its first gzip
   * answer, and the page's text let go: a page asked again is kept in its compressed bytes only).
   */
  gzipOf(key: string, entry: CachedPage): GzipTemplate {
    if (entry.gzip === undefined) {
      entry.gzip = GzipTemplate.of(pageText(entry.page!), NONCE_PLACEHOLDER, NONCE_LENGTH);
      entry.page = null;
      // Counted again at the bytes it now holds (LRUCache recounts a key set to another value only).
      if (this.pages.peek(key) === entry) {
        this.pages.delete(key);
        this.pages.set(key, entry);
      }
    }
    return entry.gzip;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The memory the kept pages are counted at. */
  get bytes(): number {
    return this.pages.calculatedSize;
  }
}

const MINUTE_MS = 60_000;

/** A business's opening hours and time zone, as its page reads them. */
export interface BusinessHours {
  hours: Record<string, string> | null;
  timeZone: string | null;
}

/**
 * Until when a page rendered at `at` may be served, for its version. A business page shows the
 * time (its Open badge, its next opening or closing, today's row of its hours): until that changes
 * (`unchangedUntil`: its next opening, closing or local midnight, at most 6 hours ahead), or the
 * end of its minute when its hours cannot be read (`hours` is null). A page whose query filters on
 * "open now" lists what is open: the end of its minute (the query is looked at as text, so that
 * any spelling of the filter counts). The other pages show nothing that changes with the time:
 * for as long as their version lasts (a new index generation, snippets, ad codes, "clear cache").
 */
export function keptUntil(page: KeptPage, search: string, at: number, hours: BusinessHours | null = null): number {
  const endOfMinute = (Math.floor(at / MINUTE_MS) + 1) * MINUTE_MS;
  if (page.kind === 'business') return hours === null ? endOfMinute : unchangedUntil(hours.hours, hours.timeZone, new Date(at));
  return isOpenNowQuery(search) ? endOfMinute : Number.POSITIVE_INFINITY;
}

/**
 * The Cache-Control of a page that shows the time (`keptUntil` finite), sent at `at`: fresh for the
 * browser or CDN only until that time changes, at most a page's usual freshness, never served
 * stale (a business page's Open badge, an "open now" list). Null for the other pages, which keep
 * the usual header.
 */
export function timedCacheControl(expiresAt: number, at: number): string | null {
  if (!Number.isFinite(expiresAt)) return null;
  return `public, max-age=${Math.max(0, Math.min(FRESHNESS_SECONDS.page, Math.floor((expiresAt - at) / 1000)))}`;
}

/**
 * With no rendered-page cache (PAGE_CACHE_MB=0), still gives a page that shows the time a
 * Cache-Control no longer than that time stays right (`timedCacheControl`); `hoursOf` reads a
 * business page's hours (undefined: no such business).
 */
export function timedPages(hoursOf: (slug: string) => BusinessHours | null | undefined, options: { now?: () => number } = {}): Middleware {
  const now = options.now ?? Date.now;
  return async (ctx, next) => {
    const kept = ctx.method === 'GET' || ctx.method === 'HEAD' ? keptPageOf(ctx.path) : null;
    await next();
    if (kept === null || ctx.status !== 200 || !ctx.response.get('Cache-Control').startsWith('public')) return;
    const hours = kept.kind === 'business' ? hoursOf(kept.slug) : null;
    if (hours === undefined) return;
    const at = now();
    const timed = timedCacheControl(keptUntil(kept, ctx.querystring, at, hours), at);
    if (timed !== null) ctx.set('Cache-Control', timed);
  };
}

/**
 * The other pages kept: those whose data all comes from the search index, and which visitors and
 * search engines land on: the home page, the lists of categories, countries and cities (by letter
 * too), each category's, country's and city's page, with a country's cities, and the /search
 * page (the URL with its query is the key: each page of a list, each search). They show the same
 * to everyone for a version of the index; the rest is rendered per request.
 */
const INDEX_PAGE = /^\/(?:categories(?:\/[^/]+)?|countries(?:\/[^/]+(?:\/cities)?)?|cities(?:\/[^/]+){0,2}|search)?$/;

/**
 * What a kept page shows, to name its version by: one business, read from the record (never
 * the index: an import's index changes leave it kept, and a write to the business shows at
 * once), or lists of the index. Null for a page that is not kept (or a slug that does not decode).
 */
export type KeptPage = { kind: 'business'; slug: string } | { kind: 'index' };

/**
 * What a kept page was rendered from: `version` names what it shows beyond the index, `generation`
 * the index it read (null: none), `hours` a business page's opening hours, which say until when
 * it shows the right time (null: an index page, or hours that cannot be read).
 */
export interface PageVersion {
  version: string;
  generation: string | null;
  hours: BusinessHours | null;
}

export function keptPageOf(path: string): KeptPage | null {
  if (path.startsWith('/business/')) {
    const slug = businessSlugOf(path);
    return slug === null ? null : { kind: 'business', slug };
  }
  return INDEX_PAGE.test(path) ? { kind: 'index' } : null;
}

/**
 * Serves a page of `keptPageOf` from the cache, ahead of the admission queue (a ready page costs
 * no render and no queue slot), and keeps what the renderer answers. Its ETag is the data
 * version, the page's expiry and the origin and URL hashed: known before any work, so a revalidation is a 304
 * without a render. Only anonymous GET/HEAD requests are cached: an operator's page is always
 * rendered. `dataVersion(page)` names everything the page shows (null: do not keep it), and for
 * a business page reads its hours in the same look-up.
 */
export function cachedPages(
  cache: RenderedPageCache,
  dataVersion: (page: KeptPage) => Promise<PageVersion | null>,
  options: {
    /** The origin the page's absolute URLs are written with (pageRenderer's): part of the key, so a page rendered for one origin is never served to another. */
    originOf: SiteOrigin;
    now?: () => number;
    /** How long an index page is served after the index changed under it (PAGE_STALE_SECONDS; see {@link RenderedPageCache.get}). */
    staleMs?: number;
  },
): Middleware {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 0;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const kept = keptPageOf(ctx.path);
    if (kept === null || sessionOf(ctx)) return next();
    const data = await dataVersion(kept);
    // No version to key by (the engine cannot be reached, for an index page): rendered, not kept.
    if (data === null) return next();
    const version = `${data.version}#${cache.epoch}`;
    const at = now();
    // The URL the renderer renders, origin included: a page is never served to a request for another origin.
    const key = pageUrlOf(ctx, options.originOf).href;
    const ready = cache.get(key, version, data.generation, at, staleMs);
    // A kept page's expiry was settled when it was rendered; a page to render now gets its own.
    const expiresAt = ready?.expiresAt ?? keptUntil(kept, ctx.querystring, at, data.hours);
    // The validator of the page served: a kept page of an older generation keeps its own.
    const etag = listEtag(`${ready ? ready.generation : data.generation}|${version}#${expiresAt}`, key);
    // A page that shows the time is fresh elsewhere only until that time changes.
    const timed = timedCacheControl(expiresAt, at);
    if (ready) {
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', timed ?? ready.cacheControl);
      if (fresh(ctx.req.headers, { etag })) {
        ctx.status = 304;
        return;
      }
      ctx.status = 200;
      ctx.type = 'text/html; charset=utf-8';
      // The version's ETag: a revalidation is answered before any work, and no hash of the page is taken.
      // Sent in gzip when the client takes it (every browser does): compressed once, not per answer.
      if (acceptsGzip(ctx.get('accept-encoding'))) sendGzippedPage(ctx, cache.gzipOf(key, ready), etag);
      else if (ready.page !== null) sendPage(ctx, 'public', ready.page, etag);
      // Only its compressed bytes are kept: unpacked for this rare client (compressed for it again as it asks).
      else sendUnpackedPage(ctx, ready.gzip!, etag);
      return;
    }
    // The renderer sends a 200 under this ETag instead of hashing the page it renders.
    ctx.state.pageEtag = etag;
    const renderDone = cache.startRender(key, kept.kind === 'index');
    try {
      await next();
    } finally {
      renderDone();
    }
    const page = ctx.state.preparedPage as PreparedPage | undefined;
    if (ctx.status !== 200 || !page) return;
    const cacheControl = ctx.response.get('Cache-Control');
    if (timed !== null && cacheControl.startsWith('public')) ctx.set('Cache-Control', timed);
    cache.set(key, { version, generation: data.generation, renderedAt: at, expiresAt, page, cacheControl });
    // Set before the ETag middleware sees the body: it hashes only answers without one.
    ctx.set('ETag', etag);
  };
}
