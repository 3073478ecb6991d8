import { describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { AdminBusinessPage, AdminCategoryCount, AdminReports, AdminSitemaps, AdminStats, UploadReport } from '../../shared/admin-types.ts';
import { errorOf, signedInApp } from '../../testing/admin-client.ts';

describe('admin API against the record', () => {
  const running = signedInApp([
        buildBusiness({ placeId: 'ChIJaaaa000001', name: 'Zebra Plumbing', category: 'Plumber', rating: 3.1, reviews: 5, isApproved: true }),
        buildBusiness({ placeId: 'ChIJaaaa000002', name: 'Alpha Bakery', category: 'Bakery', rating: 4.9, reviews: 500, isApproved: false, phone: null }),
        buildBusiness({ placeId: 'ChIJaaaa000003', name: 'Bakery Central', category: 'Bakery', rating: 4.0, reviews: 50, countryCode: 'DE', country: 'Germany', city: 'Berlin' }),
      ]);

  it('stats: totals, top categories with shares, system figures and 30 visitor days', async () => {
    const stats = await running.admin.read<AdminStats>('/api/admin/stats');
    expect(stats).toMatchObject({ totalBusinesses: 3, approvedBusinesses: 2, totalCategories: 2, totalCountries: 2, totalCities: 2, unreadMessages: 0 });
    expect(stats.categories).toEqual([
      { category: 'Bakery', count: 2, share: 2 / 3 },
      { category: 'Plumber', count: 1, share: 1 / 3 },
    ]);
    expect(stats.system.engine).toBe('sqlite');
    expect(stats.system.recordBytes).toBeGreaterThan(4096);
    expect(stats.system.indexBytes).toBeGreaterThan(0);
    expect(stats.system.indexLag).toEqual({ pendingChanges: 0, oldestPendingSeconds: null });
    expect(stats.system.memoryRssBytes).toBeGreaterThan(1_000_000);
    expect(stats.visitors.days).toHaveLength(30);
    expect(stats.visitors.days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('stats: index lag counts change-log rows the index has not applied', async () => {
    await running.app.deps.sync.stop();
    const appliedSeq = await running.app.deps.engine.appliedSeq();
    running.app.deps.record.prepare('INSERT INTO change_log (business_id) VALUES (1), (2)').run();
    const stats = await running.admin.read<AdminStats>('/api/admin/stats');
    const expected = running.app.deps.record.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(appliedSeq);
    expect(stats.system.indexLag.pendingChanges).toBe(expected);
    expect(stats.system.indexLag.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    await running.app.deps.sync.catchUp();
  });

  it('businesses: every business, approved or not, sorted, filtered by category and name, with totals', async () => {
    const all = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?sortBy=name&sortOrder=asc');
    expect(all.businesses.map((b) => b.name)).toEqual(['Alpha Bakery', 'Bakery Central', 'Zebra Plumbing']);
    expect(all.pagination).toEqual({
      page: 1, limit: 20, totalPages: 1, total: 3, isTotalExact: true, totalBound: 'exact', nextCursor: null, prevCursor: null,
    });
    expect(all.businesses[0]).toEqual({
      id: 2, slug: expect.any(String), name: 'Alpha Bakery', category: 'Bakery', city: 'Lyon', country: 'France', rating: 4.9,
      reviewCount: 500, phone: null, address: expect.any(String), isApproved: false, createdAt: expect.any(String),
      placeId: 'ChIJaaaa000002', countryCode: 'FR', url: null, status: 'operational',
    });
    const byRating = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?sortBy=rating&sortOrder=desc&category=Bakery');
    expect(byRating.businesses.map((b) => b.name)).toEqual(['Alpha Bakery', 'Bakery Central']);
    expect(byRating.pagination.total).toBe(2);
    const byReviews = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?sortBy=reviewCount&sortOrder=asc');
    expect(byReviews.businesses.map((b) => b.reviewCount)).toEqual([5, 50, 500]);
    const search = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?filter=bak');
    expect(search.businesses.map((b) => b.name).sort()).toEqual(['Alpha Bakery', 'Bakery Central']);
    expect(search.pagination).toMatchObject({ total: 2, isTotalExact: true });
    const both = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?filter=central%20bak&category=Bakery');
    expect(both.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    const paged = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?limit=2&page=2&sortBy=name&sortOrder=asc');
    expect(paged.businesses.map((b) => b.name)).toEqual(['Zebra Plumbing']);
    expect(paged.pagination).toMatchObject({ page: 2, totalPages: 2, total: 3, nextCursor: null, prevCursor: expect.any(String) });
  });

  it('businesses: pages by cursor (after / before / before=end), the page number only a label', async () => {
    const url = (extra: string) => `/api/admin/businesses?limit=1&sortBy=name&sortOrder=asc&${extra}`;
    const first = await running.admin.read<AdminBusinessPage>(url(''));
    expect(first.businesses.map((b) => b.name)).toEqual(['Alpha Bakery']);
    expect(first.pagination.prevCursor).toBeNull();
    const second = await running.admin.read<AdminBusinessPage>(url(`page=2&after=${first.pagination.nextCursor}`));
    expect(second.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    expect(second.pagination.page).toBe(2);
    const last = await running.admin.read<AdminBusinessPage>(url('before=end'));
    expect(last.businesses.map((b) => b.name)).toEqual(['Zebra Plumbing']);
    expect(last.pagination).toMatchObject({ page: 3, totalPages: 3, nextCursor: null });
    const back = await running.admin.read<AdminBusinessPage>(url(`page=2&before=${last.pagination.prevCursor}`));
    expect(back.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    expect((await running.admin.read<AdminBusinessPage>(url(`before=${back.pagination.prevCursor}`))).businesses.map((b) => b.name)).toEqual(['Alpha Bakery']);
  });

  it('businesses: 400 naming the bad parameter', async () => {
    const ratingCursor = Buffer.from(JSON.stringify([4.5, 2])).toString('base64url');
    for (const [query, field] of [
      ['sortBy=phone', 'sortBy'], ['sortOrder=up', 'sortOrder'], ['page=0', 'page'], ['limit=500', 'limit'],
      // Past page 50 only a cursor leads; a cursor must be one of this sort's.
      ['page=51', 'page'], ['after=bm90LWEtY3Vyc29y', 'after'], [`sortBy=name&after=${ratingCursor}`, 'after'],
      ['before=nope', 'before'], [`sortBy=rating&after=${ratingCursor}&before=end`, 'before'],
    ]) {
      const response = await running.admin.request('GET', `/api/admin/businesses?${query}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(field);
    }
    const badId = await running.admin.request('GET', '/api/admin/businesses/abc');
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).message).toContain('id');
  });

  it('categories (with their counts) and country codes from the record', async () => {
    expect(await running.admin.read<string[]>('/api/admin/categories')).toEqual(['Bakery', 'Plumber']);
    expect(await running.admin.read<AdminCategoryCount[]>('/api/admin/category-counts')).toEqual([
      { category: 'Bakery', count: 2 },
      { category: 'Plumber', count: 1 },
    ]);
    expect(await running.admin.read<string[]>('/api/admin/country-codes')).toEqual(['DE', 'FR']);
  });

  it('upload reports and reports read the record', async () => {
    running.app.deps.record
      .prepare(
        `INSERT INTO upload_reports (file_name, file_size_bytes, status, total_rows, inserted, updated, skipped, error_count, details, started_at, finished_at)
         VALUES ('places.xlsx', 2097152, 'completed', 200, 150, 40, 10, 0, json('{"duplicateAnalysis":{"excelDuplicateCount":3,"uniquePlaceIds":197}}'),
                 '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:12.500Z')`,
      )
      .run();
    running.app.deps.record
      .prepare(
        `INSERT INTO upload_reports (file_name, file_size_bytes, status, message, message_code, message_params, is_dry_run, started_at, finished_at)
         VALUES ('empty.csv', 0, 'failed', 'The file is empty: no header row was found.', 'no_header', '{}', 1, '2026-01-01T09:00:00.000Z', '2026-01-01T09:00:00.100Z'),
                ('old.csv', 0, 'failed', 'The file is empty.', NULL, NULL, 0, '2025-12-01T09:00:00.000Z', '2025-12-01T09:00:00.100Z')`,
      )
      .run();
    const reports = await running.admin.read<UploadReport[]>('/api/admin/upload-reports');
    expect(reports[1]).toMatchObject({
      id: 2, success: false, status: 'failed', isDryRun: true, message: 'The file is empty: no header row was found.', failure: { code: 'no_header', params: {} }, errorsCsvUrl: null,
    });
    // A report stored before codes were kept has its English words only.
    expect(reports[2]).toMatchObject({ id: 3, status: 'failed', message: 'The file is empty.', failure: null });
    expect(reports.slice(0, 1)).toEqual([
      {
        id: 1, success: true, status: 'completed', timestamp: '2026-01-01T10:00:00.000Z', isDryRun: false, message: null, failure: null,
        errorsCsvUrl: '/api/admin/upload-reports/1/errors.csv',
        summary: { fileName: 'places.xlsx', fileSizeMB: 2, processingTimeSeconds: 12.5, totalRecords: 200 },
        // 40 stored as updated, 3 of them repeats of an earlier row of the file.
        results: { inserted: 150, updated: 37, repeated: 3, skipped: 10, errors: 0, updateRate: 18.5, skipRate: 5 },
        duplicateAnalysis: {
          excelDuplicateCount: 3, databaseDuplicateCount: 0, newPlaceIdCount: 0, uniquePlaceIds: 197, totalDuplicateRecords: 0, duplicateRate: 0,
        },
      },
    ]);
    const content = await running.admin.read<AdminReports>('/api/admin/reports');
    expect(content.total).toBe(3);
    expect(content.byCountry).toEqual([{ code: 'FR', name: 'France', count: 2 }, { code: 'DE', name: 'Germany', count: 1 }]);
    expect(content.byCategory).toEqual([{ category: 'Bakery', count: 2 }, { category: 'Plumber', count: 1 }]);
    expect(content.missing.phone).toEqual({ count: 1, share: 1 / 3 });
    expect(content.missing.photo).toEqual({ count: 3, share: 1 });
    expect(content.notApproved).toBe(1);
    expect(content.imports).toHaveLength(3);
  });

  it('sitemaps: files with URL counts, regenerated on demand; clear cache answers as the spec says', async () => {
    const sitemaps = await running.admin.read<AdminSitemaps>('/api/admin/sitemaps');
    expect(sitemaps.files.map((file) => file.path)).toEqual([
      '/sitemaps/main.xml', '/sitemaps/categories.xml', '/sitemaps/countries.xml', '/sitemaps/cities.xml', '/sitemaps/businesses/page-1.xml',
    ]);
    expect(sitemaps.files.at(-1)!.urlCount).toBe(3);
    expect(sitemaps.files.find((file) => file.name === 'categories.xml')!.urlCount).toBe(2);
    expect(sitemaps.totalUrls).toBe(sitemaps.files.reduce((sum, file) => sum + file.urlCount, 0));
    const regenerated = await running.admin.request('POST', '/api/admin/sitemaps/regenerate');
    expect(await regenerated.json()).toEqual(sitemaps);
    const cleared = await running.admin.request('POST', '/api/admin/clear-cache');
    expect(await cleared.json()).toEqual({ success: true, message: 'Cache temizlendi' });
  });

  it('clear cache empties the ready list answers and retires the ETags clients hold', async () => {
    const first = await fetch(`${running.app.url}/api/countries`);
    const etag = first.headers.get('etag')!;
    const revalidate = () => fetch(`${running.app.url}/api/countries`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect((await revalidate()).status).toBe(304);
    const countries = vi.spyOn(running.app.deps.engine, 'countries');
    await running.admin.request('POST', '/api/admin/clear-cache');
    const after = await revalidate();
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(countries).toHaveBeenCalledTimes(1);
    countries.mockRestore();
    const [entry] = running.app.deps.admin.audit.list(1, 0).rows;
    expect(entry).toMatchObject({ action: 'cache.clear', detail: 'cleared: list answers and their ETags, search answers, lists of server-rendered pages, sitemaps' });
  });
});
