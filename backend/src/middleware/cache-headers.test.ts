import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { freshnessOfApiPath } from '../shared/freshness.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Lyon Plumber', category: 'Plumber' })], { withPages: true });
});

afterAll(() => app.close());

const maxAgeOf = async (path: string) => {
  const response = await app.get(path);
  expect(response.status, path).toBe(200);
  return /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
};

describe('Cache-Control: the per-screen freshness of the visitor spec (§9)', () => {
  it('keeps home data 2 h, featured 30 min, the category, country and city lists 2 h', async () => {
    expect(await maxAgeOf('/api/homepage-data')).toBe('7200');
    expect(await maxAgeOf('/api/featured-businesses')).toBe('1800');
    expect(await maxAgeOf('/api/categories')).toBe('7200');
    expect(await maxAgeOf('/api/categories?letter=P')).toBe('7200');
    expect(await maxAgeOf('/api/countries')).toBe('7200');
    expect(await maxAgeOf('/api/cities?page=1&limit=12')).toBe('7200');
  });

  it('keeps a business detail and the category, country and city pages 10 min', async () => {
    const [business] = ((await (await app.get('/api/businesses')).json()) as { businesses: { slug: string }[] }).businesses;
    expect(await maxAgeOf(`/api/businesses/${business!.slug}`)).toBe('600');
    expect(await maxAgeOf('/api/categories/plumber?page=1&limit=12')).toBe('600');
    expect(await maxAgeOf('/api/countries/france')).toBe('600');
    expect(await maxAgeOf('/api/cities/fr/lyon?page=1&limit=12')).toBe('600');
  });

  it('keeps the public site settings 5 min and server-rendered pages 10 min', async () => {
    expect(await maxAgeOf('/api/admin/site-settings')).toBe('300');
    expect(await maxAgeOf('/categories/plumber')).toBe('600');
    expect(await maxAgeOf('/')).toBe('600');
  });

  it('keeps an "open now" search only to the end of its minute, never stale; another search 10 min', async () => {
    const openNow = await app.get('/api/search?q=plumber&openNow=true');
    expect(openNow.status).toBe(200);
    const [, seconds] = /^public, max-age=(\d+)$/.exec(openNow.headers.get('cache-control') ?? '') ?? [];
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    expect((await app.get('/api/search?q=plumber')).headers.get('cache-control')).toBe('public, max-age=600, stale-while-revalidate=600');
  });

  it('lets no error be cached', async () => {
    const missing = await app.get('/api/categories/astronaut');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    const page = await app.get('/categories/astronaut');
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBeNull();
  });

  it('gives private admin paths no public freshness', () => {
    expect(freshnessOfApiPath('/api/admin/businesses')).toBeNull();
    expect(freshnessOfApiPath('/api/admin/advertisement-codes')).toBe('siteSettings');
  });
});
