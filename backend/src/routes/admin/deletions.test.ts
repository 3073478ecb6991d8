import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';
import type { AdminBusinessPage, AdminStats } from '../../shared/admin-types.ts';
import { saveBusinesses } from '../../services/business-writer.ts';
import { errorOf, signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

type App = TestApp & { url: string };

describe('admin deletions', () => {
  let app: App;
  let admin: AdminClient;
  // Each deletion starts from the same three businesses, one of them the demo generator's.
  beforeEach(async () => {
    app = await startTestApp([
      buildBusiness({ placeId: 'ChIJdel0000001', name: 'Keep Me' }),
      buildBusiness({ placeId: 'ChIJdel0000002', name: 'Delete Me' }),
      buildBusiness({ placeId: 'ChIJdel0000003', name: 'Demo One' }),
    ]);
    app.deps.record.prepare(`UPDATE businesses SET is_demo = 1 WHERE name = 'Demo One'`).run();
    admin = await signInAsAdmin(app);
  });
  afterEach(() => app.close());

  it('deletes one business: gone from the record and lists, its page answers 410', async () => {
    const slug = slugOfName(app.deps.record, 'Delete Me');
    expect((await admin.request('DELETE', '/api/businesses/abc')).status).toBe(400);
    expect(await (await admin.request('DELETE', '/api/businesses/2')).json()).toEqual({ success: true });
    expect((await admin.request('DELETE', '/api/businesses/2')).status).toBe(404);
    await app.deps.sync.catchUp();
    const gone = await app.get(`/api/businesses/${slug}`);
    expect(gone.status).toBe(410);
    expect((await errorOf(gone)).id).toBe('gone');
    expect((await app.get('/api/businesses/never-existed')).status).toBe(404);
    const list = (await (await app.get('/api/businesses')).json()) as { businesses: { name: string }[] };
    expect(list.businesses.map((b) => b.name)).not.toContain('Delete Me');
  });

  it('deletes the test data: only the businesses the demo generator loaded, which the stats counted', async () => {
    const testBusinesses = async () => ((await (await admin.request('GET', '/api/admin/stats')).json()) as AdminStats).testBusinesses;
    expect(await testBusinesses()).toBe(1);
    const response = await admin.request('DELETE', '/api/admin/test-data');
    expect(await response.json()).toEqual({ success: true, deletedCount: 1, message: '1 test işletmesi silindi' });
    expect(app.deps.record.prepare('SELECT name FROM businesses ORDER BY id').pluck().all()).toEqual(['Keep Me', 'Delete Me']);
    expect(await testBusinesses()).toBe(0);
  });

  it('deletes everything: record empty, counts zero, no change-log rows queued, the index rebuilt empty, triggers back', async () => {
    const seqBefore = app.deps.record.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck().get() as number;
    const response = await admin.request('DELETE', '/api/admin/businesses');
    expect(await response.json()).toEqual({ success: true, deletedCount: 3, message: '3 işletme silindi' });
    expect(app.deps.record.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(seqBefore)).toBe(0);
    await app.deps.admin.reindex.whenIdle();
    expect(app.deps.admin.reindex.current()).toMatchObject({ state: 'succeeded', documents: 0 });
    await app.deps.sync.catchUp();
    expect((await app.deps.engine.totals()).businessCount).toBe(0);
    expect(((await (await admin.request('GET', '/api/admin/stats')).json()) as AdminStats).totalBusinesses).toBe(0);
    // The triggers are back: a new business reaches the change log, the counts and the name search.
    saveBusinesses(app.deps.businesses, [buildBusiness({ placeId: 'ChIJreset00001', name: 'After Reset' })]);
    expect(app.deps.record.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(seqBefore)).toBe(1);
    const list = (await (await admin.request('GET', '/api/admin/businesses?filter=reset')).json()) as AdminBusinessPage;
    expect(list.businesses.map((b) => b.name)).toEqual(['After Reset']);
    expect(list.pagination.total).toBe(1);
  });
});
