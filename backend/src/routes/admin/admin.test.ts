import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type {
  AdminActivityPage,
  AdminBusiness,
  AdminBusinessPage,
  AdminCategoryCount,
  AdminMessagePage,
  AdminReports,
  AdminSitemaps,
  AdminStats,
  UploadReport,
} from '../../shared/admin-types.ts';
import type { BusinessDetail, SearchResults } from '../../shared/api-types.ts';
import type { FieldIssue } from '../../shared/field-reasons.ts';
import { saveBusinesses } from '../../services/business-writer.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

type App = TestApp & { url: string };

const errorOf = async (response: Response) => ((await response.json()) as { error: { id: string; message: string } }).error;

describe('admin API against the record', () => {
  let app: App;
  let admin: AdminClient;
  const get = async <T>(path: string): Promise<T> => {
    const response = await admin.request('GET', path);
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    app = await startTestApp([
      buildBusiness({ placeId: 'ChIJaaaa000001', name: 'Zebra Plumbing', category: 'Plumber', rating: 3.1, reviews: 5, isApproved: true }),
      buildBusiness({ placeId: 'ChIJaaaa000002', name: 'Alpha Bakery', category: 'Bakery', rating: 4.9, reviews: 500, isApproved: false, phone: null }),
      buildBusiness({ placeId: 'ChIJaaaa000003', name: 'Bakery Central', category: 'Bakery', rating: 4.0, reviews: 50, countryCode: 'DE', country: 'Germany', city: 'Berlin' }),
    ]);
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it('stats: totals, top categories with shares, system figures and 30 visitor days', async () => {
    const stats = await get<AdminStats>('/api/admin/stats');
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
    await app.deps.sync.stop();
    const appliedSeq = await app.deps.engine.appliedSeq();
    app.deps.record.prepare('INSERT INTO change_log (business_id) VALUES (1), (2)').run();
    const stats = await get<AdminStats>('/api/admin/stats');
    const expected = app.deps.record.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(appliedSeq);
    expect(stats.system.indexLag.pendingChanges).toBe(expected);
    expect(stats.system.indexLag.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    await app.deps.sync.catchUp();
  });

  it('businesses: every business, approved or not, sorted, filtered by category and name, with totals', async () => {
    const all = await get<AdminBusinessPage>('/api/admin/businesses?sortBy=name&sortOrder=asc');
    expect(all.businesses.map((b) => b.name)).toEqual(['Alpha Bakery', 'Bakery Central', 'Zebra Plumbing']);
    expect(all.pagination).toEqual({
      page: 1, limit: 20, totalPages: 1, total: 3, isTotalExact: true, totalBound: 'exact', nextCursor: null, prevCursor: null,
    });
    expect(all.businesses[0]).toEqual({
      id: 2, slug: expect.any(String), name: 'Alpha Bakery', category: 'Bakery', city: 'Lyon', country: 'France', rating: 4.9,
      reviewCount: 500, phone: null, address: expect.any(String), isApproved: false, createdAt: expect.any(String),
      placeId: 'ChIJaaaa000002', countryCode: 'FR', url: null, status: 'operational',
    });
    const byRating = await get<AdminBusinessPage>('/api/admin/businesses?sortBy=rating&sortOrder=desc&category=Bakery');
    expect(byRating.businesses.map((b) => b.name)).toEqual(['Alpha Bakery', 'Bakery Central']);
    expect(byRating.pagination.total).toBe(2);
    const byReviews = await get<AdminBusinessPage>('/api/admin/businesses?sortBy=reviewCount&sortOrder=asc');
    expect(byReviews.businesses.map((b) => b.reviewCount)).toEqual([5, 50, 500]);
    const search = await get<AdminBusinessPage>('/api/admin/businesses?filter=bak');
    expect(search.businesses.map((b) => b.name).sort()).toEqual(['Alpha Bakery', 'Bakery Central']);
    expect(search.pagination).toMatchObject({ total: 2, isTotalExact: true });
    const both = await get<AdminBusinessPage>('/api/admin/businesses?filter=central%20bak&category=Bakery');
    expect(both.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    const paged = await get<AdminBusinessPage>('/api/admin/businesses?limit=2&page=2&sortBy=name&sortOrder=asc');
    expect(paged.businesses.map((b) => b.name)).toEqual(['Zebra Plumbing']);
    expect(paged.pagination).toMatchObject({ page: 2, totalPages: 2, total: 3, nextCursor: null, prevCursor: expect.any(String) });
  });

  it('businesses: pages by cursor (after / before / before=end), the page number only a label', async () => {
    const url = (extra: string) => `/api/admin/businesses?limit=1&sortBy=name&sortOrder=asc&${extra}`;
    const first = await get<AdminBusinessPage>(url(''));
    expect(first.businesses.map((b) => b.name)).toEqual(['Alpha Bakery']);
    expect(first.pagination.prevCursor).toBeNull();
    const second = await get<AdminBusinessPage>(url(`page=2&after=${first.pagination.nextCursor}`));
    expect(second.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    expect(second.pagination.page).toBe(2);
    const last = await get<AdminBusinessPage>(url('before=end'));
    expect(last.businesses.map((b) => b.name)).toEqual(['Zebra Plumbing']);
    expect(last.pagination).toMatchObject({ page: 3, totalPages: 3, nextCursor: null });
    const back = await get<AdminBusinessPage>(url(`page=2&before=${last.pagination.prevCursor}`));
    expect(back.businesses.map((b) => b.name)).toEqual(['Bakery Central']);
    expect((await get<AdminBusinessPage>(url(`before=${back.pagination.prevCursor}`))).businesses.map((b) => b.name)).toEqual(['Alpha Bakery']);
  });

  it('businesses: 400 naming the bad parameter', async () => {
    const ratingCursor = Buffer.from(JSON.stringify([4.5, 2])).toString('base64url');
    for (const [query, field] of [
      ['sortBy=phone', 'sortBy'], ['sortOrder=up', 'sortOrder'], ['page=0', 'page'], ['limit=500', 'limit'],
      // Past page 50 only a cursor leads; a cursor must be one of this sort's.
      ['page=51', 'page'], ['after=bm90LWEtY3Vyc29y', 'after'], [`sortBy=name&after=${ratingCursor}`, 'after'],
      ['before=nope', 'before'], [`sortBy=rating&after=${ratingCursor}&before=end`, 'before'],
    ]) {
      const response = await admin.request('GET', `/api/admin/businesses?${query}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(field);
    }
    const badId = await admin.request('GET', '/api/admin/businesses/abc');
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).message).toContain('id');
  });

  it('categories (with their counts) and country codes from the record', async () => {
    expect(await get<string[]>('/api/admin/categories')).toEqual(['Bakery', 'Plumber']);
    expect(await get<AdminCategoryCount[]>('/api/admin/category-counts')).toEqual([
      { category: 'Bakery', count: 2 },
      { category: 'Plumber', count: 1 },
    ]);
    expect(await get<string[]>('/api/admin/country-codes')).toEqual(['DE', 'FR']);
  });

  it('full read, then an edit saved in one go: slug kept, fields validated, public page changed', async () => {
    const before = await get<AdminBusiness>('/api/admin/businesses/1');
    expect(before).toMatchObject({ id: 1, name: 'Zebra Plumbing', verified: true, isApproved: true, countryCode: 'FR' });
    expect(before.workingHours).toMatchObject({ Monday: '9AM–5PM' });
    const edit = {
      name: 'Zebra Plumbing & Heating', category: 'Plumber', type: 'Plumber', street: '1 Rue Neuve', city: 'Lyon', postalCode: '69001',
      country: 'France', countryCode: 'fr', phone: '+33 4 11 22 33 44', latitude: 45.76, longitude: 4.83,
      workingHours: { Monday: '8AM–6PM' }, about: 'Family firm', url: 'https://zebra.example', photo: null, verified: false, isApproved: true,
    };
    const bad = await admin.request('PUT', '/api/admin/businesses/1', { body: { ...edit, latitude: 123 } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/latitude: must be between -90 and 90/);
    const badUrl = await admin.request('PUT', '/api/admin/businesses/1', { body: { ...edit, url: 'javascript:alert(1)' } });
    expect((await errorOf(badUrl)).message).toMatch(/url: must be an http\(s\) address/);
    const missing = await admin.request('PUT', '/api/admin/businesses/1', { body: { ...edit, name: undefined } });
    expect((await errorOf(missing)).message).toMatch(/name/);

    const saved = await admin.request('PUT', '/api/admin/businesses/1', { body: edit });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as AdminBusiness;
    expect(after).toMatchObject({
      name: 'Zebra Plumbing & Heating', slug: before.slug, phone: '+33 4 11 22 33 44', countryCode: 'FR', verified: false,
      workingHours: { Monday: '8AM–6PM' }, about: 'Family firm', fullAddress: '1 Rue Neuve, 69001 Lyon, France',
    });
    await app.deps.sync.catchUp();
    const publicRead = await app.get(`/api/businesses/${before.slug}`);
    expect(((await publicRead.json()) as { phone: string }).phone).toBe('+33 4 11 22 33 44');
    const unknown = await admin.request('PUT', '/api/admin/businesses/999', { body: edit });
    expect(unknown.status).toBe(404);
  });

  it('edit: sets and clears "Geçici olarak kapalı" (status), kept when left out, shown in the list and the public read', async () => {
    const before = await get<AdminBusiness>('/api/admin/businesses/2');
    expect(before.status).toBe('operational');
    const edit = {
      name: before.name, category: before.category, type: before.type, street: before.street, city: before.city, postalCode: before.postalCode,
      country: before.country, countryCode: before.countryCode, phone: before.phone, latitude: before.latitude, longitude: before.longitude,
      about: before.about, verified: before.verified, isApproved: before.isApproved,
    };
    const bad = await admin.request('PUT', '/api/admin/businesses/2', { body: { ...edit, status: 'closed' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/status: must be operational or temporarily_closed/);
    expect((await get<AdminBusiness>('/api/admin/businesses/2')).status).toBe('operational');

    const closed = await admin.request('PUT', '/api/admin/businesses/2', { body: { ...edit, status: 'temporarily_closed' } });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as AdminBusiness).status).toBe('temporarily_closed');
    expect(app.deps.record.prepare('SELECT status FROM business_closures WHERE business_id = 2').pluck().get()).toBe('temporarily_closed');
    const listed = await get<AdminBusinessPage>('/api/admin/businesses?limit=50');
    expect(listed.businesses.find((business) => business.id === 2)?.status).toBe('temporarily_closed');
    expect(listed.businesses.filter((business) => business.status === 'temporarily_closed')).toHaveLength(1);
    expect(((await (await app.get(`/api/businesses/${before.slug}`)).json()) as BusinessDetail).status).toBe('temporarily_closed');
    // A save without the field (another client, another field) leaves the mark.
    const kept = await admin.request('PUT', '/api/admin/businesses/2', { body: { ...edit, phone: '+33 1 00 00 00 00' } });
    expect(((await kept.json()) as AdminBusiness).status).toBe('temporarily_closed');

    const reopened = await admin.request('PUT', '/api/admin/businesses/2', { body: { ...edit, status: 'operational' } });
    expect(((await reopened.json()) as AdminBusiness).status).toBe('operational');
    expect(app.deps.record.prepare('SELECT count(*) FROM business_closures').pluck().get()).toBe(0);
    expect(((await (await app.get(`/api/businesses/${before.slug}`)).json()) as BusinessDetail).status).toBe('operational');
  });

  it('edit: answers every bad field at once, and reads hours as imports do (unreadable hours are refused, not saved)', async () => {
    const before = await get<AdminBusiness>('/api/admin/businesses/3');
    const edit = {
      name: before.name, category: before.category, type: before.type, street: before.street, city: before.city, postalCode: before.postalCode,
      country: before.country, countryCode: before.countryCode, phone: before.phone, latitude: before.latitude, longitude: before.longitude,
      about: before.about, url: before.url, photo: before.photo, verified: before.verified, isApproved: before.isApproved,
    };
    const bad = await admin.request('PUT', '/api/admin/businesses/3', {
      body: { ...edit, latitude: 'north', longitude: 200, url: 'not a url', countryCode: 'USA', workingHours: { Monday: 'banana', Funday: '9AM–5PM' } },
    });
    expect(bad.status).toBe(400);
    const { fields, issues } = ((await bad.json()) as { error: { fields: Record<string, string[]>; issues: FieldIssue[] } }).error;
    // Each refusal by code too, with the figures its words need: what the admin screens word in Turkish.
    expect(issues).toEqual([
      { field: 'countryCode', code: 'country_code', params: {} },
      { field: 'latitude', code: 'decimal', params: {} },
      { field: 'longitude', code: 'between', params: { min: -180, max: 180 } },
      { field: 'workingHours.Monday', code: 'opening_hours', params: {} },
      { field: 'workingHours.Funday', code: 'week_day', params: {} },
      { field: 'url', code: 'http_address', params: {} },
    ]);
    expect(fields).toEqual({
      latitude: ['must be a number, e.g. 41.0082'],
      longitude: ['must be between -180 and 180'],
      url: ['must be an http(s) address'],
      countryCode: ['must be a two-letter country code'],
      'workingHours.Monday': ['must be opening hours such as 9AM–5PM, 9AM–1PM, 2–6PM, Closed or Open 24 hours'],
      'workingHours.Funday': ['must be a day of the week (Monday to Sunday); empty it to remove it'],
    });
    expect((await get<AdminBusiness>('/api/admin/businesses/3')).workingHours).toEqual(before.workingHours);

    // Hours in any form an import reads are saved in the record's; coordinates may come as typed.
    const saved = await admin.request('PUT', '/api/admin/businesses/3', {
      body: { ...edit, latitude: '52,52', workingHours: { sunday: 'closed', monday: '9 am - 5 pm', Tuesday: ' ' } },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as AdminBusiness).toMatchObject({ latitude: 52.52, workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' } });

    // Hours left out stay as they are.
    const kept = await admin.request('PUT', '/api/admin/businesses/3', { body: { ...edit, phone: '+49 30 000000' } });
    expect((await kept.json()) as AdminBusiness).toMatchObject({ phone: '+49 30 000000', workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' } });
  });

  it('edit: saves the rating, review count, reviews link, logo, located-in and full address; the public read has them at once, search after catching up', async () => {
    const before = await get<AdminBusiness>('/api/admin/businesses/3');
    const edit = {
      name: before.name, category: before.category, type: before.type, street: before.street, city: before.city, postalCode: before.postalCode,
      country: before.country, countryCode: before.countryCode, phone: before.phone, latitude: before.latitude, longitude: before.longitude,
      about: before.about, url: before.url, photo: before.photo, verified: before.verified, isApproved: before.isApproved,
    };
    const bad = await admin.request('PUT', '/api/admin/businesses/3', {
      body: {
        ...edit, name: 'Not Saved', rating: '5.5', reviews: '2.5', reviewsLink: 'ftp://reviews.example', logo: 'javascript:alert(1)',
        locatedIn: 'x'.repeat(301), fullAddress: 'y'.repeat(501),
      },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      rating: ['must be a number from 0 to 5, e.g. 4.5'],
      reviews: ['must be a whole number of 0 or more'],
      reviewsLink: ['must be an http(s) address'],
      logo: ['must be an http(s) address'],
      locatedIn: ['must be at most 300 characters'],
      fullAddress: ['must be at most 500 characters'],
    });
    for (const [rating, reviews] of [[-1, -3], ['abc', 'many'], [5.01, 1.5]]) {
      const refused = await admin.request('PUT', '/api/admin/businesses/3', { body: { ...edit, rating, reviews } });
      expect(Object.keys(((await refused.json()) as { error: { fields: Record<string, string[]> } }).error.fields), `${rating} ${reviews}`).toEqual(['rating', 'reviews']);
    }
    expect(await get<AdminBusiness>('/api/admin/businesses/3')).toEqual(before);

    const saved = await admin.request('PUT', '/api/admin/businesses/3', {
      body: {
        ...edit, rating: '4,7', reviews: '1234', reviewsLink: ' https://maps.example/reviews/3 ', logo: 'https://cdn.example/logo.png',
        locatedIn: 'Mall of Berlin', fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany',
      },
    });
    expect(saved.status).toBe(200);
    const fields = {
      rating: 4.7, reviews: 1234, reviewsLink: 'https://maps.example/reviews/3', logo: 'https://cdn.example/logo.png',
      locatedIn: 'Mall of Berlin', fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany',
    };
    expect((await saved.json()) as AdminBusiness).toMatchObject(fields);
    expect(await get<AdminBusiness>('/api/admin/businesses/3')).toMatchObject({ ...fields, slug: before.slug });

    // The business page's read comes from the record: the new rating and address at once (the page itself: admin-pages.test.ts).
    const publicRead = (await (await app.get(`/api/businesses/${before.slug}`)).json()) as { rating: number; reviews: number; fullAddress: string };
    expect(publicRead).toMatchObject({ rating: 4.7, reviews: 1234, fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany' });
    // Search shows them once the index has caught up with the change log (the record's update trigger).
    await app.deps.sync.catchUp();
    const search = (await (await app.get(`/api/search?q=${encodeURIComponent(before.name)}`)).json()) as SearchResults;
    expect(search.hits.find((hit) => hit.slug === before.slug)).toMatchObject({ rating: 4.7, reviews: 1234, address: 'Leipziger Platz 12, 10117 Berlin, Germany' });

    // Left out, each keeps its value; a changed street without a full address rebuilds the line; blanks clear.
    const kept = await admin.request('PUT', '/api/admin/businesses/3', { body: { ...edit, street: 'Unter den Linden 1' } });
    expect((await kept.json()) as AdminBusiness).toMatchObject({
      rating: 4.7, reviews: 1234, logo: 'https://cdn.example/logo.png', locatedIn: 'Mall of Berlin',
      fullAddress: ['Unter den Linden 1', [before.postalCode, before.city].filter(Boolean).join(' '), before.country].filter(Boolean).join(', '),
    });
    const cleared = await admin.request('PUT', '/api/admin/businesses/3', {
      body: { ...edit, rating: '', reviews: '', reviewsLink: '', logo: null, locatedIn: ' ', fullAddress: '' },
    });
    expect((await cleared.json()) as AdminBusiness).toMatchObject({ rating: null, reviews: 0, reviewsLink: null, logo: null, locatedIn: null, fullAddress: null });

    // A website and photo an import stored that the save would refuse: left out, they stay and the rest is saved.
    const stored = app.deps.record.prepare('SELECT url, photo FROM businesses WHERE id = 3').get() as { url: string | null; photo: string | null };
    app.deps.record.prepare("UPDATE businesses SET url = 'www.example.org', photo = '//img.example/p.jpg' WHERE id = 3").run();
    const { url: _url, photo: _photo, ...withoutLinks } = edit;
    const linksKept = await admin.request('PUT', '/api/admin/businesses/3', { body: { ...withoutLinks, phone: '+49 30 000000' } });
    expect(linksKept.status).toBe(200);
    expect((await linksKept.json()) as AdminBusiness).toMatchObject({ phone: '+49 30 000000', url: 'www.example.org', photo: '//img.example/p.jpg' });
    // The tests after this one count the record's missing photos.
    app.deps.record.prepare('UPDATE businesses SET url = @url, photo = @photo WHERE id = 3').run(stored);
  });

  it('toggles approval back and forth, in the record and the audit log', async () => {
    const first = await admin.request('POST', '/api/admin/businesses/3/toggle-approval');
    expect(await first.json()).toEqual({ success: true, isApproved: false });
    expect(app.deps.record.prepare('SELECT is_approved FROM businesses WHERE id = 3').pluck().get()).toBe(0);
    const second = await admin.request('POST', '/api/admin/businesses/3/toggle-approval');
    expect(await second.json()).toEqual({ success: true, isApproved: true });
    expect((await admin.request('POST', '/api/admin/businesses/999/toggle-approval')).status).toBe(404);
    const activity = await get<AdminActivityPage>('/api/admin/activity?limit=3');
    expect(activity.items.map((item) => [item.action, item.target, item.result])).toEqual([
      ['write.refused', 'POST /api/admin/businesses/999/toggle-approval', 'warning'],
      ['business.approve', 'business:3', 'success'],
      ['business.unapprove', 'business:3', 'success'],
    ]);
    expect(activity.items[0]!.address).toMatch(/127\.0\.0\.1/);
    expect(activity.pagination.total).toBe(app.deps.record.prepare('SELECT count(*) FROM audit_log').pluck().get());
    expect((await admin.request('GET', '/api/admin/activity?page=0')).status).toBe(400);
  });

  it('site settings and ad codes are saved; an ad over 50 KB answers 413 naming the area', async () => {
    const settings = { head_tags: '<meta name="marker">', footer_tags: '', analytics_code: '', facebook_pixel: '' };
    expect(await (await admin.request('POST', '/api/admin/site-settings', { body: settings })).json()).toEqual({ success: true });
    expect(app.deps.site.siteSettings().head_tags).toBe('<meta name="marker">');
    const incomplete = await admin.request('POST', '/api/admin/site-settings', { body: { head_tags: '' } });
    expect(incomplete.status).toBe(400);
    expect((await errorOf(incomplete)).message).toContain('footer_tags');

    const full = 'x'.repeat(51_200);
    const codes = { ad1: '<div>ad one</div>', ad2: full, ad3: full, ad4: full };
    // Three full areas (over 150 KB of JSON) pass the body parser for a signed-in operator.
    expect((await admin.request('POST', '/api/admin/advertisement-codes', { body: codes })).status).toBe(200);
    expect(app.deps.site.advertisementCodes().ad1).toBe('<div>ad one</div>');
    expect(app.deps.site.advertisementCodes().ad4).toHaveLength(51_200);
    const tooBig = await admin.request('POST', '/api/admin/advertisement-codes', { body: { ...codes, ad2: 'é'.repeat(30_500) } });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      error: {
        id: 'ad_code_too_large',
        message: 'ad2: at most 50 KB (51,200 bytes); this one is 61,000 bytes',
        params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200 },
      },
    });
    expect(app.deps.site.advertisementCodes().ad2).toHaveLength(51_200);
  });

  it('messages: list newest first with the unread count, mark read and handled, delete', async () => {
    const first = app.deps.contacts.create({ name: 'Ann', email: 'ann@example.com', company: '', phone: '', subject: 'Hello', message: 'First' });
    const second = app.deps.contacts.create({ name: 'Bob', email: 'bob@example.com', company: 'B', phone: '1', subject: 'Fix', message: 'Second' });
    const inbox = await get<AdminMessagePage>('/api/admin/messages');
    expect(inbox.messages.map((m) => m.id)).toEqual([second, first]);
    expect(inbox.unread).toBe(2);
    expect(inbox.messages[0]).toMatchObject({ name: 'Bob', email: 'bob@example.com', subject: 'Fix', isRead: false, isHandled: false });
    const read = await admin.request('PATCH', `/api/admin/messages/${first}`, { body: { isRead: true, isHandled: true } });
    expect(await read.json()).toMatchObject({ id: first, isRead: true, isHandled: true });
    expect((await get<AdminMessagePage>('/api/admin/messages?status=unread')).messages.map((m) => m.id)).toEqual([second]);
    expect((await get<AdminMessagePage>('/api/admin/messages?status=handled')).messages.map((m) => m.id)).toEqual([first]);
    expect((await get<AdminStats>('/api/admin/stats')).unreadMessages).toBe(1);
    const bad = await admin.request('PATCH', `/api/admin/messages/${first}`, { body: { isRead: 'yes' } });
    expect((await errorOf(bad)).message).toContain('isRead');
    expect((await admin.request('GET', '/api/admin/messages?status=spam')).status).toBe(400);
    expect(await (await admin.request('DELETE', `/api/admin/messages/${first}`)).json()).toEqual({ success: true });
    expect((await admin.request('DELETE', `/api/admin/messages/${first}`)).status).toBe(404);
  });

  it('upload reports and reports read the record', async () => {
    app.deps.record
      .prepare(
        `INSERT INTO upload_reports (file_name, file_size_bytes, status, total_rows, inserted, updated, skipped, error_count, details, started_at, finished_at)
         VALUES ('places.xlsx', 2097152, 'completed', 200, 150, 40, 10, 0, json('{"duplicateAnalysis":{"excelDuplicateCount":3,"uniquePlaceIds":197}}'),
                 '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:12.500Z')`,
      )
      .run();
    app.deps.record
      .prepare(
        `INSERT INTO upload_reports (file_name, file_size_bytes, status, message, message_code, message_params, is_dry_run, started_at, finished_at)
         VALUES ('empty.csv', 0, 'failed', 'The file is empty: no header row was found.', 'no_header', '{}', 1, '2026-01-01T09:00:00.000Z', '2026-01-01T09:00:00.100Z'),
                ('old.csv', 0, 'failed', 'The file is empty.', NULL, NULL, 0, '2025-12-01T09:00:00.000Z', '2025-12-01T09:00:00.100Z')`,
      )
      .run();
    const reports = await get<UploadReport[]>('/api/admin/upload-reports');
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
    const content = await get<AdminReports>('/api/admin/reports');
    expect(content.total).toBe(3);
    expect(content.byCountry).toEqual([{ code: 'FR', name: 'France', count: 2 }, { code: 'DE', name: 'Germany', count: 1 }]);
    expect(content.byCategory).toEqual([{ category: 'Bakery', count: 2 }, { category: 'Plumber', count: 1 }]);
    expect(content.missing.phone).toEqual({ count: 1, share: 1 / 3 });
    expect(content.missing.photo).toEqual({ count: 3, share: 1 });
    expect(content.notApproved).toBe(1);
    expect(content.imports).toHaveLength(3);
  });

  it('sitemaps: files with URL counts, regenerated on demand; clear cache answers as the spec says', async () => {
    const sitemaps = await get<AdminSitemaps>('/api/admin/sitemaps');
    expect(sitemaps.files.map((file) => file.path)).toEqual([
      '/sitemaps/main.xml', '/sitemaps/categories.xml', '/sitemaps/countries.xml', '/sitemaps/cities.xml', '/sitemaps/businesses/page-1.xml',
    ]);
    expect(sitemaps.files.at(-1)!.urlCount).toBe(3);
    expect(sitemaps.files.find((file) => file.name === 'categories.xml')!.urlCount).toBe(2);
    expect(sitemaps.totalUrls).toBe(sitemaps.files.reduce((sum, file) => sum + file.urlCount, 0));
    const regenerated = await admin.request('POST', '/api/admin/sitemaps/regenerate');
    expect(await regenerated.json()).toEqual(sitemaps);
    const cleared = await admin.request('POST', '/api/admin/clear-cache');
    expect(await cleared.json()).toEqual({ success: true, message: 'Cache temizlendi' });
  });

  it('clear cache empties the ready list answers and retires the ETags clients hold', async () => {
    const first = await fetch(`${app.url}/api/countries`);
    const etag = first.headers.get('etag')!;
    const revalidate = () => fetch(`${app.url}/api/countries`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect((await revalidate()).status).toBe(304);
    const countries = vi.spyOn(app.deps.engine, 'countries');
    await admin.request('POST', '/api/admin/clear-cache');
    const after = await revalidate();
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(countries).toHaveBeenCalledTimes(1);
    countries.mockRestore();
    const [entry] = app.deps.admin.audit.list(1, 0).rows;
    expect(entry).toMatchObject({ action: 'cache.clear', detail: 'cleared: list answers and their ETags, search answers, lists of server-rendered pages, sitemaps' });
  });
});

describe('admin deletions', () => {
  let app: App;
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp([
      buildBusiness({ placeId: 'ChIJdel0000001', name: 'Keep Me' }),
      buildBusiness({ placeId: 'ChIJdel0000002', name: 'Delete Me' }),
      buildBusiness({ placeId: 'ChIJdel0000003', name: 'Demo One' }),
    ]);
    app.deps.record.prepare(`UPDATE businesses SET is_demo = 1 WHERE name = 'Demo One'`).run();
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

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
    expect(await response.json()).toEqual({ success: true, deletedCount: 1, message: expect.any(String) });
    expect(app.deps.record.prepare('SELECT name FROM businesses').pluck().all()).toEqual(['Keep Me']);
    expect(await testBusinesses()).toBe(0);
  });

  it('deletes everything: record empty, counts zero, no change-log rows queued, the index rebuilt empty, triggers back', async () => {
    const seqBefore = app.deps.record.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck().get() as number;
    const response = await admin.request('DELETE', '/api/admin/businesses');
    expect(await response.json()).toEqual({ success: true, deletedCount: 1, message: expect.any(String) });
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
