import type { Middleware } from 'koa';
import { randomUUID } from 'node:crypto';
import { ApiError, RateLimitedError } from '../errors.ts';
import type { ApiErrorBody } from '../shared/api-errors.ts';
import { RecordBusyError } from '@directory/data/record-lock.ts';
import { storageErrorKind } from '@directory/data/storage-errors.ts';

/** What a write is answered when another writer kept the record locked (nothing of it was saved). */
export const RECORD_BUSY_MESSAGE = 'The directory is busy saving another change (an import or maintenance task). Nothing was saved; please try again in a moment.';
const RECORD_BUSY_RETRY_SECONDS = 5;

/** The id of a request, sent back in `X-Request-Id`: the one a client or proxy gave, else a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && given !== '' ? given : randomUUID();
}

/** Renders every failure as `{ error: { id, message } }`; logs 5xx with the request id. */
export function errorHandler(options: { isDevelopment: boolean }): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (error) {
      if (error instanceof ApiError) {
        ctx.status = error.status;
        if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = error.toBody();
        return;
      }
      // The record's storage failed a write: its transaction rolled back whole, nothing was saved.
      switch (error instanceof RecordBusyError ? 'busy' : storageErrorKind(error)) {
        case 'busy':
          // Another process (an import, a reindex) held the write lock for longer than a request waits.
          console.error(`[${requestId}] ${ctx.method} ${ctx.url}: the record stayed locked by another writer`);
          ctx.status = 503;
          ctx.set('Retry-After', String(RECORD_BUSY_RETRY_SECONDS));
          ctx.body = { error: { id: 'record_busy', message: RECORD_BUSY_MESSAGE } } satisfies ApiErrorBody;
          return;
        case 'full':
          // The operator must free space.
          console.error(`[${requestId}] ${ctx.method} ${ctx.url}: the disk holding the record is full (SQLITE_FULL)`);
          ctx.status = 507;
          ctx.body = { error: { id: 'storage_full', message: 'The server cannot save anything right now: its disk is full. Nothing was saved; please try again later.' } } satisfies ApiErrorBody;
          return;
        case 'refused':
          // Reads keep being served while the folder refuses writes; one line for the operator, no stack.
          console.error(
            `[${requestId}] ${ctx.method} ${ctx.path}: the data folder refused a write (${(error as { code: string }).code}): make it writable; reads are still served.`,
          );
          ctx.status = 503;
          ctx.body = { error: { id: 'storage_read_only', message: 'The server cannot save anything right now: it cannot write to its data folder. Nothing was saved; please try again later.' } } satisfies ApiErrorBody;
          return;
        case null:
          break;
      }
      const status = httpStatusOf(error);
      if (status !== null && status < 500) {
        ctx.status = status;
        ctx.body = { error: { id: 'http_error', message: (error as Error).message, params: { status } } } satisfies ApiErrorBody;
        return;
      }
      console.error(`[${requestId}] ${ctx.method} ${ctx.url} failed:`, error);
      ctx.status = 500;
      ctx.body = {
        error: {
          id: 'internal_error',
          message: 'Something went wrong on our side. Please try again later.',
          ...(options.isDevelopment && error instanceof Error && error.stack !== undefined ? { stack: error.stack } : {}),
        },
      } satisfies ApiErrorBody;
    }
  };
}

/** Koa and its middleware (body parser, for one) throw errors carrying an HTTP status. */
function httpStatusOf(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}
