import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy } from 'helmet';
import type { Context } from 'koa';

/** Each page response's nonce, for the policies' `script-src` (helmet builds them per response). */
const nonces = new WeakMap<ServerResponse, string>();

function nonceSource(_request: IncomingMessage, response: ServerResponse): string {
  const nonce = nonces.get(response);
  if (!nonce) throw new Error('A page policy was written without a nonce.');
  return `'nonce-${nonce}'`;
}

const noPlugins = ["'none'"];
const noBaseElement = ["'none'"];

/**
 * Public pages run the operator's snippets and ad codes, which load further scripts from hosts
 * nobody can list ahead: a script runs when it carries this response's nonce (the server
 * stamps it on every script it renders) or was added by one that did ('strict-dynamic').
 * `https:` and 'unsafe-inline' are only for browsers older than CSP 3: a browser that knows
 * nonces ignores both once a nonce is present. Styles, images, frames and connections stay
 * open: ads need them, and they run no script.
 */
const publicPolicy = contentSecurityPolicy({
  useDefaults: false,
  directives: {
    // No default-src: it would close images, frames and connections that ads need.
    defaultSrc: contentSecurityPolicy.dangerouslyDisableDefaultSrc,
    scriptSrc: [nonceSource, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
    objectSrc: noPlugins,
    baseUri: noBaseElement,
    frameAncestors: ["'self'"],
  },
});

/**
 * The admin area renders no operator code: only our own scripts (same origin, or inline with
 * the nonce, i.e. the hydration data), no 'unsafe-inline' for scripts, connections (the API and
 * the import progress socket) and forms to this origin only, never framed. Inline styles stay
 * allowed: React's `style` attributes need it, and styles run no script.
 */
const adminPolicy = contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonceSource],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: noPlugins,
    baseUri: noBaseElement,
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
});

/** Sets the Content-Security-Policy of a server-rendered page: the public or the admin one, with `nonce`. */
export function setPagePolicy(ctx: Context, kind: 'public' | 'admin', nonce: string): void {
  nonces.set(ctx.res, nonce);
  const policy = kind === 'admin' ? adminPolicy : publicPolicy;
  policy(ctx.req, ctx.res, (error) => {
    if (error) throw error;
  });
}
