import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, CountryEntry, CountryPageData } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
const us = { country: 'United States', countryCode: 'US', timeZone: 'America/New_York' };

beforeAll(async () => {
  app = await startTestApp([
    ...Array.from({ length: 25 }, (_, i) => buildBusiness({ ...us, name: `Shop ${i}`, city: `Town ${String(i).padStart(2, '0')}`, category: i % 2 ? 'Bakery' : 'Florist' })),
    buildBusiness({ ...us, name: 'Big Town Bakery', city: 'Town 00', category: 'Bakery' }),
    buildBusiness({ name: 'Lyon Plumber' }),
  ]);
});

afterAll(() => app.close());

describe('GET /api/countries', () => {
  it('lists countries with business, city and category counts', async () => {
    const body = (await (await app.get('/api/countries')).json()) as CountryEntry[];
    expect(body).toEqual([
      { country: 'United States', slug: 'united-states', countryCode: 'US', businessCount: 26, cityCount: 25, categoryCount: 2 },
      { country: 'France', slug: 'france', countryCode: 'FR', businessCount: 1, cityCount: 1, categoryCount: 1 },
    ]);
  });
});

describe('GET /api/countries/{slug}', () => {
  it('answers the country page with its top 20 cities and all its categories', async () => {
    const response = await app.get('/api/countries/united-states');
    expect(response.status).toBe(200);
    const body = (await response.json()) as CountryPageData;
    expect(body).toMatchObject({ country: 'United States', countryCode: 'US', businessCount: 26, cityCount: 25, categoryCount: 2 });
    expect(body.topCities).toHaveLength(20);
    expect(body.topCities[0]).toEqual({ city: 'Town 00', slug: 'town-00', countryCode: 'US', count: 2 });
    expect(body.topCategories).toEqual([
      { category: 'Bakery', slug: 'bakery', count: 13 },
      { category: 'Florist', slug: 'florist', count: 13 },
    ]);
  });

  it('accepts the country code as well as the slug', async () => {
    const byCode = (await (await app.get('/api/countries/us')).json()) as CountryPageData;
    expect(byCode.country).toBe('United States');
  });

  it('answers 404 "Country not found" for an unknown country', async () => {
    const response = await app.get('/api/countries/atlantis');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiError).error.message).toBe('Country not found');
  });
});
