import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/**
 * Security headers on every answer: nosniff, a same-origin frame policy, a referrer policy that
 * sends only the origin cross-site, and HSTS when the request came over HTTPS (directly or,
 * with `app.proxy`, as X-Forwarded-Proto says), so plain-HTTP development stays usable.
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    // No Content-Security-Policy: operators inject arbitrary third-party code (head, pixel,
    // footer and analytics snippets, advertisement scripts) by design, and any policy strict
    // enough to matter would block them.
    contentSecurityPolicy: false,
    // Cross-origin isolation would likewise break ad and pixel scripts, their iframes and popups.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // Set below, only over HTTPS.
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false });
  return (ctx, next) => (ctx.secure ? hsts(ctx, () => headers(ctx, next)) : headers(ctx, next));
}
