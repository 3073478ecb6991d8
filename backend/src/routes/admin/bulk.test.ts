import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { AdminActivityPage, AdminBulkResult } from '../../shared/admin-types.ts';
import type { SearchResults } from '../../shared/api-types.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

type App = TestApp & { url: string };

const NAMES = ['Quokka Bakery', 'Wombat Bakery', 'Numbat Bakery', 'Dingo Bakery'] as const;

describe('POST /api/admin/businesses/bulk (PUBLIC_LISTING=approved: approval decides what search shows)', () => {
  let app: App;
  let admin: AdminClient;
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp(
      [
        buildBusiness({ placeId: 'ChIJbulk0000001', name: 'Quokka Bakery', category: 'Bakery', isApproved: true }),
        buildBusiness({ placeId: 'ChIJbulk0000002', name: 'Wombat Bakery', category: 'Bakery', isApproved: false }),
        buildBusiness({ placeId: 'ChIJbulk0000003', name: 'Numbat Bakery', category: 'Bakery', isApproved: false }),
        buildBusiness({ placeId: 'ChIJbulk0000004', name: 'Dingo Bakery', category: 'Bakery', isApproved: true }),
      ],
      { listingPolicy: 'approved' },
    );
    admin = await signInAsAdmin(app);
    for (const { id, name, slug } of app.deps.record.prepare('SELECT id, name, slug FROM businesses').all() as { id: number; name: string; slug: string }[]) {
      ids[name] = id;
      slugs[name] = slug;
    }
  });
  afterAll(() => app.close());

  const bulk = (body: unknown) => admin.request('POST', '/api/admin/businesses/bulk', { body });
  const approvalOf = (name: string) => app.deps.record.prepare('SELECT is_approved FROM businesses WHERE name = ?').pluck().get(name);
  const changeLogEnd = () => app.deps.record.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck().get() as number;
  /** The names of the bakeries search finds, once the index has applied the change log. */
  const searchedNames = async () => {
    await app.deps.sync.catchUp();
    const answer = (await (await app.get('/api/search?q=bakery')).json()) as SearchResults;
    return answer.hits.map((hit) => hit.name).sort();
  };
  const listedNames = async () => {
    const answer = (await (await app.get('/api/businesses?limit=50')).json()) as { businesses: { name: string }[] };
    return answer.businesses.map((business) => business.name).sort();
  };

  it('approves the businesses named: changed in the record, found by search and lists after the sync; unknown ids are reported', async () => {
    expect(await searchedNames()).toEqual(['Dingo Bakery', 'Quokka Bakery']);
    const response = await bulk({ action: 'approve', ids: [ids['Wombat Bakery'], ids['Numbat Bakery'], 9999, ids['Quokka Bakery']] });
    expect(response.status).toBe(200);
    expect((await response.json()) as AdminBulkResult).toEqual({
      success: true, action: 'approve', changedCount: 2, notFoundIds: [9999], message: '2 işletme onaylandı; 1 işletme bulunamadı',
    });
    expect(NAMES.map(approvalOf)).toEqual([1, 1, 1, 1]);
    expect(await searchedNames()).toEqual(['Dingo Bakery', 'Numbat Bakery', 'Quokka Bakery', 'Wombat Bakery']);
    expect(await listedNames()).toEqual(['Dingo Bakery', 'Numbat Bakery', 'Quokka Bakery', 'Wombat Bakery']);
    expect((await app.get(`/api/businesses/${slugs['Wombat Bakery']}`)).status).toBe(200);
  });

  it('leaves a business already in the asked state alone: nothing changed, no change-log row', async () => {
    const before = changeLogEnd();
    const response = await bulk({ action: 'approve', ids: [ids['Quokka Bakery'], ids['Quokka Bakery']] });
    expect((await response.json()) as AdminBulkResult).toMatchObject({ changedCount: 0, notFoundIds: [], message: '0 işletme onaylandı' });
    expect(changeLogEnd()).toBe(before);
  });

  it('marks the businesses named pending: gone from search and lists after the sync', async () => {
    const response = await bulk({ action: 'unapprove', ids: [ids['Quokka Bakery'], ids['Wombat Bakery']] });
    expect((await response.json()) as AdminBulkResult).toEqual({
      success: true, action: 'unapprove', changedCount: 2, notFoundIds: [], message: '2 işletme onay bekliyor olarak işaretlendi',
    });
    expect(NAMES.map(approvalOf)).toEqual([0, 0, 1, 1]);
    expect(await searchedNames()).toEqual(['Dingo Bakery', 'Numbat Bakery']);
    expect(await listedNames()).toEqual(['Dingo Bakery', 'Numbat Bakery']);
    expect((await app.get(`/api/businesses/${slugs['Quokka Bakery']}`)).status).toBe(404);
  });

  it('deletes the businesses named: gone from the record, search and lists, their pages answer 410', async () => {
    const response = await bulk({ action: 'delete', ids: [ids['Numbat Bakery'], 4242, ids['Quokka Bakery']] });
    expect((await response.json()) as AdminBulkResult).toEqual({
      success: true, action: 'delete', changedCount: 2, notFoundIds: [4242], message: '2 işletme silindi; 1 işletme bulunamadı',
    });
    expect(app.deps.record.prepare('SELECT name FROM businesses ORDER BY name').pluck().all()).toEqual(['Dingo Bakery', 'Wombat Bakery']);
    expect(await searchedNames()).toEqual(['Dingo Bakery']);
    expect(await listedNames()).toEqual(['Dingo Bakery']);
    for (const name of ['Numbat Bakery', 'Quokka Bakery']) expect((await app.get(`/api/businesses/${slugs[name]}`)).status, name).toBe(410);
    // The kept counts follow (the category filter's figures and the list's totals come from them).
    expect(app.deps.admin.businesses.repository.categoryCounts()).toEqual([{ category: 'Bakery', count: 2 }]);
  });

  it('writes one audit entry per call with the action, the count and the businesses by the names they had', async () => {
    const activity = (await (await admin.request('GET', '/api/admin/activity?limit=4')).json()) as AdminActivityPage;
    const named = (...names: string[]) => names.map((name) => `${name} (#${ids[name]})`).join(', ');
    // Numbat and Quokka are deleted since: their names were kept with the entry.
    expect(activity.items.map((item) => [item.action, item.target, item.result, item.detail])).toEqual([
      ['business.bulk-delete', null, 'success', `2 of 3 businesses deleted: ${named('Numbat Bakery', 'Quokka Bakery')}; not found: 4242`],
      ['business.bulk-unapprove', null, 'success', `2 of 2 businesses marked pending: ${named('Quokka Bakery', 'Wombat Bakery')}`],
      ['business.bulk-approve', null, 'success', '0 of 1 businesses approved'],
      ['business.bulk-approve', null, 'success', `2 of 4 businesses approved: ${named('Wombat Bakery', 'Numbat Bakery')}; not found: 9999`],
    ]);
    // The same by code, for the admin screens to word in Turkish.
    expect(activity.items[0]!.outcome).toEqual({
      code: 'bulk_done',
      params: {
        action: 'delete', asked: 3, changedCount: 2, changedIds: [ids['Numbat Bakery'], ids['Quokka Bakery']],
        changedNames: [{ id: ids['Numbat Bakery'], name: 'Numbat Bakery' }, { id: ids['Quokka Bakery'], name: 'Quokka Bakery' }],
        missingCount: 1, missingIds: [4242],
      },
    });
  });

  it('answers 400 naming the field for a bad action or bad ids, and changes nothing', async () => {
    const before = changeLogEnd();
    const wombat = ids['Wombat Bakery']!;
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1);
    for (const [body, field, reason] of [
      [{ action: 'publish', ids: [wombat] }, 'action', 'must be approve, unapprove or delete'],
      [{ ids: [wombat] }, 'action', 'must be approve, unapprove or delete'],
      [{ action: 'delete' }, 'ids', 'must be a list of business ids'],
      [{ action: 'delete', ids: String(wombat) }, 'ids', 'must be a list of business ids'],
      [{ action: 'delete', ids: [] }, 'ids', 'must name at least one business'],
      [{ action: 'delete', ids: tooMany }, 'ids', 'must be at most 500 ids a call'],
      [{ action: 'delete', ids: [wombat, 0] }, 'ids.1', 'must be a whole number of 1 or more'],
      [{ action: 'delete', ids: [-3, wombat] }, 'ids.0', 'must be a whole number of 1 or more'],
      [{ action: 'delete', ids: [wombat, 2.5] }, 'ids.1', 'must be a whole number of 1 or more'],
      [{ action: 'delete', ids: [String(wombat)] }, 'ids.0', 'must be a whole number of 1 or more'],
    ] as const) {
      const response = await bulk(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = (await response.json()) as { error: { id: string; message: string; fields: Record<string, string[]> } };
      expect(error.id).toBe('bad_request');
      expect(error.fields, JSON.stringify(body).slice(0, 80)).toEqual({ [field]: [reason] });
      expect(error.message).toContain(`${field}: ${reason}`);
    }
    // 500 ids is the bound, not past it.
    const atBound = await bulk({ action: 'approve', ids: Array.from({ length: 500 }, (_, index) => index + 10_000) });
    expect(((await atBound.json()) as AdminBulkResult).notFoundIds).toHaveLength(500);
    expect(app.deps.record.prepare('SELECT name FROM businesses ORDER BY name').pluck().all()).toEqual(['Dingo Bakery', 'Wombat Bakery']);
    expect(changeLogEnd()).toBe(before);
  });
});

