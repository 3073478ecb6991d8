import { createHash, randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import type { DeferredWrites } from '@directory/data/record-lock.ts';
import type { VisitorRepository } from '../db/visitor-repository.ts';

/** Crawlers and monitors: their page views are not visitors. */
const BOT_AGENT = /bot|crawl|spider|slurp|facebookexternalhit|preview|monitor|curl|wget|python-requests|headless/i;
/** Paths that are not public pages: the API, admin, files with an extension (assets, sitemaps). */
const NOT_A_PAGE = /^\/(?:api|admin)(?:\/|$)|\.[a-z0-9]+$/i;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts daily visitors without cookies: a SHA-256 of (daily salt, address, user agent). The salt
 * is random, kept only in memory and replaced every UTC day (and at every restart), so a hash
 * cannot be tied back to an address or followed across days. The counts are written through the
 * record's deferred writes: a page view never waits for another process's write lock.
 */
export class VisitorCounter {
  private day = '';
  private salt = Buffer.alloc(0);

  constructor(
    private readonly repository: VisitorRepository,
    private readonly deferred: DeferredWrites,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one page view of a visitor (a visitor's second view of the day adds nothing). */
  count(address: string, userAgent: string): void {
    const day = dayOf(this.now());
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(32);
      this.deferred.write(() => this.repository.forgetHashesBefore(day));
    }
    const hash = createHash('sha256').update(this.salt).update(address).update('\n').update(userAgent).digest('hex');
    this.deferred.write(() => this.repository.record(day, hash));
  }

  /** The last `days` days, oldest first, zero-filled, ending today. */
  lastDays(days: number): { date: string; count: number }[] {
    // Counts still waiting for the lock are written first when they can be.
    this.deferred.flush();
    const today = this.now();
    const dates = Array.from({ length: days }, (_, i) => dayOf(new Date(today.getTime() - (days - 1 - i) * 86_400_000)));
    const counts = new Map(this.repository.countsSince(dates[0]!).map((row) => [row.day, row.count]));
    return dates.map((date) => ({ date, count: counts.get(date) ?? 0 }));
  }
}

/** Counts successful GETs of public pages by browsers (not assets, API calls, admin pages or bots). */
export function countVisitors(counter: VisitorCounter): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200 || NOT_A_PAGE.test(ctx.path)) return;
    const userAgent = ctx.get('user-agent');
    if (!userAgent || BOT_AGENT.test(userAgent) || !ctx.response.is('html')) return;
    counter.count(ctx.ip, userAgent);
  };
}
