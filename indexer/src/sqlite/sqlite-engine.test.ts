import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import type { BusinessInput } from '@directory/data/business.ts';
import { type RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { IndexSync, rebuildIndex } from '../sync.ts';
import { SqliteEngine } from './sqlite-engine.ts';

let dir: string;
let recordFile: string;
let record: RecordDatabase;
let engine: SqliteEngine;

const insert = (business: BusinessInput) => insertBusiness(record, business);

const WORLD: Partial<BusinessInput>[] = [
  { name: 'Chez Paul', category: 'Restaurant', city: 'Lyon', countryCode: 'FR', reviews: 500, rating: 4.6 },
  { name: 'Plomberie Martin', category: 'Plumber', city: 'Lyon', countryCode: 'FR', reviews: 40, rating: 4.1 },
  { name: 'Lyon Dentaire', category: 'Dentist', city: 'Lyon', countryCode: 'FR', reviews: 12, rating: null },
  { name: 'Paris Plumbing', category: 'Plumber', city: 'Paris', countryCode: 'FR', reviews: 300, rating: 3.9 },
  { name: 'Café de Flore', category: 'Café', city: 'Paris', countryCode: 'FR', reviews: 9000, rating: 4.3 },
  { name: 'Berlin Bäckerei', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviews: 80, rating: 4.8 },
  { name: 'Joe Plumbing', category: 'Plumber', city: 'Austin', countryCode: 'US', reviews: 7, rating: 5 },
  { name: 'Austin Dental', category: 'Dentist', city: 'Austin', countryCode: 'US', reviews: 150, rating: 4.4 },
  { name: 'Zürich Zahnarzt', category: 'Dentist', city: 'Zürich', countryCode: 'CH', reviews: 33, rating: 4.0, isApproved: false },
];

function seedWorld(): void {
  for (const overrides of WORLD) insert(buildBusiness({ ...overrides, fullAddress: `1 Main St, ${overrides.city}, X` }));
}

/** Aggregates straight from the record, the way a visitor would count them by hand. */
function countFromRecord() {
  const count = (sql: string, ...params: unknown[]) => record.prepare(sql).pluck().get(...params) as number;
  return {
    businesses: count('SELECT count(*) FROM businesses'),
    plumbers: count("SELECT count(*) FROM businesses WHERE category = 'Plumber'"),
    frenchCities: count("SELECT count(DISTINCT city) FROM businesses WHERE country_code = 'FR'"),
    dentistCountries: count("SELECT count(DISTINCT country_code) FROM businesses WHERE category = 'Dentist'"),
    lyonCategories: count("SELECT count(DISTINCT category) FROM businesses WHERE city = 'Lyon'"),
  };
}

let temp: TempIndex;

beforeEach(() => {
  temp = createTempIndex('engine-test');
  ({ dir, recordFile, record, engine } = temp);
});

afterEach(() => temp.dispose());

describe('sqlite engine: full rebuild', () => {
  it('reports no index before the first build', async () => {
    expect(await engine.appliedSeq()).toBe(-1);
    await expect(engine.totals()).rejects.toThrow(/npm run reindex/);
  });

  it('counts what the record holds', async () => {
    seedWorld();
    const report = await rebuildIndex(recordFile, engine, 'all');
    const expected = countFromRecord();
    expect(report.documents).toBe(expected.businesses);
    expect(await engine.totals()).toEqual({ businessCount: 9, categoryCount: 5, countryCount: 4, cityCount: 5 });

    const plumber = (await engine.categories()).find((c) => c.slug === 'plumber');
    expect(plumber).toEqual({ slug: 'plumber', name: 'Plumber', businessCount: expected.plumbers, countryCount: 2, averageRating: 4.3 });
    const france = (await engine.countries()).find((c) => c.code === 'FR');
    expect(france).toMatchObject({ slug: 'france', name: 'France', businessCount: 5, cityCount: expected.frenchCities, categoryCount: 4 });
    const dentist = await engine.category('dentist', 15);
    expect(dentist?.category.countryCount).toBe(expected.dentistCountries);
    expect(dentist?.category.averageRating).toBe(4.2);
    const lyon = await engine.city('fr', 'lyon', 15);
    expect(lyon?.city).toMatchObject({ name: 'Lyon', businessCount: 3, categoryCount: expected.lyonCategories, countryName: 'France' });
    expect(lyon?.categories.map((c) => c.slug).sort()).toEqual(['dentist', 'plumber', 'restaurant']);
  });

  it('orders lists by popularity and pages through them', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const first = await engine.listBusinesses({}, { page: 1, perPage: 4 });
    expect(first.total).toBe(9);
    expect(first.items.map((b) => b.name)).toEqual(['Café de Flore', 'Chez Paul', 'Paris Plumbing', 'Austin Dental']);
    const third = await engine.listBusinesses({}, { page: 3, perPage: 4 });
    expect(third.items.map((b) => b.name)).toEqual(['Joe Plumbing']);
    const plumbers = await engine.listBusinesses({ categorySlug: 'plumber' }, { page: 1, perPage: 12 });
    expect(plumbers.items.map((b) => b.name)).toEqual(['Paris Plumbing', 'Plomberie Martin', 'Joe Plumbing']);
    expect(plumbers.total).toBe(3);
    const lyon = await engine.listBusinesses({ countryCode: 'FR', citySlug: 'lyon' }, { page: 1, perPage: 12 });
    expect(lyon.total).toBe(3);
    expect(lyon.items.every((b) => b.city === 'Lyon')).toBe(true);
  });

  it('filters categories and cities by their first letter, accents folded', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    expect((await engine.categories({ letter: 'c' })).map((c) => c.name)).toEqual(['Café']);
    expect((await engine.categories({ letter: 'D' })).map((c) => c.name)).toEqual(['Dentist']);
    expect((await engine.cities({ letter: 'Z' })).map((c) => c.name)).toEqual(['Zürich']);
    expect((await engine.cities({ letter: 'Q' }))).toEqual([]);
    expect((await engine.cities({ countryCode: 'FR' })).map((c) => c.name)).toEqual(['Lyon', 'Paris']);
  });

  it('finds a country by its slug or its code', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const bySlug = await engine.country('united-states', 20);
    const byCode = await engine.country('us', 20);
    expect(bySlug?.country.name).toBe('United States');
    expect(byCode).toEqual(bySlug);
    expect(bySlug?.cities).toEqual([{ slug: 'austin', name: 'Austin', count: 2, countryCode: 'US' }]);
    expect(await engine.country('atlantis', 20)).toBeNull();
  });

  it('hides businesses that are not approved when the policy says so', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'approved');
    expect((await engine.totals()).businessCount).toBe(8);
    expect(await engine.country('ch', 20)).toBeNull();
  });

  it('serves every list query from an index, never a scan of all documents', () => {
    seedWorld();
    return rebuildIndex(recordFile, engine, 'all').then(() => {
      const plan = (sql: string) =>
        (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
      expect(plan("SELECT * FROM docs WHERE category_slug = 'x' ORDER BY pos LIMIT 12 OFFSET 0")).toMatch(/USING INDEX docs_category/);
      expect(plan("SELECT * FROM docs WHERE country_code = 'FR' AND city_slug = 'lyon' ORDER BY pos LIMIT 12")).toMatch(
        /USING INDEX docs_country_city/,
      );
      // docs_country holds a country's documents in pos order: no sort of the whole country.
      expect(plan("SELECT * FROM docs WHERE country_code = 'FR' ORDER BY pos LIMIT 12")).toMatch(/^SEARCH docs USING INDEX docs_country \(country_code=\?\)$/);
      expect(plan('SELECT * FROM docs ORDER BY pos LIMIT 20 OFFSET 1980')).toMatch(/SCAN docs$/);
      expect(plan('SELECT * FROM docs WHERE is_approved = 1 AND rating >= 4 ORDER BY pos LIMIT 12')).toMatch(/USING (COVERING )?INDEX docs_featured/);
      expect(plan("SELECT * FROM cities WHERE letter = 'L'")).toMatch(/USING INDEX cities_letter/);
      expect(plan("SELECT * FROM cities WHERE letter = 'L' ORDER BY business_count DESC, name LIMIT 12")).toMatch(/USING INDEX cities_letter \(letter=\?\)$/);
      expect(plan("SELECT * FROM cities WHERE country_code = 'FR' ORDER BY business_count DESC, name LIMIT 12")).toMatch(
        /USING INDEX cities_country \(country_code=\?\)$/,
      );
      expect(plan("SELECT * FROM categories WHERE letter = 'L'")).toMatch(/USING INDEX categories_letter/);
      expect(plan("SELECT * FROM docs WHERE business_id = 3")).toMatch(/USING INDEX docs_business/);
    });
  });
});

