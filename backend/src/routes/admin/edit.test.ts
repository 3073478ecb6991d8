import { describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import type { AdminActivityPage, AdminBusiness, AdminBusinessPage } from '../../shared/admin-types.ts';
import type { BusinessDetail, SearchResults } from '../../shared/api-types.ts';
import type { FieldIssue } from '../../shared/field-reasons.ts';
import { errorOf, signedInApp } from '../../testing/admin-client.ts';

/** The edit form's body for a business as read: every field it sends, as they are (a test changes what it is about). */
const editBodyOf = (before: AdminBusiness) => ({
  name: before.name, category: before.category, type: before.type, street: before.street, city: before.city, postalCode: before.postalCode,
  country: before.country, countryCode: before.countryCode, phone: before.phone, latitude: before.latitude, longitude: before.longitude,
  about: before.about, url: before.url, photo: before.photo, verified: before.verified, isApproved: before.isApproved,
});

describe('admin edits of one business', () => {
  const running = signedInApp();

  /** A business of the test's own, saved as an import would; answers its full admin read. */
  const businessOf = (overrides: Parameters<typeof buildBusiness>[0]) => running.admin.read<AdminBusiness>(`/api/admin/businesses/${insertBusiness(running.app.deps.record, buildBusiness(overrides))}`);
  const put = (id: number, body: unknown) => running.admin.request('PUT', `/api/admin/businesses/${id}`, { body });

  it('full read, then an edit saved in one go: slug kept, fields validated, public page changed', async () => {
    const before = await businessOf({ placeId: 'ChIJedit000001', name: 'Zebra Plumbing', category: 'Plumber', isApproved: true });
    expect(before).toMatchObject({ name: 'Zebra Plumbing', verified: true, isApproved: true, countryCode: 'FR' });
    expect(before.workingHours).toMatchObject({ Monday: '9AM–5PM' });
    const edit = {
      name: 'Zebra Plumbing & Heating', category: 'Plumber', type: 'Plumber', street: '1 Rue Neuve', city: 'Lyon', postalCode: '69001',
      country: 'France', countryCode: 'fr', phone: '+33 4 11 22 33 44', latitude: 45.76, longitude: 4.83,
      workingHours: { Monday: '8AM–6PM' }, about: 'Family firm', url: 'https://zebra.example', photo: null, verified: false, isApproved: true,
    };
    const bad = await put(before.id, { ...edit, latitude: 123 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/latitude: must be between -90 and 90/);
    const badUrl = await put(before.id, { ...edit, url: 'javascript:alert(1)' });
    expect((await errorOf(badUrl)).message).toMatch(/url: must be an http\(s\) address/);
    const missing = await put(before.id, { ...edit, name: undefined });
    expect((await errorOf(missing)).message).toMatch(/name/);

    const saved = await put(before.id, edit);
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as AdminBusiness;
    expect(after).toMatchObject({
      name: 'Zebra Plumbing & Heating', slug: before.slug, phone: '+33 4 11 22 33 44', countryCode: 'FR', verified: false,
      workingHours: { Monday: '8AM–6PM' }, about: 'Family firm', fullAddress: '1 Rue Neuve, 69001 Lyon, France',
    });
    await running.app.deps.sync.catchUp();
    const publicRead = await running.app.get(`/api/businesses/${before.slug}`);
    expect(((await publicRead.json()) as { phone: string }).phone).toBe('+33 4 11 22 33 44');
    const unknown = await put(999_999, edit);
    expect(unknown.status).toBe(404);
  });

  it('edit: sets and clears "Geçici olarak kapalı" (status), kept when left out, shown in the list and the public read', async () => {
    const before = await businessOf({ placeId: 'ChIJedit000002', name: 'Alpha Bakery', category: 'Bakery', isApproved: false, phone: null });
    expect(before.status).toBe('operational');
    const edit = editBodyOf(before);
    const bad = await put(before.id, { ...edit, status: 'closed' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/status: must be operational or temporarily_closed/);
    expect((await running.admin.read<AdminBusiness>(`/api/admin/businesses/${before.id}`)).status).toBe('operational');

    const closed = await put(before.id, { ...edit, status: 'temporarily_closed' });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as AdminBusiness).status).toBe('temporarily_closed');
    expect(running.app.deps.record.prepare('SELECT status FROM business_closures WHERE business_id = ?').pluck().get(before.id)).toBe('temporarily_closed');
    const listed = await running.admin.read<AdminBusinessPage>('/api/admin/businesses?limit=50');
    expect(listed.businesses.find((business) => business.id === before.id)?.status).toBe('temporarily_closed');
    expect(listed.businesses.filter((business) => business.status === 'temporarily_closed')).toHaveLength(1);
    expect(((await (await running.app.get(`/api/businesses/${before.slug}`)).json()) as BusinessDetail).status).toBe('temporarily_closed');
    // A save without the field (another client, another field) leaves the mark.
    const kept = await put(before.id, { ...edit, phone: '+33 1 00 00 00 00' });
    expect(((await kept.json()) as AdminBusiness).status).toBe('temporarily_closed');

    const reopened = await put(before.id, { ...edit, status: 'operational' });
    expect(((await reopened.json()) as AdminBusiness).status).toBe('operational');
    expect(running.app.deps.record.prepare('SELECT count(*) FROM business_closures WHERE business_id = ?').pluck().get(before.id)).toBe(0);
    expect(((await (await running.app.get(`/api/businesses/${before.slug}`)).json()) as BusinessDetail).status).toBe('operational');
  });

  it('edit: answers every bad field at once, and reads hours as imports do (unreadable hours are refused, not saved)', async () => {
    const before = await businessOf({ placeId: 'ChIJedit000003', name: 'Bakery Central', category: 'Bakery', countryCode: 'DE', country: 'Germany', city: 'Berlin' });
    const edit = editBodyOf(before);
    const bad = await put(before.id, { ...edit, latitude: 'north', longitude: 200, url: 'not a url', countryCode: 'USA', workingHours: { Monday: 'banana', Funday: '9AM–5PM' } });
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
    expect((await running.admin.read<AdminBusiness>(`/api/admin/businesses/${before.id}`)).workingHours).toEqual(before.workingHours);

    // Hours in any form an import reads are saved in the record's; coordinates may come as typed.
    const saved = await put(before.id, { ...edit, latitude: '52,52', workingHours: { sunday: 'closed', monday: '9 am - 5 pm', Tuesday: ' ' } });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as AdminBusiness).toMatchObject({ latitude: 52.52, workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' } });

    // Hours left out stay as they are.
    const kept = await put(before.id, { ...edit, phone: '+49 30 000000' });
    expect((await kept.json()) as AdminBusiness).toMatchObject({ phone: '+49 30 000000', workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' } });
  });

  it('edit: saves the rating, review count, reviews link, logo, located-in and full address; the public read has them at once, search after catching up', async () => {
    const before = await businessOf({ placeId: 'ChIJedit000004', name: 'Bakery Mitte', category: 'Bakery', rating: 4.0, reviews: 50, countryCode: 'DE', country: 'Germany', city: 'Berlin' });
    const edit = editBodyOf(before);
    const bad = await put(before.id, {
      ...edit, name: 'Not Saved', rating: '5.5', reviews: '2.5', reviewsLink: 'ftp://reviews.example', logo: 'javascript:alert(1)',
      locatedIn: 'x'.repeat(301), fullAddress: 'y'.repeat(501),
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
      const refused = await put(before.id, { ...edit, rating, reviews });
      expect(Object.keys(((await refused.json()) as { error: { fields: Record<string, string[]> } }).error.fields), `${rating} ${reviews}`).toEqual(['rating', 'reviews']);
    }
    expect(await running.admin.read<AdminBusiness>(`/api/admin/businesses/${before.id}`)).toEqual(before);

    const saved = await put(before.id, {
      ...edit, rating: '4,7', reviews: '1234', reviewsLink: ' https://maps.example/reviews/3 ', logo: 'https://cdn.example/logo.png',
      locatedIn: 'Mall of Berlin', fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany',
    });
    expect(saved.status).toBe(200);
    const fields = {
      rating: 4.7, reviews: 1234, reviewsLink: 'https://maps.example/reviews/3', logo: 'https://cdn.example/logo.png',
      locatedIn: 'Mall of Berlin', fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany',
    };
    expect((await saved.json()) as AdminBusiness).toMatchObject(fields);
    expect(await running.admin.read<AdminBusiness>(`/api/admin/businesses/${before.id}`)).toMatchObject({ ...fields, slug: before.slug });

    // The business page's read comes from the record: the new rating and address at once (the page itself: admin-pages.test.ts).
    const publicRead = (await (await running.app.get(`/api/businesses/${before.slug}`)).json()) as { rating: number; reviews: number; fullAddress: string };
    expect(publicRead).toMatchObject({ rating: 4.7, reviews: 1234, fullAddress: 'Leipziger Platz 12, 10117 Berlin, Germany' });
    // Search shows them once the index has caught up with the change log (the record's update trigger).
    await running.app.deps.sync.catchUp();
    const search = (await (await running.app.get(`/api/search?q=${encodeURIComponent(before.name)}`)).json()) as SearchResults;
    expect(search.hits.find((hit) => hit.slug === before.slug)).toMatchObject({ rating: 4.7, reviews: 1234, address: 'Leipziger Platz 12, 10117 Berlin, Germany' });

    // Left out, each keeps its value; a changed street without a full address rebuilds the line; blanks clear.
    const kept = await put(before.id, { ...edit, street: 'Unter den Linden 1' });
    expect((await kept.json()) as AdminBusiness).toMatchObject({
      rating: 4.7, reviews: 1234, logo: 'https://cdn.example/logo.png', locatedIn: 'Mall of Berlin',
      fullAddress: ['Unter den Linden 1', [before.postalCode, before.city].filter(Boolean).join(' '), before.country].filter(Boolean).join(', '),
    });
    const cleared = await put(before.id, { ...edit, rating: '', reviews: '', reviewsLink: '', logo: null, locatedIn: ' ', fullAddress: '' });
    expect((await cleared.json()) as AdminBusiness).toMatchObject({ rating: null, reviews: 0, reviewsLink: null, logo: null, locatedIn: null, fullAddress: null });

    // A website and photo an import stored that the save would refuse: left out, they stay and the rest is saved.
    running.app.deps.record.prepare("UPDATE businesses SET url = 'www.example.org', photo = '//img.example/p.jpg' WHERE id = ?").run(before.id);
    const { url: _url, photo: _photo, ...withoutLinks } = edit;
    const linksKept = await put(before.id, { ...withoutLinks, phone: '+49 30 000000' });
    expect(linksKept.status).toBe(200);
    expect((await linksKept.json()) as AdminBusiness).toMatchObject({ phone: '+49 30 000000', url: 'www.example.org', photo: '//img.example/p.jpg' });
  });

  it('toggles approval back and forth, in the record and the audit log', async () => {
    const { id } = await businessOf({ placeId: 'ChIJedit000005', name: 'Toggled Tailor', isApproved: true });
    const first = await running.admin.request('POST', `/api/admin/businesses/${id}/toggle-approval`);
    expect(await first.json()).toEqual({ success: true, isApproved: false });
    expect(running.app.deps.record.prepare('SELECT is_approved FROM businesses WHERE id = ?').pluck().get(id)).toBe(0);
    const second = await running.admin.request('POST', `/api/admin/businesses/${id}/toggle-approval`);
    expect(await second.json()).toEqual({ success: true, isApproved: true });
    expect((await running.admin.request('POST', '/api/admin/businesses/999/toggle-approval')).status).toBe(404);
    const activity = await running.admin.read<AdminActivityPage>('/api/admin/activity?limit=3');
    expect(activity.items.map((item) => [item.action, item.target, item.result])).toEqual([
      ['write.refused', 'POST /api/admin/businesses/999/toggle-approval', 'warning'],
      ['business.approve', `business:${id}`, 'success'],
      ['business.unapprove', `business:${id}`, 'success'],
    ]);
    expect(activity.items[0]!.address).toMatch(/127\.0\.0\.1/);
    expect(activity.pagination.total).toBe(running.app.deps.record.prepare('SELECT count(*) FROM audit_log').pluck().get());
    expect((await running.admin.request('GET', '/api/admin/activity?page=0')).status).toBe(400);
  });
});
