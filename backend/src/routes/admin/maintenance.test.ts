import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import type { AdminActivityPage, AdminFixSlugsResult, ReindexStatus } from '../../shared/admin-types.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

describe('rebuild of the search index from the admin area', () => {
  let app: TestApp & { url: string };
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp([buildBusiness({ name: 'One' }), buildBusiness({ name: 'Two' }), buildBusiness({ name: 'Three' })]);
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it('is idle before any rebuild', async () => {
    const response = await admin.request('GET', '/api/admin/reindex');
    expect(await response.json()).toEqual({
      state: 'idle', startedAt: null, finishedAt: null, processed: 0, total: null, documents: null, seconds: null, error: null,
    });
  });

  it('starts a rebuild in a child process (202), refuses a second (409), then reports the result', async () => {
    const started = await admin.request('POST', '/api/admin/reindex');
    expect(started.status).toBe(202);
    expect(((await started.json()) as ReindexStatus).state).toBe('running');
    const again = await admin.request('POST', '/api/admin/reindex');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { id: string } }).error.id).toBe('reindex_running');
    // The server keeps answering while the child works.
    expect((await app.get('/api/businesses')).status).toBe(200);
    await app.deps.admin.reindex.whenIdle();
    const done = (await (await admin.request('GET', '/api/admin/reindex')).json()) as ReindexStatus;
    expect(done).toMatchObject({ state: 'succeeded', processed: 3, total: 3, documents: 3, error: null });
    expect(done.seconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    // The audit log holds the start, the refusal and the end with its result and figures.
    const entries = app.deps.record.prepare(`SELECT result, detail FROM audit_log WHERE action = 'index.rebuild' ORDER BY id`).all();
    expect(entries).toEqual([
      { result: 'info', detail: 'started' },
      { result: 'warning', detail: 'refused: a rebuild is running' },
      { result: 'success', detail: `finished: 3 businesses indexed in ${done.seconds!.toFixed(1)} s` },
    ]);
    // ... and the dashboard's activity shows that end first.
    const activity = (await (await admin.request('GET', '/api/admin/activity?limit=1')).json()) as AdminActivityPage;
    expect(activity.items[0]).toMatchObject({
      action: 'index.rebuild', result: 'success', detail: expect.stringMatching(/^finished: 3 businesses/),
      outcome: { code: 'rebuild_finished', params: { documents: 3, seconds: Math.round(done.seconds! * 10) / 10 } },
    });
  });
});

describe('fix slugs', () => {
  let app: TestApp & { url: string };
  let admin: AdminClient;
  const longSlug = 'joes-pizza-and-grill-best-in-town-1699999999999-chijfix0000001';
  beforeAll(async () => {
    app = await startTestApp();
    insertBusiness(app.deps.record, buildBusiness({ placeId: 'ChIJfix0000001', name: "Joe's Pizza" }), longSlug);
    insertBusiness(app.deps.record, buildBusiness({ placeId: 'ChIJfix0000002', name: 'Fine Already' }));
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it('shortens long or timestamped slugs to name + place id, keeping the old one as a 301', async () => {
    const response = await admin.request('POST', '/api/admin/fix-slugs');
    const body = (await response.json()) as AdminFixSlugsResult;
    expect(body).toEqual({ success: true, successCount: 1, totalProcessed: 2, checkpointEnabled: true, message: expect.any(String) });
    const slug = app.deps.record.prepare('SELECT slug FROM businesses WHERE place_id = ?').pluck().get('ChIJfix0000001');
    expect(slug).toBe('joe-s-pizza-000001');
    const old = await app.get(`/api/businesses/${longSlug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/api/businesses/joe-s-pizza-000001');
    // A second run finds nothing to fix and starts from the beginning (the checkpoint was cleared).
    const again = (await (await admin.request('POST', '/api/admin/fix-slugs')).json()) as AdminFixSlugsResult;
    expect(again).toMatchObject({ successCount: 0, totalProcessed: 2 });
  });

  it('resumes after the business a stopped run finished with', async () => {
    app.deps.record.prepare(`UPDATE businesses SET slug = 'fine-already-1700000000000' WHERE place_id = 'ChIJfix0000002'`).run();
    const firstId = app.deps.record.prepare('SELECT min(id) FROM businesses').pluck().get() as number;
    app.deps.record.prepare(`INSERT INTO admin_checkpoints (name, value) VALUES ('fix-slugs', ?)`).run(firstId);
    const resumed = (await (await admin.request('POST', '/api/admin/fix-slugs')).json()) as AdminFixSlugsResult;
    expect(resumed).toMatchObject({ successCount: 1, totalProcessed: 1 });
    expect(app.deps.record.prepare('SELECT count(*) FROM admin_checkpoints').pluck().get()).toBe(0);
  });
});
