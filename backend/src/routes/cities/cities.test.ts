import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, CityEntry, CityPageData } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
const saoPaulo = { city: 'São Paulo', country: 'Brazil', countryCode: 'BR', fullAddress: 'Rua Augusta 1, São Paulo, Brazil' };

beforeAll(async () => {
  app = await startTestApp([
    ...Array.from({ length: 13 }, (_, i) => buildBusiness({ ...saoPaulo, name: `Loja ${i}`, category: i < 10 ? 'Bakery' : 'Pharmacy', reviews: 50 - i })),
    buildBusiness({ name: 'Lyon Plumber', fullAddress: '1 Rue X, Lyon, France' }),
    buildBusiness({ name: 'Luxembourg Bank', city: 'Luxembourg', country: 'Luxembourg', countryCode: 'LU', fullAddress: '1 Rue Y, Luxembourg, Luxembourg' }),
  ]);
});

afterAll(() => app.close());

describe('GET /api/cities', () => {
  it('lists every city with its country and counts, biggest first', async () => {
    const body = (await (await app.get('/api/cities')).json()) as CityEntry[];
    expect(body[0]).toEqual({ city: 'São Paulo', slug: 'sao-paulo', countryCode: 'BR', country: 'Brazil', businessCount: 13, categoryCount: 2 });
    expect(body).toHaveLength(3);
  });

  it('filters by first letter', async () => {
    const body = (await (await app.get('/api/cities?letter=L')).json()) as CityEntry[];
    expect(body.map((c) => c.city).sort()).toEqual(['Luxembourg', 'Lyon']);
  });

  it('filters by country', async () => {
    const body = (await (await app.get('/api/cities?country=lu')).json()) as CityEntry[];
    expect(body.map((c) => c.city)).toEqual(['Luxembourg']);
  });

  it('rejects a bad country code', async () => {
    const response = await app.get('/api/cities?country=usa');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.message).toContain('country: must be a two-letter country code');
  });
});

describe('GET /api/cities/{countryCode}/{citySlug}', () => {
  it('answers the city page with 12 businesses and its categories', async () => {
    const response = await app.get('/api/cities/br/sao-paulo?page=1&limit=12');
    expect(response.status).toBe(200);
    const body = (await response.json()) as CityPageData;
    expect(body).toMatchObject({ city: 'São Paulo', country: 'Brazil', countryCode: 'BR', businessCount: 13, categoryCount: 2, totalPages: 2 });
    expect(body.businesses).toHaveLength(12);
    expect(body.topCategories).toEqual([
      { category: 'Bakery', slug: 'bakery', count: 10 },
      { category: 'Pharmacy', slug: 'pharmacy', count: 3 },
    ]);
  });

  it('answers 404 "City not found" for an unknown city', async () => {
    const response = await app.get('/api/cities/fr/atlantis');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiError).error.message).toBe('City not found');
  });
});
