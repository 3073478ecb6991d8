import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { rebuildIndex } from '../sync.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import { distanceKm } from '../geo-distance.ts';
import { CANDIDATE_LIMIT, CELL_MATCH_SQL, DISTANCE_COUNT_LIMIT, traceSearchStatements } from './sqlite-search.ts';

/** Distance sort: page 1 holds the nearest businesses however many are in range. */
describe('sqlite search: distance sort at any radius', () => {
  let temp: TempIndex;
  const center = { lat: 35.6762, lng: 139.6503 };

  beforeEach(() => {
    temp = createTempIndex('search-distance');
  });

  afterEach(() => temp.dispose());

  /** Names of the record's businesses nearest the centre, optionally only those of a category. */
  const nearestInRecord = (count: number, category?: string): string[] => {
    const rows = temp.record
      .prepare(`SELECT name, latitude, longitude FROM businesses WHERE latitude IS NOT NULL ${category ? 'AND category = ?' : ''}`)
      .all(...(category ? [category] : [])) as { name: string; latitude: number; longitude: number }[];
    return rows
      .map((row) => ({ name: row.name, km: distanceKm(center.lat, center.lng, row.latitude, row.longitude) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, count)
      .map((row) => row.name);
  };

  it('puts the nearest matches of a broad query first, not the nearest of the most popular', async () => {
    const insertMany = temp.record.transaction(() => {
      // The most popular ramen shops are far away (Korea, 900+ km), the nearest are the least popular.
      for (let i = 0; i < CANDIDATE_LIMIT + 400; i += 1) {
        const far = i < CANDIDATE_LIMIT + 100;
        const lat = far ? 35.54 + (i % 40) * 0.01 : center.lat + (i % 50) * 0.002;
        const lng = far ? 129.31 + (i % 30) * 0.01 : center.lng + (i % 17) * 0.002;
        insertBusiness(temp.record, buildBusiness({ name: `Ramen ${i}`, category: 'Ramen restaurant', type: 'Ramen restaurant', latitude: lat, longitude: lng, reviews: 10_000 - i }));
      }
    });
    insertMany();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const response = await temp.engine.search({ query: 'ramen', sort: 'distance', filters: { geo: { ...center, radiusKm: 5000 } }, page: 1, perPage: 20 });
    expect(response.hits.map((hit) => hit.name)).toEqual(nearestInRecord(20));
    // Every match was read to find the nearest: the total is exact too.
    expect(response).toMatchObject({ total: CANDIDATE_LIMIT + 400, isTotalExact: true });
    // Within a radius that holds every match, the walk reaches its end: the total is exact.
    const near = await temp.engine.search({ query: 'ramen', sort: 'distance', filters: { geo: { ...center, radiusKm: 50 } }, page: 1, perPage: 20 });
    expect(near).toMatchObject({ total: 300, isTotalExact: true });
    expect(near.hits.map((hit) => hit.name)).toEqual(nearestInRecord(20));
    const aroundPoint = await temp.engine.search({ query: 'ramen', sort: 'distance', aroundPoint: center, page: 2, perPage: 20 });
    expect(aroundPoint.hits.map((hit) => hit.name)).toEqual(nearestInRecord(40).slice(20));
    // The walk read only the nearest rows; the total is the number of matches, exact without filters.
    expect(aroundPoint).toMatchObject({ total: CANDIDATE_LIMIT + 400, isTotalExact: true, isFacetExact: false });
  });

  it('finds the nearest matches of a word held by 50,000+ businesses through the grid cells around the point', async () => {
    const insertMany = temp.record.transaction(() => {
      // Far away and most popular first; 300 near the centre, the least popular, every tenth one a bakery instead.
      for (let i = 0; i < 50_300; i += 1) {
        const isNear = i >= 50_000;
        const lat = isNear ? center.lat + (i % 50) * 0.002 : -30 + (i % 400) * 0.1;
        const lng = isNear ? center.lng + (i % 17) * 0.002 : -60 + Math.floor(i / 400) * 0.1;
        const category = isNear && i % 10 === 0 ? 'Bakery' : 'Ramen restaurant';
        insertBusiness(temp.record, buildBusiness({ name: `Shop ${i}`, category, type: category, latitude: lat, longitude: lng, reviews: 100_000 - i }));
      }
    });
    insertMany();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const trace = traceSearchStatements(temp.engine.database);
    const page1 = await temp.engine.search({ query: 'ramen', sort: 'distance', aroundPoint: center, page: 1, perPage: 20 });
    expect(page1.hits.map((hit) => hit.name)).toEqual(nearestInRecord(20, 'Ramen restaurant'));
    // The positions were not read: FTS5 counted the match up to its bound, a lower bound enough to page through the candidates.
    expect(page1).toMatchObject({ total: DISTANCE_COUNT_LIMIT, isTotalExact: false, totalPages: CANDIDATE_LIMIT / 20 });
    const page2 = await temp.engine.search({ query: 'ramen', sort: 'distance', aroundPoint: center, page: 2, perPage: 20 });
    expect(page2.hits.map((hit) => hit.name)).toEqual(nearestInRecord(40, 'Ramen restaurant').slice(20));
    // The matches in the grid cells around the centre were read; the 50,000 positions of the match never were, nor probed one by one.
    const statements = [...trace.keys()];
    expect(statements).toContain(CELL_MATCH_SQL);
    expect(String(trace.get(CELL_MATCH_SQL)![0])).toMatch(/^\(.*ramen.*\) AND \("_g\d/);
    expect(statements.some((sql) => /^SELECT rowid FROM docs_fts WHERE docs_fts MATCH \? LIMIT \?$/.test(sql))).toBe(false);
    expect(statements.some((sql) => sql.includes('MATCH ? AND rowid IN'))).toBe(false);
    // A 3-letter prefix has no count: the same walk.
    trace.clear();
    const prefix = await temp.engine.search({ query: 'ram', sort: 'distance', aroundPoint: center, page: 1, perPage: 20 });
    expect(prefix.hits.map((hit) => hit.name)).toEqual(nearestInRecord(20, 'Ramen restaurant'));
    expect([...trace.keys()]).toContain(CELL_MATCH_SQL);
  });
});
