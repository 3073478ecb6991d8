import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../db/audit-repository.ts';
import { presentAuditItem, type KeptRecords } from './admin.ts';

const row = (overrides: Partial<AuditRow>): AuditRow => ({
  id: 1, at: '2026-01-01T10:00:00.000Z', action: 'business.edit', target: null, result: 'success', address: '127.0.0.1', detail: null, outcome: null, ...overrides,
});
const kept: KeptRecords = { business: new Map([[1, 'Kebapçı Halil']]), message: new Set() };

describe('an activity entry as the API answers it', () => {
  it('keeps the stored fields, the English detail beside its code and parameters', () => {
    const outcome = { code: 'rebuild_finished', params: { documents: 51, seconds: 0.4 } } as const;
    expect(presentAuditItem(row({ action: 'index.rebuild', detail: 'finished: 51 businesses indexed in 0.4 s', outcome }), kept)).toEqual({
      id: 1, at: '2026-01-01T10:00:00.000Z', action: 'index.rebuild', target: null, result: 'success', address: '127.0.0.1',
      detail: 'finished: 51 businesses indexed in 0.4 s', outcome, subject: null,
    });
  });

  it('reads the target: a business still kept or deleted, a message, a refused request; a user name is no subject', () => {
    // A kept business by its name now, even when the entry wrote an older one down.
    const named = (name: string) => ({ code: 'business_named', params: { name } }) as const;
    expect(presentAuditItem(row({ target: 'business:1', outcome: named('Halil') }), kept).subject).toEqual({ kind: 'business', id: 1, exists: true, name: 'Kebapçı Halil' });
    // A deleted one by the name its entry wrote down; without one (an entry before names were kept), by its number.
    expect(presentAuditItem(row({ action: 'business.delete', target: 'business:2', outcome: named('Harmony Dentistry') }), kept).subject).toEqual({
      kind: 'business', id: 2, exists: false, name: 'Harmony Dentistry',
    });
    expect(presentAuditItem(row({ target: 'business:2' }), kept).subject).toEqual({ kind: 'business', id: 2, exists: false, name: null });
    expect(presentAuditItem(row({ action: 'message.delete', target: 'message:3' }), kept).subject).toEqual({ kind: 'message', id: 3, exists: false, name: null });
    expect(presentAuditItem(row({ action: 'write.refused', target: 'POST /api/admin/site-settings' }), kept).subject).toEqual({
      kind: 'request', method: 'POST', path: '/api/admin/site-settings', business: null,
    });
    // A refused write to one business: that business, kept (with its name) or deleted.
    expect(presentAuditItem(row({ action: 'write.refused', target: 'PUT /api/admin/businesses/1' }), kept).subject).toEqual({
      kind: 'request', method: 'PUT', path: '/api/admin/businesses/1', business: { id: 1, exists: true, name: 'Kebapçı Halil' },
    });
    expect(presentAuditItem(row({ action: 'write.refused', target: 'POST /api/admin/businesses/2/toggle-approval' }), kept).subject).toMatchObject({
      business: { id: 2, exists: false, name: null },
    });
    expect(presentAuditItem(row({ action: 'login', target: 'admin' }), kept).subject).toBeNull();
    // A file named like a request is a file: only a refused write's target is a request.
    expect(presentAuditItem(row({ action: 'import.file', target: 'POST /x.csv' }), kept).subject).toBeNull();
  });
});
