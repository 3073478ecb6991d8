import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { recordAudit } from '../services/audit-log.ts';
import { AuditRepository } from './audit-repository.ts';

let dir: string;
let record: RecordDatabase;
let audit: AuditRepository;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
  record = openRecord(join(dir, 'record.sqlite'));
  audit = new AuditRepository(record);
});
afterEach(() => {
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the audit log in the record', () => {
  it('stores a detail by code and parameters beside its English words, in one row, and reads them back', () => {
    const params = { action: 'delete' as const, asked: 2, changedCount: 2, changedIds: [60, 59], missingCount: 0, missingIds: [] };
    recordAudit(record, { action: 'business.bulk-delete', result: 'success', address: '127.0.0.1', detail: { code: 'bulk_done', params } });
    expect(record.prepare('SELECT detail, detail_code, json(detail_params) AS params FROM audit_log').all()).toEqual([
      { detail: '2 of 2 businesses deleted: 60, 59', detail_code: 'bulk_done', params: JSON.stringify(params) },
    ]);
    const { rows, total } = audit.list(50, 0);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ action: 'business.bulk-delete', target: null, detail: '2 of 2 businesses deleted: 60, 59', outcome: { code: 'bulk_done', params } });
  });

  it('reads an entry stored before codes were kept (or with a code it no longer has) with its English words only', () => {
    record.prepare(`INSERT INTO audit_log (action, result, detail) VALUES ('index.rebuild', 'success', 'finished: 51 businesses indexed in 0.4 s')`).run();
    record.prepare(`INSERT INTO audit_log (action, result, detail, detail_code, detail_params) VALUES ('x', 'info', 'old words', 'gone_code', '{}')`).run();
    recordAudit(record, { action: 'business.edit', target: 'business:1', result: 'success' });
    const rows = audit.list(50, 0).rows;
    expect(rows.map((row) => [row.detail, row.outcome])).toEqual([[null, null], ['old words', null], ['finished: 51 businesses indexed in 0.4 s', null]]);
  });

  it('keeps each text inside the parameters short, whatever a library or a file wrote', () => {
    recordAudit(record, { action: 'index.rebuild', result: 'error', detail: { code: 'rebuild_failed', params: { seconds: 3, error: 'e'.repeat(5000) } } });
    const [row] = audit.list(1, 0).rows;
    expect(row!.outcome).toEqual({ code: 'rebuild_failed', params: { seconds: 3, error: `${'e'.repeat(300)}…` } });
    expect(row!.detail).toBe(`failed after 3.0 s: ${'e'.repeat(300)}…`);
  });
});
