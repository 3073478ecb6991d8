import type { Context, Middleware } from 'koa';
import type { RecordDatabase } from '@directory/data/record.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../services/audit-log.ts';
import type { AuditDetail } from '../shared/audit-details.ts';
import { isAdminWrite, sessionOf } from './admin-auth.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Login attempts have entries of their own (auth.ts), refused or not. */
const OWN_ENTRY_PATHS = new Set(['/api/admin/login']);

const AUDITED = Symbol('audited');
type Marked = Context & { [AUDITED]?: true };

/** Says that the handler wrote this request's audit entry itself (a refusal it explains better), so no second one is written. */
export function markAudited(ctx: Context): void {
  (ctx as Marked)[AUDITED] = true;
}

/**
 * Of the writes (`auditRefusedWrites` lets reads pass), a signed-in operator's: one
 * `requireAdminWrite` let in (CSRF refusals included), or one to `/api/admin/*` refused before routing (a JSON body too large or malformed for the parser).
 */
function isOperatorWrite(ctx: Context): boolean {
  if (isAdminWrite(ctx)) return true;
  return sessionOf(ctx) !== null && ctx.path.startsWith('/api/admin/') && !OWN_ENTRY_PATHS.has(ctx.path);
}

/**
 * The refusal's reason without anything the client sent: our own errors' messages name fields and
 * limits, never values; a parser's message may quote the body (Node's JSON errors do), so only its status is kept.
 */
function reasonOf(error: unknown, status: number): AuditDetail {
  if (!(error instanceof ApiError)) return { code: 'body_refused', params: { status } };
  return {
    code: 'write_refused',
    params: {
      status, id: error.id, message: error.message,
      ...(error.params ? { params: error.params } : {}),
      ...(error.issues ? { issues: error.issues } : {}),
    },
  };
}

const statusOf = (error: unknown): number | null =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;

/**
 * Writes every refused admin write to the audit log (a 4xx answer: 400 validation, 403 CSRF, 404,
 * 409, 413 too large, …), with the request's method and path and the reason, never its body. A
 * 401 is not an operator's write (no session), and anyone could fill the log with them.
 */
export function auditRefusedWrites(record: RecordDatabase): Middleware {
  return async (ctx, next) => {
    // Reads (every page and search) pass straight through: no frame of this middleware around them.
    if (!WRITE_METHODS.has(ctx.method)) return next();
    try {
      await next();
    } catch (error) {
      const status = statusOf(error);
      if (status !== null && status >= 400 && status < 500 && status !== 401 && (ctx as Marked)[AUDITED] !== true && isOperatorWrite(ctx)) {
        recordAudit(record, { action: 'write.refused', target: `${ctx.method} ${ctx.path}`, result: 'warning', address: ctx.ip, detail: reasonOf(error, status) });
      }
      throw error;
    }
  };
}
