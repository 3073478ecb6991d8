import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, CityEntry, CityPageData, PagedCities } from '../../shared/api-types.ts';
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

describe('GET /api/cities?page=', () => {
  const paged = async (search: string) => {
    const response = await app.get(`/api/cities?${search}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PagedCities;
  };
  const cityNames = (body: PagedCities) => body.cities.map((city) => city.city);

  it('answers one page with the count and business total of every city', async () => {
    const first = await paged('page=1&limit=2');
    expect(first).toMatchObject({ total: 3, businessTotal: 15, currentPage: 1, totalPages: 2, limit: 2 });
    expect(first.cities[0]).toEqual({ city: 'São Paulo', slug: 'sao-paulo', countryCode: 'BR', country: 'Brazil', businessCount: 13, categoryCount: 2 });
    expect(first.cities).toHaveLength(2);
    const second = await paged('page=2&limit=2');
    expect(second).toMatchObject({ total: 3, currentPage: 2, totalPages: 2 });
    expect(second.cities).toHaveLength(1);
    expect(cityNames(second)).not.toContain(first.cities[1]!.city);
  });

  it('pages 12 cities by default', async () => {
    expect(await paged('page=1')).toMatchObject({ total: 3, totalPages: 1, limit: 12 });
  });

  it('filters by q: part of a city name (case and accents folded), a country code or a country name', async () => {
    expect(cityNames(await paged('page=1&q=S%C3%83O'))).toEqual(['São Paulo']);
    expect(cityNames(await paged('page=1&q=paul'))).toEqual(['São Paulo']);
    expect(cityNames(await paged('page=1&q=france'))).toEqual(['Lyon']);
    const luxembourg = await paged('page=1&q=%20lu%20');
    expect(cityNames(luxembourg)).toEqual(['Luxembourg']);
    expect(luxembourg).toMatchObject({ total: 1, businessTotal: 1, totalPages: 1 });
  });

  it('combines q with a letter, and with a country (names only)', async () => {
    expect(cityNames(await paged('letter=l&q=lux&page=1'))).toEqual(['Luxembourg']);
    expect(await paged('letter=S&q=lux&page=1')).toMatchObject({ cities: [], total: 0, businessTotal: 0, totalPages: 0 });
    expect(cityNames(await paged('country=fr&q=yo&page=1'))).toEqual(['Lyon']);
    expect((await paged('country=fr&q=france&page=1')).total).toBe(0);
  });

  it('answers an empty page past the last one', async () => {
    expect(await paged('page=5&limit=2')).toMatchObject({ cities: [], total: 3, currentPage: 5, totalPages: 2 });
  });

  it.each([
    ['page=0', 'page', 'must be 1 or more'],
    ['page=two', 'page', 'must be a whole number'],
    ['page=1.5', 'page', 'must be a whole number'],
    ['page=1&limit=0', 'limit', 'must be 1 or more'],
    ['page=1&limit=101', 'limit', 'must be 100 or less'],
    [`page=1&q=${'a'.repeat(101)}`, 'q', 'must be 100 characters or less'],
    ['q=lyon', 'q', 'needs page'],
  ])('rejects %s: 400 naming %s', async (search, field, reason) => {
    const response = await app.get(`/api/cities?${search}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.fields?.[field]?.join(' ')).toContain(reason);
    expect(body.error.message).toContain(`${field}: ${reason}`);
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
