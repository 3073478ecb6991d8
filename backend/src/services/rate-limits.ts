import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** At most `points` actions per client address in a window of `durationSeconds` opened by the first (0 points: no limit). */
export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

/**
 * A person sends a message or two; five in 15 minutes leaves room for a correction and an
 * office behind one address, and caps what a script can store at 480 messages a day per address.
 */
export const CONTACT_MESSAGES_RULE: RateLimitRule = { points: 5, durationSeconds: 15 * 60 };

/**
 * The instant search sends a call per keystroke (and facet calls beside it): a fast typist
 * makes 5-10 a second for a few seconds. 50 calls in 10 seconds lets that through several
 * times over and stops a tight loop within seconds; it is a burst limit, not a daily quota.
 */
export const SEARCH_BURST_RULE: RateLimitRule = { points: 50, durationSeconds: 10 };

export type RateVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts actions per client address in this process's memory: limits restart with the
 * server, and each server process of a deployment counts on its own.
 */
export class AddressRateLimit {
  /** Null when the rule allows 0 points: no limit. */
  private readonly limiter: RateLimiterMemory | null;

  constructor(name: string, rule: RateLimitRule) {
    this.limiter = rule.points > 0 ? new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSeconds }) : null;
  }

  /** Counts one action from `address`; refused (with the seconds to wait) past the rule's points. */
  async take(address: string): Promise<RateVerdict> {
    if (!this.limiter) return { isAllowed: true };
    try {
      await this.limiter.consume(address);
      return { isAllowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      throw error;
    }
  }
}

/** The public limits: contact messages and search bursts. */
export interface RateLimits {
  contact: AddressRateLimit;
  search: AddressRateLimit;
}

export function createRateLimits(rules: { contact: RateLimitRule; search: RateLimitRule } = { contact: CONTACT_MESSAGES_RULE, search: SEARCH_BURST_RULE }): RateLimits {
  return { contact: new AddressRateLimit('contact', rules.contact), search: new AddressRateLimit('search', rules.search) };
}
