import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import { rebuildIndex } from '../sync.ts';
import { distanceKm } from '../geo-distance.ts';
import { FIRST_READ, IDS_AT_SQL, NEARBY_SCAN_LIMIT, traceNearbyStatements } from './sqlite-nearby.ts';

describe('sqlite nearby businesses', () => {
  let temp: TempIndex;
  const idOf = (name: string) => temp.record.prepare('SELECT id FROM businesses WHERE name = ?').pluck().get(name) as number;
  const nameOf = (id: number) => temp.record.prepare('SELECT name FROM businesses WHERE id = ?').pluck().get(id) as string;

  beforeEach(async () => {
    temp = createTempIndex('nearby');
    const at = (name: string, category: string, latitude: number, longitude: number) =>
      insertBusiness(temp.record, buildBusiness({ name, category, type: category, latitude, longitude }));
    // Lyon: a café, plumbers 0.2 to 2 km east of it, and a crowd of bakeries on one corner 1 km north.
    at('Café Central', 'Café', 45.76, 4.83);
    for (let i = 1; i <= 8; i += 1) at(`Plumber ${i}`, 'Plumber', 45.76, 4.83 + i * 0.0032);
    for (let i = 0; i < NEARBY_SCAN_LIMIT * 2; i += 1) at(`Bakery ${i}`, 'Bakery', 45.769, 4.83 + (i % 10) * 0.00001);
    // More florists within 50 km than a first read takes, none within 10 km: the walk grows its rings to them.
    for (let i = 0; i < FIRST_READ + 6; i += 1) at(`Florist ${i}`, 'Florist', 45.86 + i * 0.003, 4.83);
    // Fiji, on both sides of the antimeridian, 11 km apart.
    at('Suva West', 'Café', -16.5, 179.95);
    at('Suva East', 'Café', -16.5, -179.95);
    // No point: never near anything.
    at('Nowhere Plumbing', 'Plumber', null as unknown as number, null as unknown as number);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
  });

  afterEach(() => temp.dispose());

  it('answers the nearest of a category, nearest first, with their distances', async () => {
    const point = { lat: 45.76, lng: 4.83 };
    const hits = await temp.engine.nearby({ point, categorySlug: 'plumber', excludeIds: [idOf('Plumber 2')], limit: 4, maxKm: 50 });
    expect(hits.map((hit) => nameOf(hit.id))).toEqual(['Plumber 1', 'Plumber 3', 'Plumber 4', 'Plumber 5']);
    for (const hit of hits) {
      const row = temp.record.prepare('SELECT latitude, longitude FROM businesses WHERE id = ?').get(hit.id) as { latitude: number; longitude: number };
      expect(hit.distanceKm).toBeCloseTo(distanceKm(point.lat, point.lng, row.latitude, row.longitude), 3);
    }
    // Within the radius only: plumbers 1 to 3 lie within 0.8 km.
    expect((await temp.engine.nearby({ point, categorySlug: 'plumber', excludeIds: [], limit: 6, maxKm: 0.8 })).map((hit) => nameOf(hit.id))).toEqual([
      'Plumber 1', 'Plumber 2', 'Plumber 3',
    ]);
  });

  it('reads any category from the R*Tree, and across the antimeridian', async () => {
    const any = await temp.engine.nearby({ point: { lat: 45.76, lng: 4.83 }, excludeIds: [idOf('Café Central')], limit: 2, maxKm: 50 });
    expect(any.map((hit) => nameOf(hit.id))).toEqual(['Plumber 1', 'Plumber 2']);
    for (const categorySlug of ['cafe', undefined]) {
      const fiji = await temp.engine.nearby({ point: { lat: -16.5, lng: 179.95 }, categorySlug, excludeIds: [idOf('Suva West')], limit: 6, maxKm: 50 });
      expect(fiji.map((hit) => nameOf(hit.id)), categorySlug).toEqual(['Suva East']);
      expect(fiji[0]!.distanceKm).toBeCloseTo(10.66, 1);
    }
  });

  it('walks out to the nearest when the circle holds more than a first read takes', async () => {
    const hits = await temp.engine.nearby({ point: { lat: 45.76, lng: 4.83 }, categorySlug: 'florist', excludeIds: [], limit: 3, maxKm: 50 });
    expect(hits.map((hit) => nameOf(hit.id))).toEqual(['Florist 0', 'Florist 1', 'Florist 2']);
    expect(hits[0]!.distanceKm).toBeCloseTo(11.1, 1);
  });

  it('answers the nearest it can read whole where a corner is denser than a ring may read', async () => {
    // A thousand bakeries 1 km north, a few metres apart: the walk narrows its rings and answers what they held.
    const hits = await temp.engine.nearby({ point: { lat: 45.769, lng: 4.83 }, categorySlug: 'bakery', excludeIds: [], limit: 6, maxKm: 50 });
    expect(hits).toHaveLength(6);
    expect(hits.every((hit) => nameOf(hit.id).startsWith('Bakery ') && hit.distanceKm < 0.01)).toBe(true);
    const distances = hits.map((hit) => hit.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('reads through the category index and the R*Tree only, each read bounded, and documents by position', async () => {
    const trace = traceNearbyStatements(temp.engine.database);
    const point = { lat: 45.76, lng: 4.83 };
    await temp.engine.nearby({ point, categorySlug: 'plumber', excludeIds: [], limit: 6, maxKm: 50 });
    // More florists than a first read takes, far off: rings, each leaving out the box read before.
    await temp.engine.nearby({ point, categorySlug: 'florist', excludeIds: [], limit: 6, maxKm: 50 });
    await temp.engine.nearby({ point, excludeIds: [], limit: 6, maxKm: 50 });
    await temp.engine.nearby({ point: { lat: -16.5, lng: 179.95 }, categorySlug: 'cafe', excludeIds: [], limit: 6, maxKm: 50 });
    const plans = [...trace].map(([sql, params]) => ({
      sql,
      plan: (temp.engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | '),
    }));
    const category = plans.filter((entry) => entry.sql.includes('docs_category_place'));
    const rtree = plans.filter((entry) => entry.sql.includes('FROM docs_geo g'));
    // The first read, rings after the first, and a box across the antimeridian are statements of their own.
    expect(category.length).toBeGreaterThanOrEqual(3);
    expect(category.some((entry) => entry.sql.includes('AND NOT ('))).toBe(true);
    expect(rtree.length).toBeGreaterThanOrEqual(1);
    for (const { sql, plan } of category) {
      expect(plan, sql).toMatch(/^SEARCH docs USING COVERING INDEX docs_category_place \(category_slug=\? AND latitude>\? AND latitude<\?\)$/);
    }
    for (const { sql, plan } of rtree) expect(plan, sql).toMatch(/^SCAN g VIRTUAL TABLE INDEX \d+:/);
    for (const { sql } of [...category, ...rtree]) expect(sql).toMatch(/ LIMIT \?$/);
    expect(plans.find((entry) => entry.sql === IDS_AT_SQL)?.plan).toMatch(/SEARCH docs USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    for (const { plan } of plans) expect(plan).not.toMatch(/TEMP B-TREE|SCAN docs\b/);
  });
});
