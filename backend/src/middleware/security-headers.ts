import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'helmet';

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

type HeaderList = readonly (readonly [name: string, value: string])[];

/** The headers a helmet middleware sets: its answer depends on its options only, so it is asked once. */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}

const HELMET_HEADERS = headersSetBy(
  helmet({
    // Set per page, with the response's nonce (content-security-policy.ts).
    contentSecurityPolicy: false,
    // Cross-origin isolation would likewise break ad and pixel scripts, their iframes and popups.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // Added below, only over HTTPS.
    strictTransportSecurity: false,
  }),
);

const PLAIN_HEADERS: HeaderList = [['Permissions-Policy', PERMISSIONS_POLICY], ...HELMET_HEADERS];
const HTTPS_HEADERS: HeaderList = [
  ...PLAIN_HEADERS,
  ...headersSetBy(helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false })),
];

/**
 * The security headers of every answer: nosniff, a same-origin frame policy, a referrer policy
 * that sends only the origin cross-site, a permissions policy, and HSTS when the request came over
 * HTTPS (directly or, with `app.proxy`, as X-Forwarded-Proto says), so plain-HTTP development
 * stays usable. Helmet's choices, computed once.
 */
export function securityHeaderList(isSecure: boolean): HeaderList {
  return isSecure ? HTTPS_HEADERS : PLAIN_HEADERS;
}

/**
 * Sets {@link securityHeaderList} on every answer. Pages get their Content-Security-Policy from
 * the page renderer (each response has its own nonce); a 304 carries none, so the browser keeps
 * the policy of the copy it holds.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    for (const [name, value] of securityHeaderList(ctx.secure)) ctx.res.setHeader(name, value);
    await next();
    if (ctx.status === 304) ctx.remove('Content-Security-Policy');
  };
}
