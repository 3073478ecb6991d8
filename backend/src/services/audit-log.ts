import type { RecordDatabase } from '@directory/data/record.ts';
import { deferredWritesOf } from '@directory/data/record-lock.ts';
import { AuditRepository, type AuditEntry } from '../db/audit-repository.ts';
import type { AuditResult } from '../shared/admin-types.ts';
import type { AuditAction } from '../shared/audit-actions.ts';
import { auditDetailText, type AuditDetail } from '../shared/audit-details.ts';

const repositories = new WeakMap<RecordDatabase, AuditRepository>();

/** Characters of any text a detail's parameters keep (an error's message, the headers of a file without a name column). */
const PARAM_TEXT_CHARS = 300;

/** The detail with each text inside it cut to PARAM_TEXT_CHARS, so that an entry stays small whatever a file or a library wrote. */
function bounded(detail: AuditDetail): AuditDetail {
  const params: unknown = JSON.parse(
    JSON.stringify(detail.params, (_key, value: unknown) => (typeof value === 'string' && value.length > PARAM_TEXT_CHARS ? `${value.slice(0, PARAM_TEXT_CHARS)}…` : value)),
  );
  return { code: detail.code, params } as AuditDetail;
}

/**
 * Writes one audit-log entry (an admin write or a login attempt): one insert, its detail in English
 * (made from the code and parameters) beside the code and parameters. Never put a password,
 * session id or token in `detail`: the log is shown on the dashboard. While another process holds
 * the record's write lock the entry waits in memory, with its time, and is written right after.
 */
export function recordAudit(
  db: RecordDatabase,
  entry: { action: AuditAction; target?: string | null; result: AuditResult; address?: string | null; detail?: AuditDetail | null },
): void {
  let repository = repositories.get(db);
  if (!repository) {
    repository = new AuditRepository(db);
    repositories.set(db, repository);
  }
  const outcome = entry.detail ? bounded(entry.detail) : null;
  const row: AuditEntry = {
    at: new Date().toISOString(),
    action: entry.action,
    target: entry.target ?? null,
    result: entry.result,
    address: entry.address ?? null,
    detail: outcome === null ? null : auditDetailText(outcome),
    outcome,
  };
  const writer = repository;
  deferredWritesOf(db).write(() => writer.record(row));
}
