import type { Context } from 'koa';
import { badRequest } from './errors.ts';

/** The origin a request's page, robots.txt and sitemaps write their absolute URLs with ("https://directory.example"). */
export type SiteOrigin = (ctx: Context) => string;

/**
 * `publicUrl` (PUBLIC_URL, an origin) when set, whatever Host the request names; otherwise the
 * origin the request reached: Koa's protocol and host, from X-Forwarded-Proto/Host only behind a
 * trusted proxy (`app.proxy`). Without PUBLIC_URL, a client names the host it likes: whatever is
 * written with it is kept per origin (the rendered-page and sitemap caches key by it).
 */
export function siteOrigin(publicUrl: string | undefined): SiteOrigin {
  if (publicUrl !== undefined) {
    const origin = new URL(publicUrl).origin;
    return () => origin;
  }
  // The last origin read: nearly every request names the same host, and parsing it twice a request showed in profiles.
  let last = { written: '', origin: '' };
  return (ctx) => {
    const written = `${ctx.protocol}://${ctx.host}`;
    if (written === last.written) return last.origin;
    // Read as a URL's origin, so a Host with a path or credentials ("evil.example/x", "a@b") names no more than a host.
    if (!URL.canParse(written)) throw badRequest('The Host header does not name a host');
    last = { written, origin: new URL(written).origin };
    return last.origin;
  };
}

/**
 * The URL a page is rendered for: the site's origin, then the request's path (as the app
 * normalised it) and query. Never the request-target resolved as a URL: an absolute-form target
 * (`GET http://evil.example/business/x`) or a path starting with `//` would name another host.
 */
export function pageUrlOf(ctx: Context, originOf: SiteOrigin): URL {
  // The page cache keys by it and the renderer renders it: made once a request.
  let url = pageUrls.get(ctx);
  if (url === undefined) {
    url = new URL(originOf(ctx));
    url.pathname = ctx.path;
    url.search = ctx.search;
    pageUrls.set(ctx, url);
  }
  return url;
}

const pageUrls = new WeakMap<Context, URL>();
