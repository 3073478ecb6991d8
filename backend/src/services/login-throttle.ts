import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed logins per username (and per address) that go unhindered; the last of them starts the delays (1 s after it). */
const FREE_FAILURES_PER_USERNAME = 5;
const FREE_FAILURES_PER_ADDRESS = 20;
/** The delay after a failure doubles from 1 s up to 15 minutes. */
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures are forgotten an hour after the first of a series. */
const FAILURE_WINDOW_SECONDS = 3600;
/** Whatever the outcome, one address tries at most this many logins a minute (each costs a hash). */
const ATTEMPTS_PER_ADDRESS_PER_MINUTE = 30;

export type ThrottleVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Login throttling, asked before any password is hashed: per client address and per username,
 * growing delays after repeated failures, plus a ceiling of attempts per address.
 */
export class LoginThrottle {
  private readonly failures = new RateLimiterMemory({ keyPrefix: 'login-fail', points: 1_000_000, duration: FAILURE_WINDOW_SECONDS });
  private readonly blocks = new RateLimiterMemory({ keyPrefix: 'login-block', points: 1, duration: 1 });
  private readonly attempts = new RateLimiterMemory({ keyPrefix: 'login-try', points: ATTEMPTS_PER_ADDRESS_PER_MINUTE, duration: 60 });

  /** Whether a login from `address` for `username` may be checked now; counts the attempt. */
  async check(address: string, username: string): Promise<ThrottleVerdict> {
    let wait = 0;
    for (const key of keysOf(address, username)) {
      const blocked = await this.blocks.get(key);
      if (blocked && blocked.consumedPoints > 1) wait = Math.max(wait, blocked.msBeforeNext);
    }
    if (wait > 0) return { isAllowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    try {
      await this.attempts.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes) return { isAllowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
      throw error;
    }
    return { isAllowed: true };
  }

  /** Counts a failure; past the free ones, blocks the address or username for a doubling delay. */
  async recordFailure(address: string, username: string): Promise<void> {
    const [addressKey, usernameKey] = keysOf(address, username);
    for (const [key, free] of [[addressKey, FREE_FAILURES_PER_ADDRESS], [usernameKey, FREE_FAILURES_PER_USERNAME]] as const) {
      const { consumedPoints } = await this.failures.consume(key);
      if (consumedPoints >= free) {
        await this.blocks.block(key, Math.min(2 ** (consumedPoints - free), MAX_DELAY_SECONDS));
      }
    }
  }

  /** A successful login forgets the username's failures (the address keeps its own). */
  async recordSuccess(address: string, username: string): Promise<void> {
    const usernameKey = keysOf(address, username)[1];
    await this.failures.delete(usernameKey);
    await this.blocks.delete(usernameKey);
  }
}

/** Usernames are matched case-insensitively and trimmed, so "Admin " and "admin" share a counter. */
function keysOf(address: string, username: string): [string, string] {
  return [`address:${address}`, `username:${username.trim().toLowerCase()}`];
}
