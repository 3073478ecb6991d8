import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import type { AdminActivityItem, AdminActivityPage, AdminDeleteResult, AdminFixSlugsResult, ReindexStatus } from '../../shared/admin-types.ts';
import { MAINTENANCE_TASK_NAMES, MAINTENANCE_TASKS, type MaintenanceTask } from '../../shared/maintenance-tasks.ts';
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
    expect(body).toEqual({ success: true, successCount: 1, totalProcessed: 2, checkpointEnabled: true, message: '2 işletme işlendi, 1 URL düzeltildi' });
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

describe('the maintenance tasks, each served as the task table names it', () => {
  let app: TestApp & { url: string };
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp([buildBusiness({ placeId: 'ChIJtask0000001', name: 'Kept' })]);
    insertBusiness(app.deps.record, buildBusiness({ placeId: 'ChIJtask0000002', name: 'Long Slug' }), 'long-slug-1699999999999-chijtask0000002');
    for (const name of ['Demo One', 'Demo Two']) insertBusiness(app.deps.record, buildBusiness({ name }));
    app.deps.record.prepare(`UPDATE businesses SET is_demo = 1 WHERE name LIKE 'Demo %'`).run();
    admin = await signInAsAdmin(app);
  });
  afterAll(async () => {
    await app.deps.admin.reindex.whenIdle();
    await app.close();
  });

  // In the order they run here (slugs, then test data, then the rest); a task added to the table needs its line.
  const EXPECTED: { [T in MaintenanceTask]: { answer: AdminDeleteResult | AdminFixSlugsResult; entry: Partial<AdminActivityItem> } } = {
    'fix-slugs': {
      answer: { success: true, successCount: 1, totalProcessed: 4, checkpointEnabled: true, message: '4 işletme işlendi, 1 URL düzeltildi' },
      entry: { action: 'slugs.fix', result: 'success', detail: '1 of 4 slugs shortened', outcome: { code: 'slugs_fixed', params: { fixed: 1, processed: 4 } } },
    },
    'delete-test-data': {
      answer: { success: true, deletedCount: 2, message: '2 test işletmesi silindi' },
      entry: { action: 'test-data.delete', result: 'warning', detail: '2 demo businesses deleted', outcome: { code: 'test_data_deleted', params: { deleted: 2 } } },
    },
    'delete-all': {
      answer: { success: true, deletedCount: 2, message: '2 işletme silindi' },
      entry: { action: 'business.delete-all', result: 'warning', detail: '2 businesses deleted', outcome: { code: 'all_deleted', params: { deleted: 2 } } },
    },
  };

  it('answers each call with its figures and its Turkish outcome, and writes its audit entry', async () => {
    const tasks = Object.keys(EXPECTED) as MaintenanceTask[];
    expect([...tasks].sort()).toEqual([...MAINTENANCE_TASK_NAMES].sort());
    for (const task of tasks) {
      const { method, path } = MAINTENANCE_TASKS[task];
      const response = await admin.request(method, path);
      expect(response.status, task).toBe(200);
      expect(await response.json(), task).toEqual(EXPECTED[task].answer);
      const [entry] = ((await (await admin.request('GET', '/api/admin/activity?limit=1')).json()) as AdminActivityPage).items;
      expect(entry, task).toMatchObject({ ...EXPECTED[task].entry, target: null, subject: null });
    }
    expect(app.deps.record.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(0);
  });
});
