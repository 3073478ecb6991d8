import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { AuditResult } from '../shared/admin-types.ts';

export interface AuditEntry {
  /** When it happened (ISO 8601, UTC): set by the caller, since the row may be written a moment later. */
  at: string;
  action: string;
  target: string | null;
  result: AuditResult;
  address: string | null;
  detail: string | null;
}

export interface AuditRow extends AuditEntry {
  id: number;
}

/** SQL for the audit log of admin writes and login attempts. */
export class AuditRepository {
  private readonly insert: Statement<[AuditEntry]>;
  private readonly page: Statement<[number, number], AuditRow>;
  private readonly total: Statement<[], number>;

  constructor(db: RecordDatabase) {
    this.insert = db.prepare(
      'INSERT INTO audit_log (at, action, target, result, address, detail) VALUES (@at, @action, @target, @result, @address, @detail)',
    );
    this.page = db.prepare('SELECT id, at, action, target, result, address, detail FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?');
    // The log only grows by admin actions: counting its rowid b-tree stays cheap.
    this.total = db.prepare('SELECT count(*) FROM audit_log').pluck() as Statement<[], number>;
  }

  record(entry: AuditEntry): void {
    this.insert.run(entry);
  }

  list(limit: number, offset: number): { rows: AuditRow[]; total: number } {
    return { rows: this.page.all(limit, offset), total: this.total.get()! };
  }
}
