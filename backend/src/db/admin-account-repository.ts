import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

export interface AdminUserRow {
  id: number;
  username: string;
  password_hash: string;
}

export interface AdminSessionRow {
  id_hash: string;
  user_id: number;
  username: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** SQL for the administrator account and its sessions (session ids stored only as hashes). */
export class AdminAccountRepository {
  private readonly byUsername: Statement<[string], AdminUserRow>;
  private readonly countUsers: Statement<[], number>;
  private readonly insertUser: Statement<[string, string]>;
  private readonly updateHash: Statement<[string, string]>;
  private readonly insertSession: Statement<[string, number, string, number, number, number]>;
  private readonly sessionByHash: Statement<[string], AdminSessionRow>;
  private readonly touchSession: Statement<[number, number, string]>;
  private readonly deleteSession: Statement<[string]>;
  private readonly deleteUserSessions: Statement<[number]>;
  private readonly purge: Statement<[number]>;

  constructor(private readonly db: RecordDatabase) {
    this.byUsername = db.prepare('SELECT id, username, password_hash FROM admin_users WHERE username = ?');
    this.countUsers = db.prepare('SELECT count(*) FROM admin_users').pluck() as Statement<[], number>;
    this.insertUser = db.prepare('INSERT INTO admin_users (username, password_hash) VALUES (?, ?)');
    this.updateHash = db.prepare(
      `UPDATE admin_users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE username = ?`,
    );
    this.insertSession = db.prepare(
      'INSERT INTO admin_sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.sessionByHash = db.prepare(
      `SELECT s.id_hash, s.user_id, u.username, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at
       FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.id_hash = ?`,
    );
    this.touchSession = db.prepare('UPDATE admin_sessions SET last_seen_at = ?, expires_at = ? WHERE id_hash = ?');
    this.deleteSession = db.prepare('DELETE FROM admin_sessions WHERE id_hash = ?');
    this.deleteUserSessions = db.prepare('DELETE FROM admin_sessions WHERE user_id = ?');
    this.purge = db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?');
  }

  findUser(username: string): AdminUserRow | undefined {
    return this.byUsername.get(username);
  }

  hasAnyUser(): boolean {
    return this.countUsers.get()! > 0;
  }

  createUser(username: string, passwordHash: string): void {
    this.insertUser.run(username, passwordHash);
  }

  /** Sets a new hash and ends every session of that user; false when there is no such user. */
  changePassword(username: string, passwordHash: string): boolean {
    return this.db.transaction(() => {
      const user = this.byUsername.get(username);
      if (!user) return false;
      this.updateHash.run(passwordHash, username);
      this.deleteUserSessions.run(user.id);
      return true;
    })();
  }

  createSession(session: Omit<AdminSessionRow, 'username'>): void {
    this.insertSession.run(
      session.id_hash, session.user_id, session.csrf_token, session.created_at, session.last_seen_at, session.expires_at,
    );
  }

  findSession(idHash: string): AdminSessionRow | undefined {
    return this.sessionByHash.get(idHash);
  }

  touch(idHash: string, lastSeenAt: number, expiresAt: number): void {
    this.touchSession.run(lastSeenAt, expiresAt, idHash);
  }

  deleteSessionByHash(idHash: string): void {
    this.deleteSession.run(idHash);
  }

  /** Drops sessions whose expiry has passed; returns how many. */
  purgeExpired(now: number): number {
    return this.purge.run(now).changes;
  }
}
