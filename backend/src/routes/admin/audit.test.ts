import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { AdminActivityItem, AdminActivityPage } from '../../shared/admin-types.ts';
import type { FileImportResult } from '../../shared/import-types.ts';
import { signInAsAdmin, TEST_ADMIN, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

type App = TestApp & { url: string };

describe('audit log: imports and refused admin writes', () => {
  let app: App;
  let admin: AdminClient;

  beforeAll(async () => {
    app = await startTestApp([buildBusiness({ placeId: 'ChIJaudit000001', name: 'Audit Cafe' })]);
    admin = await signInAsAdmin(app);
  });
  afterAll(async () => {
    await app.deps.imports.settled();
    await app.close();
  });

  /** The newest activity entries, as the dashboard reads them. */
  const latest = async (limit: number): Promise<AdminActivityItem[]> => {
    const response = await admin.request('GET', `/api/admin/activity?limit=${limit}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as AdminActivityPage).items;
  };

  const upload = async (fileName: string, content: string, fields: Record<string, string> = {}): Promise<Response> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([content]), fileName);
    return fetch(`${app.url}/api/upload-excel-batch`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie, origin: app.url, 'x-csrf-token': admin.csrfToken },
    });
  };

  it('records each uploaded file with its counts, a dry run flagged, a failed file with its reason', async () => {
    const imported = (await (await upload('cafes.csv', 'name,place_id\nNew Cafe,ChIJaudit000002\nAudit Cafe,ChIJaudit000001\n')).json()) as FileImportResult;
    expect(imported.success).toBe(true);
    const dryRun = await upload('trial.csv', 'name,place_id\nTrial Cafe,ChIJaudit000003\n', { dryRun: 'true' });
    expect(dryRun.status).toBe(200);
    const failed = (await (await upload('empty.csv', '')).json()) as FileImportResult;
    expect(failed.success).toBe(false);

    const [empty, trial, cafes] = await latest(3);
    expect(cafes).toMatchObject({
      action: 'import.file',
      target: 'cafes.csv',
      result: 'success',
      address: expect.stringMatching(/127\.0\.0\.1/),
      detail: `report ${imported.reportId}: 2 of 2 rows imported (1 new, 1 updated), 0 with errors, 0 skipped.`,
    });
    expect(trial).toMatchObject({ action: 'import.file', target: 'trial.csv', result: 'info', detail: expect.stringMatching(/^dry run, nothing written: report \d+: 1 of 1 rows would be imported/) });
    expect(empty).toMatchObject({ action: 'import.file', target: 'empty.csv', result: 'error', detail: `report ${failed.reportId}: failed: ${failed.message}` });
    // The same by code and figures, for the admin screens to word in Turkish.
    expect(cafes!.outcome).toEqual({
      code: 'import_done',
      params: { reportId: imported.reportId, isDryRun: false, counts: { totalRows: 2, successCount: 2, inserted: 1, updated: 1, repeated: 0, errorCount: 0, skippedCount: 0 } },
    });
    expect(trial!.outcome).toMatchObject({ code: 'import_done', params: { isDryRun: true, counts: { totalRows: 1, successCount: 1, inserted: 1 } } });
    expect(empty!.outcome).toEqual({ code: 'import_failed', params: { reportId: failed.reportId, isDryRun: false, failure: failed.failure } });
    expect(failed.failure).not.toBeNull();
  });

  it('records an import with row errors by its counts', async () => {
    const result = (await (await upload('mixed.csv', 'name,lat,lng\nGood Cafe,41.0,29.0\nBad Cafe,999,29.0\n,41.0,29.0\n')).json()) as FileImportResult;
    expect(result).toMatchObject({ success: true, totalRows: 3, successCount: 1, errorCount: 2 });
    const [entry] = await latest(1);
    expect(entry).toMatchObject({
      action: 'import.file', result: 'success', detail: `report ${result.reportId}: 1 of 3 rows imported (1 new, 0 updated), 2 with errors, 0 skipped.`,
      outcome: { code: 'import_done', params: { reportId: result.reportId, counts: { totalRows: 3, successCount: 1, errorCount: 2 } } },
    });
  });

  it('records a failed login and a bulk delete by code; the deleted businesses are named as such', async () => {
    const wrong = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify({ username: 'admin', password: 'not the password' }),
    });
    expect(wrong.status).toBe(401);
    const [login] = await latest(1);
    expect(login).toMatchObject({ action: 'login', target: 'admin', result: 'error', detail: 'invalid username or password', outcome: { code: 'login_refused', params: {} }, subject: null });

    const cafe = app.deps.record.prepare(`SELECT id FROM businesses WHERE name = 'Audit Cafe'`).pluck().get() as number;
    const kept = app.deps.record.prepare(`SELECT id FROM businesses WHERE name = 'New Cafe'`).pluck().get() as number;
    for (const id of [cafe, kept]) expect((await admin.request('POST', `/api/admin/businesses/${id}/toggle-approval`)).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/businesses/bulk', { body: { action: 'delete', ids: [cafe, 424242] } })).status).toBe(200);
    expect((await admin.request('POST', `/api/admin/businesses/${cafe}/toggle-approval`)).status).toBe(404);
    const [refused, bulk, keptApproval, deletedApproval] = await latest(4);
    expect(bulk).toMatchObject({
      action: 'business.bulk-delete', detail: `1 of 2 businesses deleted: Audit Cafe (#${cafe}); not found: 424242`,
      outcome: {
        code: 'bulk_done',
        params: { action: 'delete', asked: 2, changedCount: 1, changedIds: [cafe], changedNames: [{ id: cafe, name: 'Audit Cafe' }], missingCount: 1, missingIds: [424242] },
      },
    });
    expect(keptApproval).toMatchObject({
      target: `business:${kept}`, detail: 'New Cafe', outcome: { code: 'business_named', params: { name: 'New Cafe' } }, subject: { kind: 'business', id: kept, exists: true, name: 'New Cafe' },
    });
    // Deleted since: named as its approval's entry wrote it down.
    expect(deletedApproval).toMatchObject({ target: `business:${cafe}`, subject: { kind: 'business', id: cafe, exists: false, name: 'Audit Cafe' } });
    expect(refused).toMatchObject({
      action: 'write.refused', target: `POST /api/admin/businesses/${cafe}/toggle-approval`,
      outcome: { code: 'write_refused', params: { status: 404, id: 'not_found', params: { kind: 'business', id: cafe } } },
      subject: { kind: 'request', method: 'POST', path: `/api/admin/businesses/${cafe}/toggle-approval`, business: { id: cafe, exists: false, name: null } },
    });

    // A refused edit of a business still kept names it, by its name now.
    expect((await admin.request('PUT', `/api/admin/businesses/${kept}`, { body: { name: '' } })).status).toBe(400);
    const [refusedEdit] = await latest(1);
    expect(refusedEdit).toMatchObject({ action: 'write.refused', subject: { kind: 'request', business: { id: kept, exists: true, name: 'New Cafe' } } });

    // A business renamed, then deleted on its own: its delete names it as it was when deleted.
    const read = (await (await admin.request('GET', `/api/admin/businesses/${kept}`)).json()) as Record<string, unknown>;
    const editable = ['category', 'type', 'street', 'city', 'postalCode', 'country', 'countryCode', 'phone', 'latitude', 'longitude', 'workingHours', 'about', 'url', 'photo', 'verified', 'isApproved'];
    const edit = { ...Object.fromEntries(editable.map((key) => [key, read[key]])), name: 'New Cafe Renamed' };
    expect((await admin.request('PUT', `/api/admin/businesses/${kept}`, { body: edit })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/businesses/${kept}`)).status).toBe(200);
    const [deleted, edited] = await latest(2);
    expect(deleted).toMatchObject({ action: 'business.delete', detail: 'New Cafe Renamed', subject: { kind: 'business', id: kept, exists: false, name: 'New Cafe Renamed' } });
    expect(edited).toMatchObject({ action: 'business.edit', outcome: { code: 'business_named', params: { name: 'New Cafe Renamed' } } });
  });

  it('records a refused upload (bad batch size) with its reason', async () => {
    expect((await upload('cafes.csv', 'name\nA\n', { batchSize: '300' })).status).toBe(400);
    const [entry] = await latest(1);
    expect(entry).toMatchObject({
      action: 'write.refused',
      target: 'POST /api/upload-excel-batch',
      result: 'warning',
      detail: '400 bad_request: Invalid request. batchSize: must be one of 100, 500, 1000, 2000',
      outcome: { code: 'write_refused', params: { status: 400, id: 'bad_request', issues: [{ field: 'batchSize', code: 'batch_size', params: { values: [100, 500, 1000, 2000] } }] } },
    });
  });

  it('records a 413 ad code and a 400 business save with their reasons, never the values sent', async () => {
    const tooLarge = await admin.request('POST', '/api/admin/advertisement-codes', { body: { ad1: '', ad2: 'x'.repeat(52_000), ad3: '', ad4: '' } });
    expect(tooLarge.status).toBe(413);
    const longName = `Secret ${'n'.repeat(400)}`;
    const invalid = await admin.request('PUT', '/api/admin/businesses/1', { body: { name: longName } });
    expect(invalid.status).toBe(400);

    const [save, ad] = await latest(2);
    expect(ad).toMatchObject({
      action: 'write.refused',
      target: 'POST /api/admin/advertisement-codes',
      result: 'warning',
      detail: '413 ad_code_too_large: ad2: at most 50 KB (51,200 bytes); this one is 52,000 bytes',
    });
    expect(save).toMatchObject({ action: 'write.refused', target: 'PUT /api/admin/businesses/1', detail: expect.stringMatching(/^400 bad_request: .*name: must be at most 300 characters/) });
    expect(save!.detail).not.toContain('Secret');
  });

  it('records a 403 CSRF refusal and a body the parser refuses, without the body', async () => {
    const forged = await admin.request('POST', '/api/admin/clear-cache', { headers: { 'x-csrf-token': 'not-the-token' } });
    expect(forged.status).toBe(403);
    const malformed = await fetch(`${app.url}/api/admin/site-settings`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: app.url, 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' },
      body: `{"head_tags": "${TEST_ADMIN.password}`,
    });
    expect(malformed.status).toBe(400);

    const [parser, csrf] = await latest(2);
    expect(csrf).toMatchObject({
      action: 'write.refused', target: 'POST /api/admin/clear-cache', result: 'warning', detail: expect.stringMatching(/^403 csrf_failed: .*X-CSRF-Token/),
      outcome: { code: 'write_refused', params: { status: 403, id: 'csrf_failed', params: { check: 'token' } } },
    });
    expect(parser).toMatchObject({
      action: 'write.refused', target: 'POST /api/admin/site-settings', detail: '400: the request body cannot be read', outcome: { code: 'body_refused', params: { status: 400 } },
    });
    expect(JSON.stringify(await latest(20))).not.toContain(TEST_ADMIN.password);
  });

  it('writes no entry for a write without a session; a 404 write is recorded', async () => {
    const before = (await latest(1))[0]!.id;
    const anonymous = await fetch(`${app.url}/api/admin/clear-cache`, { method: 'POST', headers: { origin: app.url } });
    expect(anonymous.status).toBe(401);
    expect((await latest(1))[0]!.id).toBe(before);

    expect((await admin.request('DELETE', '/api/admin/messages/999')).status).toBe(404);
    const [missing] = await latest(1);
    expect(missing).toMatchObject({ action: 'write.refused', target: 'DELETE /api/admin/messages/999', detail: '404 not_found: Message 999 not found' });
  });
});