describe('sqlite engine: a rebuild of many businesses', () => {
  /** More businesses than one batch of a rebuild holds, each with a name word of its own; the most reviewed last by id. */
  function seedMany(count: number): void {
    const add = record.prepare(
      "INSERT INTO businesses (id, place_id, slug, name, category, city, country_code, reviews, is_approved) VALUES (?, ?, ?, ?, 'Bakery', 'Lyon', 'FR', ?, 1)",
    );
    record.transaction(() => {
      for (let id = 1; id <= count; id += 1) add.run(id, `place-${id}`, `shop-${id}`, `Shop ${wordOf(id)}`, id);
    })();
  }
  /** A word of letters only ("qbca"), so that no word is the prefix of another's number. */
  const wordOf = (id: number) => `q${[...String(id)].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}z`;

  it('finds every business by its own words, at the position its popularity gives it', async () => {
    seedMany(12_345);
    const report = await rebuildIndex(recordFile, engine, 'all');
    expect(report.documents).toBe(12_345);
    for (const id of [1, 4_999, 5_000, 5_001, 7_345, 7_346, 12_345]) {
      const response = await engine.search({ query: wordOf(id), page: 1, perPage: 5 });
      // Words one typo away (qejjz for qejjjz) may follow; the exact one comes first.
      expect(response.hits[0]).toMatchObject({ id, name: `Shop ${wordOf(id)}` });
    }
    const first = await engine.listBusinesses({}, { page: 1, perPage: 2 });
    expect(first.items.map((business) => business.id)).toEqual([12_345, 12_344]);
    // The typo vocabulary counts the documents of every batch.
    expect(engine.database.prepare("SELECT docs FROM vocab WHERE term = 'shop'").pluck().get()).toBe(12_345);
    expect((await engine.search({ query: 'shpo', page: 1, perPage: 1 })).hits.map((hit) => hit.id)).toEqual([12_345]);
  });

  it('publishes one file, whose full-text index merges later changes as FTS5 does by default', async () => {
    seedMany(10);
    await rebuildIndex(recordFile, engine, 'all');
    const files = readdirSync(join(dir, 'index')).filter((file) => file !== 'current');
    expect(files.filter((file) => !/-(wal|shm)$/.test(file))).toHaveLength(1);
    // The rebuild turns FTS5's merging off while it loads; the index it publishes must not keep that.
    expect(engine.database.prepare('SELECT k FROM docs_fts_config').pluck().all()).toEqual(['version']);
  });
});

