import Router from '@koa/router';
import { writeSoon } from '@directory/data/record-lock.ts';
import type { Context } from 'koa';
import { ApiError, unauthorized } from '../../errors.ts';
import { checkSameOrigin, requireAdmin, requireAdminWrite, sessionCookieName, sessionOf } from '../../middleware/admin-auth.ts';
import { validate } from '../../middleware/validate.ts';
import { SESSION_ABSOLUTE_MS } from '../../services/admin-sessions.ts';
import { recordAudit } from '../../services/audit-log.ts';
import type { AdminLoginFailure, AdminLoginResponse, AdminSession, AdminSuccess } from '../../shared/admin-types.ts';
import type { AppDeps } from '../deps.ts';
import { AdminLoginSchema, AdminLogoutSchema, AdminSessionSchema, type AdminLoginReq } from './schema.ts';

const INVALID_LOGIN = 'Geçersiz kullanıcı adı veya şifre';

function setSessionCookie(ctx: Context, value: string | null): void {
  ctx.cookies.set(sessionCookieName(ctx), value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    // The server ends the session earlier when idle; the browser need not keep it longer than the absolute expiry.
    ...(value === null ? {} : { maxAge: SESSION_ABSOLUTE_MS }),
  });
}

/** Login (throttled before any hashing), logout and the session read. */
export function createAdminAuthRouter({ record, admin }: AppDeps): Router {
  const router = new Router();

  router.post('/admin/login', validate(AdminLoginSchema), async (ctx) => {
    // No session yet, so no token: a cross-site form is refused by its Origin instead.
    checkSameOrigin(ctx);
    const { body } = ctx.state.input as AdminLoginReq;
    const address = ctx.ip;
    const verdict = await admin.throttle.check(address, body.username);
    if (!verdict.isAllowed) {
      recordAudit(record, { action: 'login', target: body.username, result: 'warning', address, detail: { code: 'login_throttled', params: {} } });
      ctx.set('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, 'too_many_attempts', `Too many login attempts. Try again in ${verdict.retryAfterSeconds} seconds.`);
    }
    const user = await admin.accounts.verify(body.username, body.password);
    if (!user) {
      await admin.throttle.recordFailure(address, body.username);
      recordAudit(record, { action: 'login', target: body.username, result: 'error', address, detail: { code: 'login_refused', params: {} } });
      ctx.status = 401;
      const failure: AdminLoginFailure = { success: false, message: INVALID_LOGIN, error: { id: 'invalid_login', message: INVALID_LOGIN } };
      ctx.body = failure;
      return;
    }
    await admin.throttle.recordSuccess(address, body.username);
    // A new session id at every login: an id planted before login is worthless after it.
    const previous = sessionOf(ctx);
    const { cookieValue, session } = await writeSoon(record, () =>
      record.transaction(() => {
        if (previous) admin.sessions.destroy(previous.sessionId);
        return admin.sessions.create(user.id, user.username);
      })(),
    );
    setSessionCookie(ctx, cookieValue);
    recordAudit(record, { action: 'login', target: user.username, result: 'success', address });
    const response: AdminLoginResponse = { success: true, message: 'Giriş başarılı', username: user.username, csrfToken: session.csrfToken };
    ctx.body = response;
  });

  router.get('/admin/session', validate(AdminSessionSchema), requireAdmin, async (ctx) => {
    const session = sessionOf(ctx);
    if (!session) throw unauthorized();
    const body: AdminSession = { username: session.username, csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() };
    ctx.body = body;
  });

  router.post('/admin/logout', validate(AdminLogoutSchema), requireAdminWrite, async (ctx) => {
    const session = sessionOf(ctx)!;
    // Ended on the server before the answer says so (waiting for the lock if an import holds it).
    await writeSoon(record, () => admin.sessions.destroy(session.sessionId));
    setSessionCookie(ctx, null);
    recordAudit(record, { action: 'logout', target: session.username, result: 'info', address: ctx.ip });
    const body: AdminSuccess = { success: true };
    ctx.body = body;
  });

  return router;
}
