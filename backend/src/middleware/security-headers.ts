import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/**
 * Powerful features off for this origin and every frame in it (ad iframes included), except
 * geolocation for our own pages: the search page's "near me" sort asks for it.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Security headers on every answer: nosniff, a same-origin frame policy, a referrer policy that
 * sends only the origin cross-site, a permissions policy, and HSTS when the request came over
 * HTTPS (directly or, with `app.proxy`, as X-Forwarded-Proto says), so plain-HTTP development
 * stays usable. Pages get their Content-Security-Policy from the page renderer (each response
 * has its own nonce); a 304 carries none, so the browser keeps the policy of the copy it holds.
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    // Set per page, with the response's nonce (content-security-policy.ts).
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
  return async (ctx, next) => {
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    await (ctx.secure ? hsts(ctx, () => headers(ctx, next)) : headers(ctx, next));
    if (ctx.status === 304) ctx.remove('Content-Security-Policy');
  };
}
