import { createHash, randomBytes } from 'node:crypto';
import type { DeferredWrites } from '@directory/data/record-lock.ts';
import type { AdminAccountRepository, AdminSessionRow } from '../db/admin-account-repository.ts';

/** A session ends after 2 hours without a request... */
export const SESSION_IDLE_MS = 2 * 3600 * 1000;
/** ...and 12 hours after login in any case. */
export const SESSION_ABSOLUTE_MS = 12 * 3600 * 1000;
/** The idle expiry is pushed forward at most once a minute, so reads do not all write. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface ActiveSession {
  username: string;
  /** The stored SHA-256 of the session id: safe to keep in state, useless as a cookie. */
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Admin sessions in SQLite: 256-bit random ids stored as SHA-256 hashes, idle and absolute expiry. */
export class AdminSessions {
  constructor(
    private readonly repository: AdminAccountRepository,
    /** Touches and expired-session deletions are bookkeeping: they never wait for the write lock. */
    private readonly deferred: Pick<DeferredWrites, 'write'>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Opens a new session for `userId`; returns the id for the cookie (never stored) and the CSRF
   * token. Two writes: run it inside a transaction (the login does, through `writeSoon`).
   */
  create(userId: number, username: string): { cookieValue: string; session: ActiveSession } {
    const now = this.now();
    this.repository.purgeExpired(now);
    const cookieValue = randomBytes(32).toString('base64url');
    const row = {
      id_hash: sha256(cookieValue),
      user_id: userId,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: now,
      last_seen_at: now,
      expires_at: Math.min(now + SESSION_IDLE_MS, now + SESSION_ABSOLUTE_MS),
    };
    this.repository.createSession(row);
    return { cookieValue, session: toActive({ ...row, username }) };
  }

  /** The live session a cookie value names, with its idle expiry pushed forward; null when none. */
  resolve(cookieValue: string): ActiveSession | null {
    const idHash = sha256(cookieValue);
    const row = this.repository.findSession(idHash);
    if (!row) return null;
    const now = this.now();
    if (row.expires_at <= now) {
      this.deferred.write(() => this.repository.deleteSessionByHash(idHash));
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
      row.expires_at = Math.min(now + SESSION_IDLE_MS, row.created_at + SESSION_ABSOLUTE_MS);
      row.last_seen_at = now;
      const { last_seen_at: lastSeenAt, expires_at: expiresAt } = row;
      this.deferred.write(() => this.repository.touch(idHash, lastSeenAt, expiresAt));
    }
    return toActive(row);
  }

  /** Ends a session (logout). */
  destroy(sessionId: string): void {
    this.repository.deleteSessionByHash(sessionId);
  }
}

function toActive(row: AdminSessionRow): ActiveSession {
  return { username: row.username, sessionId: row.id_hash, csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) };
}
