import type { Middleware } from 'koa';
import { ApiError } from '../errors.ts';
import type { EngineHealth } from '../services/engine-health.ts';

/** The 503 of a list or search while the search engine cannot be reached. */
export function searchUnavailable(health: EngineHealth): ApiError {
  return new ApiError(
    503,
    'search_unavailable',
    `Lists and search are unavailable for a moment: the search engine cannot be reached. Business pages and the contact form still work. Try again in ${health.retryAfterSeconds()} s.`,
  );
}

/** Answers 503 straight away while the engine is known to be down (no request waits on it). */
export function requireEngine(health: EngineHealth): Middleware {
  return (ctx, next) => {
    if (health.isAvailable()) return next();
    ctx.set('Retry-After', String(health.retryAfterSeconds()));
    throw searchUnavailable(health);
  };
}

/** Turns an engine call that found the engine unreachable into that 503 (and starts probing it). */
export function engineFailures(health: EngineHealth): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!health.noteFailure(error)) throw error;
      ctx.set('Retry-After', String(health.retryAfterSeconds()));
      throw searchUnavailable(health);
    }
  };
}
