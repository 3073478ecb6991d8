import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import type { BusinessInput } from '@directory/data/business.ts';
import { type RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { IndexSync, rebuildIndex } from '../sync.ts';
import { parseDayHours, weeklyIntervals, encodeIntervals, isOpenAt } from './search-hours.ts';
import { highlight, typoDistance } from './search-text.ts';
import { CANDIDATE_LIMIT } from './sqlite-search.ts';
import type { SqliteEngine } from './sqlite-engine.ts';

describe('hours text to weekly intervals', () => {
  it.each([
    ['9AM–5PM', [[540, 1020]]],
    ['11AM–3PM,5–9:30PM', [[660, 900], [1020, 1290]]],
    ['9\u202FAM–5\u202FPM', [[540, 1020]]],
    ['6PM–2AM', [[1080, 1560]]],
    ['12–2PM', [[720, 840]]],
    ['Open 24 hours', [[0, 1440]]],
    ['Closed', []],
    ['09:00-17:30', [[540, 1050]]],
    ['whenever', null],
  ])('reads %s', (text, expected) => {
    expect(parseDayHours(text)).toEqual(expected);
  });

  it('wraps Sunday night into Monday morning', () => {
    const intervals = weeklyIntervals(JSON.stringify({ Sunday: '10PM–2AM', Monday: 'Closed' }));
    expect(intervals).toEqual([[0, 120], [8640 + 1320, 10080]]);
    const encoded = encodeIntervals(intervals)!;
    expect(isOpenAt(encoded, 60)).toBe(true); // Monday 01:00
    expect(isOpenAt(encoded, 180)).toBe(false);
  });
});

describe('typo distance and highlighting', () => {
  it('counts a transposition as one typo', () => {
    expect(typoDistance('resturant', 'restaurant', 2)).toBe(1);
    expect(typoDistance('dentst', 'dentist', 1)).toBe(1);
    expect(typoDistance('pizaz', 'pizza', 1)).toBe(1);
    expect(typoDistance('plumbing', 'plumber', 2)).toBe(3);
  });

  it('marks words by prefix or by typo correction, accents folded', () => {
    expect(highlight('Café de Flore', { prefixes: ['caf'], exact: new Set() })).toBe('<mark>Café</mark> de Flore');
    expect(highlight('Le Restaurant', { prefixes: [], exact: new Set(['restaurant']) })).toBe('Le <mark>Restaurant</mark>');
  });
});

describe('sqlite search: bounded work', () => {
  let recordFile: string;
  let record: RecordDatabase;
  let engine: SqliteEngine;

  const insert = (business: BusinessInput) => insertBusiness(record, business);
  const plan = (sql: string) =>
    (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(' | ');

  let temp: TempIndex;

  beforeEach(() => {
    temp = createTempIndex('search-test');
    ({ recordFile, record, engine } = temp);
  });

  afterEach(() => temp.dispose());

  it('ranks at most the first 1,000 matches of a broad query and says the total is a lower bound', async () => {
    const insertMany = record.transaction(() => {
      for (let i = 0; i < CANDIDATE_LIMIT + 200; i += 1) insert(buildBusiness({ name: `Plumber ${i}`, reviews: 5000 - i }));
    });
    insertMany();
    await rebuildIndex(recordFile, engine, 'all');
    const started = performance.now();
    const response = await engine.search({ query: 'plu', page: 1, perPage: 20, facets: ['city'] });
    const elapsed = performance.now() - started;
    expect(response).toMatchObject({ total: CANDIDATE_LIMIT, isTotalExact: false, isFacetExact: false });
    expect(response.hits[0]!.name).toBe('Plumber 0');
    expect(elapsed).toBeLessThan(1000);
    const browse = await engine.search({ page: 1, perPage: 20, facets: ['city'] });
    expect(browse).toMatchObject({ total: CANDIDATE_LIMIT + 200, isTotalExact: true, isFacetExact: true });
    expect(browse.facets.city).toEqual([{ value: 'FR:lyon', label: 'Lyon', count: CANDIDATE_LIMIT + 200 }]);
    const category = await engine.search({ page: 1, perPage: 20, filters: { categorySlugs: ['plumber'] } });
    expect(category).toMatchObject({ total: CANDIDATE_LIMIT + 200, isTotalExact: true });
  });

  it('drives from the full-text index, the R*Tree or a docs index, never a scan of every document', async () => {
    insert(buildBusiness({ name: 'Pizza Roma' }));
    await rebuildIndex(recordFile, engine, 'all');
    expect(plan("SELECT d.* FROM docs_fts JOIN docs d ON d.pos = docs_fts.rowid WHERE docs_fts MATCH 'pizz*' AND d.country_code IN ('FR') LIMIT 1000")).toMatch(
      /^SCAN docs_fts VIRTUAL TABLE.*SEARCH d USING INTEGER PRIMARY KEY/,
    );
    expect(
      plan('SELECT d.* FROM docs_geo g JOIN docs d ON d.pos = g.pos WHERE g.min_lat >= 45 AND g.max_lat <= 46 AND g.min_lng >= 4 AND g.max_lng <= 5 LIMIT 1000'),
    ).toMatch(/^SCAN g VIRTUAL TABLE INDEX \d+:.*SEARCH d USING INTEGER PRIMARY KEY/);
    expect(plan("SELECT d.* FROM docs d WHERE d.category_slug IN ('plumber') ORDER BY d.pos LIMIT 1000")).toMatch(/USING INDEX docs_category/);
    expect(plan("SELECT term FROM vocab WHERE head = 'r' AND len BETWEEN 8 AND 10 LIMIT 100")).toMatch(/SEARCH vocab USING PRIMARY KEY/);
  });

  it('finds a new business with a typo once the change log is applied', async () => {
    insert(buildBusiness({ name: 'Pizza Roma' }));
    await rebuildIndex(recordFile, engine, 'all');
    insert(buildBusiness({ name: 'Locksmith Express', category: 'Locksmith' }));
    await new IndexSync(record, engine, 'all').catchUp();
    const response = await engine.search({ query: 'lcoksmith', page: 1, perPage: 5 });
    expect(response.hits.map((hit) => hit.name)).toEqual(['Locksmith Express']);
    expect(response.hits[0]!._highlight.name).toBe('<mark>Locksmith</mark> Express');
  });
});
