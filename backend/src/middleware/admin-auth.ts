import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import { csrfFailed, unauthorized } from '../errors.ts';
import type { ActiveSession, AdminSessions } from '../services/admin-sessions.ts';

/** What `requireAdmin` puts on `ctx.state.admin`. */
export interface AdminState {
  username: string;
  /** The stored hash of the session id (the cookie's value is never kept). */
  sessionId: string;
}

/** The cookie's name: `__Host-sid` (Secure, host-only) over HTTPS, `sid` over plain HTTP. */
export const sessionCookieName = (ctx: Context) => (ctx.secure ? '__Host-sid' : 'sid');

const SESSION_KEY = Symbol('adminSession');
const WRITE_KEY = Symbol('adminWrite');
type WithSession = Context & { [SESSION_KEY]?: ActiveSession | null; [WRITE_KEY]?: true };

/** The session a request carries, once looked up by `adminSession()`; null when none. */
export function sessionOf(ctx: Context): ActiveSession | null {
  return (ctx as WithSession)[SESSION_KEY] ?? null;
}

/**
 * Looks up the session named by the request's cookie (once per request) so that
 * `requireAdmin`, `requireAdminWrite` and pages can ask for it. It grants nothing by itself.
 */
export function adminSession(sessions: AdminSessions): Middleware {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(sessionCookieName(ctx));
    const session = cookie ? sessions.resolve(cookie) : null;
    (ctx as WithSession)[SESSION_KEY] = session;
    if (session) ctx.state.admin = { username: session.username, sessionId: session.sessionId } satisfies AdminState;
    else delete ctx.state.admin;
    await next();
  };
}

/** 401 `unauthorized` without a live admin session; sets `ctx.state.admin`. */
export const requireAdmin: Middleware = async (ctx, next) => {
  if (!sessionOf(ctx)) throw unauthorized();
  await next();
};

/** The origin a request claims to come from (`Origin`, else `Referer`'s origin), or null when it names none. */
function claimedOrigin(ctx: Context): string | null | 'invalid' {
  const origin = ctx.get('origin');
  if (origin) return origin === 'null' ? 'invalid' : origin;
  const referer = ctx.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    // An unparsable Referer cannot prove the request came from our pages.
    return 'invalid';
  }
}

/** 403 `csrf_failed` when the request says it comes from another site than this one. */
export function checkSameOrigin(ctx: Context): void {
  const claimed = claimedOrigin(ctx);
  // Koa 3's ctx.origin is the Origin header itself; the site's own origin is built here.
  if (claimed !== null && claimed !== `${ctx.protocol}://${ctx.host}`) throw csrfFailed('Request refused: it comes from another site', 'origin');
}

/** Whether `requireAdminWrite` let a signed-in operator's request in (its CSRF check and what follows may still refuse it). */
export function isAdminWrite(ctx: Context): boolean {
  return (ctx as WithSession)[WRITE_KEY] === true;
}

/** requireAdmin, plus the CSRF defence of every write: the session's token in `X-CSRF-Token` and our own Origin. */
export const requireAdminWrite: Middleware = async (ctx: Context, next: Next) => {
  const session = sessionOf(ctx);
  if (!session) throw unauthorized();
  (ctx as WithSession)[WRITE_KEY] = true;
  checkSameOrigin(ctx);
  const token = ctx.get('x-csrf-token');
  if (!token || !constantTimeEqual(token, session.csrfToken)) {
    throw csrfFailed('Request refused: the X-CSRF-Token header is missing or does not match this session', 'token');
  }
  await next();
};

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a websocket upgrade comes from a signed-in operator's page: a live session cookie, and
 * (as browsers always send it on websockets) an Origin of this very host, so another site's page
 * cannot open the socket with the operator's cookie.
 */
export function isAdminUpgrade(sessions: AdminSessions, req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || !URL.canParse(origin) || new URL(origin).host !== req.headers.host) return false;
  const cookies = new Map(
    (req.headers.cookie ?? '').split(';').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
    }),
  );
  const value = cookies.get('__Host-sid') ?? cookies.get('sid');
  return value !== undefined && value !== '' && sessions.resolve(value) !== null;
}
