import type { Middleware } from 'koa';
import { randomUUID } from 'node:crypto';
import { ApiError, RateLimitedError } from '../errors.ts';

/** Renders every failure as `{ error: { id, message } }`; logs 5xx with the request id. */
export function errorHandler(options: { isDevelopment: boolean }): Middleware {
  return async (ctx, next) => {
    const requestId = ctx.get('x-request-id') || randomUUID();
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (error) {
      if (error instanceof ApiError) {
        ctx.status = error.status;
        if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = { error: { id: error.id, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
        return;
      }
      const status = httpStatusOf(error);
      if (status !== null && status < 500) {
        ctx.status = status;
        ctx.body = { error: { id: 'http_error', message: (error as Error).message } };
        return;
      }
      console.error(`[${requestId}] ${ctx.method} ${ctx.url} failed:`, error);
      ctx.status = 500;
      ctx.body = {
        error: {
          id: 'internal_error',
          message: 'Something went wrong on our side. Please try again later.',
          ...(options.isDevelopment && error instanceof Error ? { stack: error.stack } : {}),
        },
      };
    }
  };
}

/** Koa and its middleware (body parser, for one) throw errors carrying an HTTP status. */
function httpStatusOf(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}
