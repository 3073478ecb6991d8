import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { saveBusinesses } from './business-writer.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const row = (placeId: string) =>
  app.deps.record.prepare('SELECT slug, name, rating, is_approved FROM businesses WHERE place_id = ?').get(placeId);

describe('saveBusinesses', () => {
  it('inserts new place ids with a short slug, and updates known ones in place, keeping slug and approval', () => {
    const first = buildBusiness({ placeId: 'ChIJwriter0000abcdef', name: 'Chez Ginette', rating: 4.1, isApproved: false });
    expect(saveBusinesses(app.deps.businesses, [first])).toEqual({ inserted: 1, updated: 0 });
    expect(row('ChIJwriter0000abcdef')).toEqual({ slug: 'chez-ginette-abcdef', name: 'Chez Ginette', rating: 4.1, is_approved: 0 });

    const renamed = { ...first, name: 'Chez Ginette & Fils', rating: 4.6, isApproved: true };
    expect(saveBusinesses(app.deps.businesses, [renamed])).toEqual({ inserted: 0, updated: 1 });
    expect(row('ChIJwriter0000abcdef')).toEqual({ slug: 'chez-ginette-abcdef', name: 'Chez Ginette & Fils', rating: 4.6, is_approved: 0 });
    expect(app.deps.record.prepare("SELECT count(*) FROM businesses WHERE place_id = 'ChIJwriter0000abcdef'").pluck().get()).toBe(1);
  });

  it('widens the slug when two places share a name and the end of their place ids', () => {
    saveBusinesses(app.deps.businesses, [
      buildBusiness({ placeId: 'ChIJaaaa11xyzxyz', name: 'Twin Bakery' }),
      buildBusiness({ placeId: 'ChIJbbbb22xyzxyz', name: 'Twin Bakery' }),
    ]);
    expect([row('ChIJaaaa11xyzxyz'), row('ChIJbbbb22xyzxyz')].map((r) => (r as { slug: string }).slug)).toEqual([
      'twin-bakery-xyzxyz',
      'twin-bakery-22xyzxyz',
    ]);
  });
});
