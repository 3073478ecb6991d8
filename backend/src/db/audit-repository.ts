import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { AuditResult } from '../shared/admin-types.ts';
import { storedAuditDetail, type AuditDetail } from '../shared/audit-details.ts';

export interface AuditEntry {
  /** When it happened (ISO 8601, UTC): set by the caller, since the row may be written a moment later. */
  at: string;
  /** An AuditAction (backend/src/shared/audit-actions.ts) when written; read back as stored, whichever version wrote it. */
  action: string;
  target: string | null;
  result: AuditResult;
  address: string | null;
  /** In English, for API readers; made from `outcome` when there is one. */
  detail: string | null;
  /** The detail by code (null for entries stored before codes were kept, and for those without a detail). */
  outcome: AuditDetail | null;
}

export interface AuditRow extends AuditEntry {
  id: number;
}

interface StoredRow extends Omit<AuditRow, 'outcome'> {
  detail_code: string | null;
  detail_params: string | null;
}

/** SQL for the audit log of admin writes and login attempts. */
export class AuditRepository {
  private readonly insert: Statement<[Omit<StoredRow, 'id'>]>;
  private readonly page: Statement<[number, number], StoredRow>;
  private readonly total: Statement<[], number>;

  constructor(db: RecordDatabase) {
    this.insert = db.prepare(
      `INSERT INTO audit_log (at, action, target, result, address, detail, detail_code, detail_params)
       VALUES (@at, @action, @target, @result, @address, @detail, @detail_code, @detail_params)`,
    );
    this.page = db.prepare(
      'SELECT id, at, action, target, result, address, detail, detail_code, detail_params FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?',
    );
    // The log only grows by admin actions: counting its rowid b-tree stays cheap.
    this.total = db.prepare('SELECT count(*) FROM audit_log').pluck() as Statement<[], number>;
  }

  /** One insert: the entry, its English detail and its code and parameters. */
  record(entry: AuditEntry): void {
    const { outcome, ...fields } = entry;
    this.insert.run({ ...fields, detail_code: outcome?.code ?? null, detail_params: outcome === null ? null : JSON.stringify(outcome.params) });
  }

  list(limit: number, offset: number): { rows: AuditRow[]; total: number } {
    const rows = this.page.all(limit, offset).map(({ detail_code, detail_params, ...row }) => ({ ...row, outcome: storedAuditDetail(detail_code, detail_params) }));
    return { rows, total: this.total.get()! };
  }
}
