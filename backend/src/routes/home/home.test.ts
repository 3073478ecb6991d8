import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { FeaturedBusiness, HomepageData } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp([
    ...Array.from({ length: 15 }, (_, i) => buildBusiness({ name: `Great Place ${i}`, rating: 4.5, reviews: 500 - i })),
    buildBusiness({ name: 'Unapproved Star', rating: 5, reviews: 9999, isApproved: false }),
    buildBusiness({ name: 'Poorly Rated', rating: 2.1, reviews: 8000 }),
    buildBusiness({ name: 'Austin Cafe', category: 'Café', city: 'Austin', country: 'United States', countryCode: 'US', reviews: 3 }),
  ]);
});

afterAll(() => app.close());

describe('GET /api/homepage-data', () => {
  it('answers popular categories, top cities with their real country, top countries and totals', async () => {
    const body = (await (await app.get('/api/homepage-data')).json()) as HomepageData;
    expect(body.popularSearches).toEqual([
      { category: 'Plumber', slug: 'plumber', count: 17 },
      { category: 'Café', slug: 'cafe', count: 1 },
    ]);
    expect(body.topCities).toEqual([
      { city: 'Lyon', slug: 'lyon', countryCode: 'FR', count: 17 },
      { city: 'Austin', slug: 'austin', countryCode: 'US', count: 1 },
    ]);
    expect(body.topCountries[0]).toEqual({ country: 'France', slug: 'france', countryCode: 'FR', businessCount: 17 });
    expect(body.totals).toEqual({ businesses: 18, categories: 2, countries: 2, cities: 2 });
  });
});

describe('GET /api/featured-businesses', () => {
  it('answers up to 12 approved, well-rated businesses, most reviewed first, in the spec shape', async () => {
    const body = (await (await app.get('/api/featured-businesses')).json()) as FeaturedBusiness[];
    expect(body).toHaveLength(12);
    expect(body.map((b) => b.name)).not.toContain('Unapproved Star');
    expect(body.map((b) => b.name)).not.toContain('Poorly Rated');
    expect(body[0]).toMatchObject({ name: 'Great Place 0', type: 'Plumber', image_url: null, rating: 4.5, review_count: 500, phone: '+33 4 78 00 00 00' });
    expect(body[0]?.full_address).toContain('Lyon');
  });
});

describe('caching', () => {
  it('lets clients reuse list answers: Cache-Control, ETag, and 304 on a repeat', async () => {
    const first = await app.get('/api/homepage-data');
    // Home data stays fresh two hours (visitor spec §9).
    expect(first.headers.get('cache-control')).toBe('public, max-age=7200, stale-while-revalidate=600');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    // node:http, because fetch hides a 304 behind the cached 200 it assumes the caller holds.
    const status = await new Promise<number | undefined>((resolve) =>
      get(first.url, { headers: { 'If-None-Match': tag! } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }),
    );
    expect(status).toBe(304);
  });
});
