import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, BusinessDetail, NearbyBusinesses, PagedBusinesses } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp;

beforeAll(async () => {
  const businesses = Array.from({ length: 45 }, (_, i) =>
    buildBusiness({ name: `Plumber ${String(i).padStart(2, '0')}`, reviews: 1000 - i }),
  );
  businesses.push(
    buildBusiness({
      name: 'Café Lumière',
      placeId: 'ChIJabcdefghijklmnopqrstuv',
      category: 'Café',
      type: 'Coffee shop',
      about: 'A small café by the river.',
      reviews: 1,
    }),
  );
  app = await startTestApp(businesses);
});

afterAll(() => app.close());

describe('GET /api/businesses', () => {
  it('pages 20 at a time with the totals of the record', async () => {
    const response = await app.get('/api/businesses?page=2');
    expect(response.status).toBe(200);
    const body = (await response.json()) as PagedBusinesses;
    const total = app.deps.record.prepare('SELECT count(*) FROM businesses').pluck().get();
    expect(body).toMatchObject({ currentPage: 2, totalPages: 3, totalCount: total, hasNextPage: true, hasPrevPage: true });
    expect(body.businesses).toHaveLength(20);
    expect(body.businesses[0]).toMatchObject({ name: 'Plumber 20', category: 'Plumber', city: 'Lyon', country: 'France', countryCode: 'FR' });
    expect(Object.keys(body.businesses[0]!)).toEqual(
      expect.arrayContaining(['id', 'slug', 'name', 'category', 'city', 'country', 'rating', 'reviews', 'phone', 'address', 'isApproved', 'createdAt', 'placeId', 'countryCode', 'url']),
    );
  });

  it('defaults to page 1 and says there is no previous page', async () => {
    const body = (await (await app.get('/api/businesses')).json()) as PagedBusinesses;
    expect(body).toMatchObject({ currentPage: 1, hasPrevPage: false });
    expect(body.businesses[0]?.name).toBe('Plumber 00');
  });

  it('ends at the last page', async () => {
    const body = (await (await app.get('/api/businesses?page=3')).json()) as PagedBusinesses;
    expect(body.businesses).toHaveLength(6);
    expect(body.hasNextPage).toBe(false);
  });

  it.each([
    ['0', 'page: must be 1 or more'],
    ['101', 'page: must be 100 or less'],
    ['2.5', 'page: must be a whole number'],
    ['abc', 'page: must be a whole number'],
  ])('rejects page=%s with a clear message', async (page, message) => {
    const response = await app.get(`/api/businesses?page=${page}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.id).toBe('bad_request');
    expect(body.error.message).toContain(message);
  });
});

describe('GET /api/businesses/{slug}', () => {
  it('answers the full business from the record', async () => {
    const response = await app.get('/api/businesses/cafe-lumiere-qrstuv');
    expect(response.status).toBe(200);
    const body = (await response.json()) as BusinessDetail;
    expect(body).toMatchObject({
      name: 'Café Lumière',
      slug: 'cafe-lumiere-qrstuv',
      type: 'Coffee shop',
      category: 'Café',
      categorySlug: 'cafe',
      citySlug: 'lyon',
      countryCode: 'FR',
      placeId: 'ChIJabcdefghijklmnopqrstuv',
      verified: true,
      about: 'A small café by the river.',
      workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' },
    });
  });

  it('says whether the business is operational or temporarily closed, from its mark in the record', async () => {
    const status = async () => ((await (await app.get('/api/businesses/cafe-lumiere-qrstuv')).json()) as BusinessDetail).status;
    expect(await status()).toBe('operational');
    const id = app.deps.record.prepare("SELECT id FROM businesses WHERE name = 'Café Lumière'").pluck().get();
    app.deps.record.prepare("INSERT INTO business_closures (business_id, status) VALUES (?, 'temporarily_closed')").run(id);
    try {
      const body = (await (await app.get('/api/businesses/cafe-lumiere-qrstuv')).json()) as BusinessDetail;
      // Its usual hours stay in the answer: the page shows them as such.
      expect(body).toMatchObject({ status: 'temporarily_closed', workingHours: { Monday: '9AM–5PM', Sunday: 'Closed' } });
      const other = (await (await app.get(`/api/businesses/${slugOfName(app.deps.record, 'Plumber 00')}`)).json()) as BusinessDetail;
      expect(other.status).toBe('operational');
    } finally {
      app.deps.record.prepare('DELETE FROM business_closures WHERE business_id = ?').run(id);
    }
    expect(await status()).toBe('operational');
  });

  it('answers 404 "Business not found" for an unknown slug', async () => {
    const response = await app.get('/api/businesses/no-such-place');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { id: 'not_found', message: 'Business not found' } });
  });

  it('redirects an old slug to the current one', async () => {
    const id = app.deps.record.prepare("SELECT id FROM businesses WHERE name = 'Café Lumière'").pluck().get();
    app.deps.record.prepare('INSERT INTO slug_redirects (old_slug, business_id) VALUES (?, ?)').run('cafe-lumiere-1699999999999', id);
    const response = await app.get('/api/businesses/cafe-lumiere-1699999999999');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/businesses/cafe-lumiere-qrstuv');
  });
});

describe('unknown API paths', () => {
  it('answer 404 in JSON', async () => {
    const response = await app.get('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as ApiError).error.id).toBe('not_found');
  });
});

describe('GET /api/businesses/:slug with PUBLIC_LISTING=approved', () => {
  it('answers 404 for a business no operator approved, and 200 once it is approved', async () => {
    const approvedOnly = await startTestApp(
      [buildBusiness({ name: 'Approved Bakery', isApproved: true }), buildBusiness({ name: 'Pending Bakery', isApproved: false })],
      { listingPolicy: 'approved' },
    );
    try {
      const slugOf = (name: string) => slugOfName(approvedOnly.deps.record, name);
      expect((await approvedOnly.get(`/api/businesses/${slugOf('Approved Bakery')}`)).status).toBe(200);
      const pending = await approvedOnly.get(`/api/businesses/${slugOf('Pending Bakery')}`);
      expect(pending.status).toBe(404);
      expect(((await pending.json()) as ApiError).error.id).toBe('not_found');

      approvedOnly.deps.record.prepare("UPDATE businesses SET is_approved = 1 WHERE name = 'Pending Bakery'").run();
      const approved = await approvedOnly.get(`/api/businesses/${slugOf('Pending Bakery')}`);
      expect(approved.status).toBe(200);
      expect(((await approved.json()) as BusinessDetail).name).toBe('Pending Bakery');
    } finally {
      await approvedOnly.close();
    }
  });
});

describe('GET /api/businesses/{slug}/nearby', () => {
  let nearbyApp: TestApp;
  const slugOf = (name: string) => slugOfName(nearbyApp.deps.record, name);
  const read = async (name: string) => (await (await nearbyApp.get(`/api/businesses/${slugOf(name)}/nearby`)).json()) as NearbyBusinesses;
  /** 1 km east of Lyon's Place Bellecour is 0.01287° of longitude. */
  const KM_EAST = 1 / (111.195 * Math.cos((45.76 * Math.PI) / 180));

  beforeAll(async () => {
    const at = (name: string, category: string, kmEast: number, latitude = 45.76) =>
      buildBusiness({ name, category, type: category, latitude, longitude: 4.83 + kmEast * KM_EAST });
    nearbyApp = await startTestApp([
      at('Home Plumbing', 'Plumber', 0),
      // Seven plumbers 0.5 to 3.5 km east (listed out of order), one 60 km east, and a bakery next door.
      ...[3, 0.5, 2.5, 1, 3.5, 1.5, 2].map((km) => at(`Plumber ${km} km`, 'Plumber', km)),
      at('Plumber 60 km', 'Plumber', 60),
      at('Bakery Next Door', 'Bakery', 0.1),
      // The only locksmith: no other within 50 km, so its neighbours are of any category.
      at('Lonely Locksmith', 'Locksmith', 5),
      buildBusiness({ name: 'Nowhere Plumbing', latitude: null, longitude: null }),
    ]);
  });

  afterAll(() => nearbyApp.close());

  it('answers the six nearest of its category, nearest first, with their distances from the record', async () => {
    const response = await nearbyApp.get(`/api/businesses/${slugOf('Home Plumbing')}/nearby`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as NearbyBusinesses;
    expect(body.isSameCategory).toBe(true);
    expect(body.businesses.map((business) => business.name)).toEqual(['Plumber 0.5 km', 'Plumber 1 km', 'Plumber 1.5 km', 'Plumber 2 km', 'Plumber 2.5 km', 'Plumber 3 km']);
    expect(body.businesses.map((business) => business.distanceKm)).toEqual([0.5, 1, 1.5, 2, 2.5, 3].map((km) => expect.closeTo(km, 2)));
    expect(body.businesses[0]).toEqual({
      id: expect.any(Number),
      slug: slugOf('Plumber 0.5 km'),
      name: 'Plumber 0.5 km',
      category: 'Plumber',
      city: 'Lyon',
      rating: 4.5,
      reviews: 10,
      photo: null,
      distanceKm: expect.closeTo(0.5, 2),
    });
  });

  it('answers the nearest of any category when none of its own is within 50 km, and nothing without a place', async () => {
    const locksmith = await read('Lonely Locksmith');
    expect(locksmith.isSameCategory).toBe(false);
    expect(locksmith.businesses.map((business) => business.name)).toEqual([
      'Plumber 3.5 km', 'Plumber 3 km', 'Plumber 2.5 km', 'Plumber 2 km', 'Plumber 1.5 km', 'Plumber 1 km',
    ]);
    expect(await read('Nowhere Plumbing')).toEqual({ isSameCategory: false, businesses: [] });
  });

  it('leaves out at once a nearby business deleted from the record', async () => {
    const id = nearbyApp.deps.record.prepare("SELECT id FROM businesses WHERE name = 'Plumber 0.5 km'").pluck().get() as number;
    const before = await read('Home Plumbing');
    expect(before.businesses[0]?.name).toBe('Plumber 0.5 km');
    // Straight in the record, before the index hears of it (no change log entry): the card is gone all the same.
    nearbyApp.deps.record.prepare('DELETE FROM businesses WHERE id = ?').run(id);
    expect((await read('Home Plumbing')).businesses.map((business) => business.name)).not.toContain('Plumber 0.5 km');
  });

  it('answers 404 for an unknown slug, 301 from an old one, and 400 for a slug too long', async () => {
    const unknown = await nearbyApp.get('/api/businesses/no-such-place/nearby');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { id: 'not_found', message: 'Business not found' } });
    const id = nearbyApp.deps.record.prepare("SELECT id FROM businesses WHERE name = 'Home Plumbing'").pluck().get();
    nearbyApp.deps.record.prepare('INSERT INTO slug_redirects (old_slug, business_id) VALUES (?, ?)').run('home-plumbing-old', id);
    const moved = await nearbyApp.get('/api/businesses/home-plumbing-old/nearby');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/api/businesses/${slugOf('Home Plumbing')}/nearby`);
    const tooLong = await nearbyApp.get(`/api/businesses/${'a'.repeat(201)}/nearby`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as ApiError).error.message).toContain('slug');
  });
});