describe('sqlite engine: incremental changes', () => {
  it('applies inserts, updates and deletes so that every aggregate equals a fresh rebuild', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const sync = new IndexSync(record, engine, 'all');

    const newId = insert(buildBusiness({ name: 'Lyon Bakery', category: 'Bakery', city: 'Lyon', countryCode: 'FR', reviews: 1 }));
    record.prepare("UPDATE businesses SET category = 'Dentist' WHERE name = 'Plomberie Martin'").run();
    record.prepare("DELETE FROM businesses WHERE name = 'Joe Plumbing'").run();
    record.prepare("UPDATE businesses SET city = 'Houston', full_address = '1 Main St, Houston, X' WHERE name = 'Austin Dental'").run();
    record.prepare("UPDATE businesses SET rating = 2.0 WHERE name = 'Berlin Bäckerei'").run();
    expect(await sync.catchUp()).toBe(5);
    expect(record.prepare('SELECT count(*) FROM change_log').pluck().get()).toBe(0);

    const snapshot = async () => ({
      totals: await engine.totals(),
      categories: await engine.categories(),
      countries: await engine.countries(),
      cities: await engine.cities(),
      // A city the changes created (Houston) found by its folded name.
      citiesMatching: await engine.cityPage({ text: 'HOUS', page: 1, perPage: 12 }),
      lyon: await engine.city('FR', 'lyon', 15),
      dentist: await engine.category('dentist', 15),
    });
    const incremental = await snapshot();
    expect(incremental.cities.map((c) => c.name)).not.toContain('Austin');
    expect(incremental.citiesMatching.items.map((c) => c.name)).toEqual(['Houston']);
    expect((await engine.listBusinesses({ categorySlug: 'bakery' }, { page: 1, perPage: 12 })).items.map((b) => b.id)).toContain(newId);

    await rebuildIndex(recordFile, engine, 'all');
    expect(incremental).toEqual(await snapshot());
  });

  it('keeps serving the old index until a rebuild swaps the new one in', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const reader = new SqliteEngine(join(dir, 'index'));
    try {
      insert(buildBusiness({ name: 'New Place' }));
      expect((await reader.totals()).businessCount).toBe(9);
      await rebuildIndex(recordFile, engine, 'all');
      reader.reopenIfSwapped();
      expect((await reader.totals()).businessCount).toBe(10);
    } finally {
      await reader.close();
    }
  });

  it('holds the replaced file open after a swap, and lets go of it later off the thread, so no SQLite connection closes it last', async () => {
    if (process.platform !== 'linux') return;
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const reader = new SqliteEngine(join(dir, 'index'));
    // The files this process has open, as /proc names them (a deleted one ends in " (deleted)").
    const openFiles = () => readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(join('/proc/self/fd', fd))];
      } catch {
        return [];
      }
    });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      expect((await reader.totals()).businessCount).toBe(9);
      const first = join(dir, 'index', readFileSync(join(dir, 'index', 'current'), 'utf8').trim());
      await rebuildIndex(recordFile, engine, 'all');
      reader.reopenIfSwapped();
      engine.reopenIfSwapped();
      expect((await reader.totals()).businessCount).toBe(9);
      // The rebuild deleted the first file; both engines closed their connections to it, and each still holds it.
      expect(openFiles().filter((file) => file === `${first} (deleted)`)).toHaveLength(2);
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(() => expect(openFiles().filter((file) => file.startsWith(first))).toEqual([]), { timeout: 2000, interval: 10 });
    } finally {
      vi.useRealTimers();
      await reader.close();
    }
  });

  it('names a new generation at once for changes it applies itself, and within 50 ms for another process\'s', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    // Another indexer process (`npm run indexer -- --watch`) on the same files.
    const other = new SqliteEngine(join(dir, 'index'));
    const clock = vi.spyOn(performance, 'now');
    let now = performance.now();
    clock.mockImplementation(() => now);
    try {
      const first = await engine.generation();
      insert(buildBusiness({ name: 'Own Change' }));
      await new IndexSync(record, engine, 'all').catchUp();
      const afterOwn = await engine.generation();
      expect(afterOwn).not.toBe(first);

      insert(buildBusiness({ name: 'Other Change' }));
      await new IndexSync(record, other, 'all').catchUp();
      now += 49;
      expect(await engine.generation()).toBe(afterOwn);
      now += 1;
      const afterOther = await engine.generation();
      expect(afterOther).not.toBe(afterOwn);
      expect(afterOther).toBe(await other.generation());
    } finally {
      clock.mockRestore();
      await other.close();
    }
  });

  it('follows a rebuild published by another process within a second, on its own', async () => {
    seedWorld();
    await rebuildIndex(recordFile, engine, 'all');
    const reader = new SqliteEngine(join(dir, 'index'));
    const clock = vi.spyOn(Date, 'now');
    try {
      insert(buildBusiness({ name: 'New Place' }));
      await rebuildIndex(recordFile, engine, 'all');
      clock.mockReturnValue(Date.now() + 1500);
      expect((await reader.totals()).businessCount).toBe(10);
    } finally {
      clock.mockRestore();
      await reader.close();
    }
  });
});
