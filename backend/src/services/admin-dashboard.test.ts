import { MeilisearchRequestError } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { AdminStats } from '../shared/admin-types.ts';
import { signInAsAdmin, type AdminClient } from '../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp & { url: string };
let admin: AdminClient;

beforeAll(async () => {
  // Only approved businesses are public: the locksmith is not. "Café" and "Cafe" share the slug cafe.
  app = await startTestApp(
    [
      buildBusiness({ placeId: 'ChIJdash000001', name: 'Le Bouchon', category: 'Café', countryCode: 'FR', country: 'France', city: 'Lyon', isApproved: true }),
      buildBusiness({ placeId: 'ChIJdash000002', name: 'Chez Paul', category: 'Cafe', countryCode: 'FR', country: 'France', city: 'Lyon', isApproved: true }),
      buildBusiness({ placeId: 'ChIJdash000003', name: 'Rohr Meister', category: 'Plumber', countryCode: 'DE', country: 'Germany', city: 'Berlin', isApproved: true }),
      buildBusiness({ placeId: 'ChIJdash000004', name: 'Chiavi Roma', category: 'Locksmith', countryCode: 'IT', country: 'Italy', city: 'Roma', isApproved: false }),
    ],
    { listingPolicy: 'approved' },
  );
  admin = await signInAsAdmin(app);
});
afterAll(() => app.close());

const stats = async () => (await (await admin.request('GET', '/api/admin/stats')).json()) as AdminStats;
const listed = async (path: string) => ((await (await app.get(path)).json()) as unknown[]).length;
const record = (sql: string) => app.deps.record.prepare(sql).pluck().get() as number;

describe('the dashboard\'s categories, countries and cities', () => {
  it('count what a visitor can see, as the lists and the sitemap do, and the record\'s category names beside them', async () => {
    const figures = await stats();
    const sitemap = await (await app.get('/sitemaps/categories.xml')).text();
    expect(figures.totalCategories).toBe(2);
    expect(figures.totalCategories).toBe(await listed('/api/categories'));
    expect(figures.totalCategories).toBe(sitemap.match(/<loc>/g)!.length);
    expect(figures.totalCountries).toBe(await listed('/api/countries'));
    expect(figures.totalCities).toBe(await listed('/api/cities'));
    expect(figures).toMatchObject({ totalCountries: 2, totalCities: 2, siteFigures: 'index' });
    // Two spellings of one category and a category of no public business: four names in the record.
    expect(figures.categoryNames).toBe(record('SELECT count(DISTINCT category) FROM businesses'));
    expect(figures.categoryNames).toBe(4);
  });

  it('follow an edit that gives a category a new spelling, once the index caught up', async () => {
    const id = record(`SELECT id FROM businesses WHERE name = 'Rohr Meister'`);
    app.deps.record.prepare(`UPDATE businesses SET category = 'plumber ' WHERE id = ?`).run(id);
    await app.deps.sync.catchUp();
    const figures = await stats();
    expect(figures.totalCategories).toBe(await listed('/api/categories'));
    expect(figures).toMatchObject({ totalCategories: 2, categoryNames: 4 });
  });

  it('fall back to the record, and say so, while the engine cannot be reached', async () => {
    const refused = new MeilisearchRequestError('http://127.0.0.1:7700/stats', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const totals = vi.spyOn(app.deps.engine, 'totals').mockRejectedValue(refused);
    try {
      expect(await stats()).toMatchObject({ siteFigures: 'record', totalCategories: 4, totalCountries: 3, totalCities: 3, categoryNames: 4 });
    } finally {
      totals.mockRestore();
    }
  });
});