describe('the audit entry of a bulk call on many businesses', () => {
  it('keeps the names of the first few only, and counts the rest', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `Bilby Bakery ${String(index + 1).padStart(2, '0')}`);
    const app = await startTestApp(names.map((name, index) => buildBusiness({ placeId: `ChIJbilby${String(index).padStart(6, '0')}`, name, isApproved: false })));
    try {
      const admin = await signInAsAdmin(app);
      const ids = app.deps.record.prepare('SELECT id FROM businesses ORDER BY name').pluck().all() as number[];
      expect((await admin.request('POST', '/api/admin/businesses/bulk', { body: { action: 'delete', ids } })).status).toBe(200);
      const [entry] = ((await (await admin.request('GET', '/api/admin/activity?limit=1')).json()) as AdminActivityPage).items;
      const firstFive = names.slice(0, 5).map((name, index) => `${name} (#${ids[index]})`).join(', ');
      expect(entry!.detail).toBe(`40 of 40 businesses deleted: ${firstFive} and 35 more`);
      expect(entry!.outcome).toMatchObject({ code: 'bulk_done', params: { changedCount: 40, changedIds: ids.slice(0, 20) } });
      expect((entry!.outcome!.params as { changedNames: unknown[] }).changedNames).toEqual(names.slice(0, 5).map((name, index) => ({ id: ids[index], name })));
    } finally {
      await app.close();
    }
  });
});
