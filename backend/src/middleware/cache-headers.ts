import type { Middleware } from 'koa';

/**
 * Lets browsers and a CDN reuse public GET answers for a minute (and serve them stale while
 * revalidating); with ETag + conditional GET, a repeat costs a 304 with no body.
 */
export function publicCache(options: { maxAgeSeconds: number; staleSeconds: number }): Middleware {
  const value = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleSeconds}`;
  return async (ctx, next) => {
    await next();
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && (ctx.status === 200 || ctx.status === 304) && !ctx.response.get('Cache-Control')) {
      ctx.set('Cache-Control', value);
    }
  };
}
