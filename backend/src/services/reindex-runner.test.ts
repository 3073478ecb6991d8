import { describe, expect, it } from 'vitest';
import type { ReindexStatus } from '../shared/admin-types.ts';
import { auditDetailText } from '../shared/audit-details.ts';
import { rebuildAuditEntry } from './reindex-runner.ts';

const ended = (overrides: Partial<ReindexStatus>): ReindexStatus => ({
  state: 'succeeded', startedAt: '2026-01-01T10:00:00.000Z', finishedAt: '2026-01-01T10:01:30.500Z',
  processed: 0, total: null, documents: null, seconds: null, error: null, ...overrides,
});

describe('rebuildAuditEntry', () => {
  it('records a success with the indexer\'s document count and seconds', () => {
    const entry = rebuildAuditEntry(ended({ documents: 1_000_000, seconds: 84.25 }));
    expect(entry).toEqual({ action: 'index.rebuild', result: 'success', detail: { code: 'rebuild_finished', params: { documents: 1_000_000, seconds: 84.3 } } });
    expect(auditDetailText(entry.detail)).toBe('finished: 1000000 businesses indexed in 84.3 s');
  });

  it('records a failure with the time it ran and the first 300 characters of its error on one line', () => {
    const entry = rebuildAuditEntry(ended({ state: 'failed', error: `SqliteError: disk I/O error\n    at x\n${'y'.repeat(400)}` }));
    expect(entry.result).toBe('error');
    expect(entry.detail).toMatchObject({ code: 'rebuild_failed', params: { seconds: 90.5 } });
    const text = auditDetailText(entry.detail);
    expect(text.startsWith('failed after 90.5 s: SqliteError: disk I/O error at x yyy')).toBe(true);
    expect(text).toHaveLength('failed after 90.5 s: '.length + 300);
  });
});
