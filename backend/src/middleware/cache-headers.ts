import type { Middleware } from 'koa';
import { FRESHNESS_SECONDS, freshnessOfApiPath, isOpenNowQuery } from '../shared/freshness.ts';

/** Served stale for up to ten minutes while a cache revalidates in the background. */
const STALE_SECONDS = 600;

/** The `Cache-Control` of a public answer fresh for `seconds`. */
export const publicCacheControl = (seconds: number) => `public, max-age=${seconds}, stale-while-revalidate=${STALE_SECONDS}`;

/**
 * Lets browsers and a CDN reuse public API reads as long as the spec keeps each kind fresh
 * (home 2 h, featured 30 min, lists 2 h, details and place pages 10 min, site settings 5 min);
 * with ETag + conditional GET, a repeat after that costs a 304 with no body. A search filtered on
 * "open now" lists what is open this minute: it is fresh to the end of the minute, never stale.
 * Answers that set their own Cache-Control, errors, and non-GET calls are left alone.
 */
export function publicCache(options: { now?: () => number } = {}): Middleware {
  const now = options.now ?? Date.now;
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || (ctx.status !== 200 && ctx.status !== 304) || ctx.response.get('Cache-Control')) return;
    const kind = freshnessOfApiPath(ctx.path);
    if (kind === null) return;
    if (ctx.path === '/api/search' && isOpenNowQuery(ctx.querystring)) ctx.set('Cache-Control', `public, max-age=${60 - (Math.floor(now() / 1000) % 60)}`);
    else ctx.set('Cache-Control', publicCacheControl(FRESHNESS_SECONDS[kind]));
  };
}
