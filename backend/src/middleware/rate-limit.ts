import type { Middleware } from 'koa';
import { RateLimitedError } from '../errors.ts';
import type { ApiErrorId } from '../shared/api-errors.ts';
import type { AddressRateLimit } from '../services/rate-limits.ts';

/**
 * Counts the request against `limit` by client address (`ctx.ip`: from X-Forwarded-For only behind
 * TRUST_PROXY's proxies, see app.ts) and answers 429 with Retry-After past it.
 */
export function rateLimited(limit: AddressRateLimit, refusal: { id: ApiErrorId; message: string }): Middleware {
  return async (ctx, next) => {
    const verdict = await limit.take(ctx.ip);
    if (!verdict.isAllowed) throw new RateLimitedError(refusal.id, refusal.message, verdict.retryAfterSeconds);
    await next();
  };
}
