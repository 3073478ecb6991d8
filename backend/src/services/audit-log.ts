import type { RecordDatabase } from '@directory/data/record.ts';
import { deferredWritesOf } from '@directory/data/record-lock.ts';
import { AuditRepository, type AuditEntry } from '../db/audit-repository.ts';
import type { AuditResult } from '../shared/admin-types.ts';

const repositories = new WeakMap<RecordDatabase, AuditRepository>();

/**
 * Writes one audit-log entry (an admin write or a login attempt). Never pass a password,
 * session id or token in `detail`: the log is shown on the dashboard. While another process holds
 * the record's write lock the entry waits in memory, with its time, and is written right after.
 */
export function recordAudit(
  db: RecordDatabase,
  entry: { action: string; target?: string | null; result: AuditResult; address?: string | null; detail?: string | null },
): void {
  let repository = repositories.get(db);
  if (!repository) {
    repository = new AuditRepository(db);
    repositories.set(db, repository);
  }
  const row: AuditEntry = {
    at: new Date().toISOString(),
    action: entry.action,
    target: entry.target ?? null,
    result: entry.result,
    address: entry.address ?? null,
    detail: entry.detail ?? null,
  };
  const writer = repository;
  deferredWritesOf(db).write(() => writer.record(row));
}
