import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, CategoryEntry, CategoryPageData } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp([
    ...Array.from({ length: 14 }, (_, i) => buildBusiness({ name: `Dentist ${i}`, category: 'Dentist', rating: i % 2 ? 4 : 5, reviews: 100 - i })),
    buildBusiness({ name: 'Berlin Dentist', category: 'Dentist', city: 'Berlin', country: 'Germany', countryCode: 'DE', rating: null }),
    buildBusiness({ name: 'Pipe Pros', category: 'Plumber' }),
    buildBusiness({ name: 'Petit Café', category: 'Café' }),
  ]);
});

afterAll(() => app.close());

describe('GET /api/categories', () => {
  it('lists every category with its count, biggest first', async () => {
    const body = (await (await app.get('/api/categories')).json()) as CategoryEntry[];
    expect(body.map((c) => [c.category, c.count])).toEqual([
      ['Dentist', 15],
      ['Café', 1],
      ['Plumber', 1],
    ]);
    expect(body[0]).toEqual({ category: 'Dentist', slug: 'dentist', letter: 'D', count: 15, countryCount: 2, averageRating: 4.5 });
  });

  it('filters by first letter, accents folded, either case', async () => {
    const body = (await (await app.get('/api/categories?letter=c')).json()) as CategoryEntry[];
    expect(body.map((c) => c.category)).toEqual(['Café']);
  });

  it('rejects a letter that is not one letter', async () => {
    const response = await app.get('/api/categories?letter=ab');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.message).toContain('letter: must be a single letter A-Z or #');
  });
});

describe('GET /api/categories/{slug}', () => {
  it('answers the page data with 12 businesses and the top countries', async () => {
    const response = await app.get('/api/categories/dentist?page=1&limit=12');
    expect(response.status).toBe(200);
    const body = (await response.json()) as CategoryPageData;
    expect(body).toMatchObject({ category: 'Dentist', businessCount: 15, countryCount: 2, currentPage: 1, totalPages: 2, limit: 12 });
    expect(body.businesses).toHaveLength(12);
    expect(body.businesses[0]?.name).toBe('Dentist 0');
    expect(body.topCountries).toEqual([
      { country: 'France', slug: 'france', countryCode: 'FR', count: 14 },
      { country: 'Germany', slug: 'germany', countryCode: 'DE', count: 1 },
    ]);
  });

  it('serves the second page', async () => {
    const body = (await (await app.get('/api/categories/dentist?page=2&limit=12')).json()) as CategoryPageData;
    expect(body.businesses.map((b) => b.name)).toEqual(['Dentist 12', 'Dentist 13', 'Berlin Dentist']);
  });

  it('answers 404 for an unknown category', async () => {
    const response = await app.get('/api/categories/astronaut');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiError).error.message).toBe('Category not found');
  });

  it('rejects a limit over 100', async () => {
    const response = await app.get('/api/categories/dentist?limit=500');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.message).toContain('limit: must be 100 or less');
  });
});
