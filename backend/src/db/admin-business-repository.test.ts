import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { AdminBusinessRepository, COUNT_CEILING, type AdminSortBy, type SortOrder } from './admin-business-repository.ts';

const SORTS: AdminSortBy[] = ['name', 'rating', 'reviewCount', 'createdAt'];
const ORDERS: SortOrder[] = ['asc', 'desc'];
const SORT_INDEX: Record<AdminSortBy, [string, string]> = {
  name: ['businesses_name', 'businesses_category_name'],
  rating: ['businesses_rating', 'businesses_category_rating'],
  reviewCount: ['businesses_reviews', 'businesses_category_reviews'],
  createdAt: ['businesses_created_at', 'businesses_category_created_at'],
};

const planOf = (db: RecordDatabase, sql: string, params: Record<string, unknown>) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail);

/** Businesses inserted with SQL (the triggers run as for any insert): `count` named "<word> <n>". */
function insertMany(db: RecordDatabase, word: string, count: number, category: string): void {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
     INSERT INTO businesses (slug, name, category, rating, reviews, created_at)
     SELECT lower(@word) || '-' || i, @word || ' ' || i, @category, (i % 50) / 10.0, i % 997,
            strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' seconds') FROM n`,
  ).run({ count, word, category });
}

describe('admin business list: every page is served by an index (EXPLAIN QUERY PLAN)', () => {
  const db = openRecord(':memory:');
  afterAll(() => db.close());

  for (const sortBy of SORTS) {
    for (const sortOrder of ORDERS) {
      it(`sorts by ${sortBy} ${sortOrder}, with and without the category, along ${SORT_INDEX[sortBy].join(' / ')}`, () => {
        const plain = planOf(db, AdminBusinessRepository.listSql({ nameMatch: null, category: null, sortBy, sortOrder }), { limit: 20, offset: 0 });
        expect(plain).toEqual([`SCAN b USING INDEX ${SORT_INDEX[sortBy][0]}`]);
        const filtered = planOf(db, AdminBusinessRepository.listSql({ nameMatch: null, category: 'Cafe', sortBy, sortOrder }), {
          category: 'Cafe', limit: 20, offset: 0,
        });
        expect(filtered).toEqual([`SEARCH b USING INDEX ${SORT_INDEX[sortBy][1]} (category=?)`]);
      });

      it(`searches a common name sorted by ${sortBy} ${sortOrder}: along the sort index, checked against the matching ids`, () => {
        for (const category of [null, 'Cafe']) {
          const sql = AdminBusinessRepository.listSql({ nameMatch: '"pizza"*', category, sortBy, sortOrder }, 'index');
          const plan = planOf(db, sql, { nameMatch: '"pizza"*', ...(category ? { category } : {}), limit: 20, offset: 0 });
          expect(plan[0]).toBe(category ? `SEARCH b USING INDEX ${SORT_INDEX[sortBy][1]} (category=?)` : `SCAN b USING INDEX ${SORT_INDEX[sortBy][0]}`);
          // The matching ids are read once from the FTS table into a list; no sort step follows.
          expect(plan.slice(1)).toEqual(['LIST SUBQUERY 1', 'SCAN businesses_name_fts VIRTUAL TABLE INDEX 0:M1', 'CREATE BLOOM FILTER']);
        }
      });

      it(`searches a rare name sorted by ${sortBy} ${sortOrder}: its (at most ${COUNT_CEILING}) FTS hits, then a sort of those`, () => {
        const sql = AdminBusinessRepository.listSql({ nameMatch: '"zanzibar"*', category: null, sortBy, sortOrder }, 'fts');
        const plan = planOf(db, sql, { nameMatch: '"zanzibar"*', limit: 20, offset: 0 });
        expect(plan).toEqual(['SCAN f VIRTUAL TABLE INDEX 0:M1', 'SEARCH b USING INTEGER PRIMARY KEY (rowid=?)', 'USE TEMP B-TREE FOR ORDER BY']);
      });
    }
  }

  it('counts without reading the table: counts table, bounded FTS count, bounded category walk', () => {
    expect(planOf(db, AdminBusinessRepository.boundedNameCountSql(), { nameMatch: 'a' }).join('\n')).toBe(
      'CO-ROUTINE (subquery-1)\nSCAN businesses_name_fts VIRTUAL TABLE INDEX 0:M1\nSCAN (subquery-1)',
    );
    expect(planOf(db, AdminBusinessRepository.categoryCountSql('fts'), { nameMatch: 'a', category: 'c' })).toEqual([
      'SCAN f VIRTUAL TABLE INDEX 0:M1',
      'SEARCH b USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    const walk = planOf(db, AdminBusinessRepository.categoryCountSql('index'), { nameMatch: 'a', category: 'c' }).join('\n');
    expect(walk).toMatch(/SEARCH b USING COVERING INDEX businesses_category_\w+ \(category=\?\)/);
    expect(walk).toContain('LIST SUBQUERY 1\nSCAN businesses_name_fts VIRTUAL TABLE INDEX 0:M1');
  });
});

describe('admin business list over more matches than the count ceiling', () => {
  const db = openRecord(':memory:');
  const repository = new AdminBusinessRepository(db);
  beforeAll(() => {
    insertMany(db, 'Pizza', COUNT_CEILING + 500, 'Restaurant');
    insertMany(db, 'Zanzibar', 30, 'Cafe');
  });
  afterAll(() => db.close());

  const list = (nameMatch: string | null, category: string | null, sortBy: AdminSortBy = 'name', sortOrder: SortOrder = 'asc') =>
    repository.list({ nameMatch, category, sortBy, sortOrder, limit: 20, offset: 0 });

  it('keeps the counts table equal to the record', () => {
    expect(repository.count('all')).toBe(COUNT_CEILING + 530);
    expect(repository.count('category', 'Restaurant')).toBe(COUNT_CEILING + 500);
    expect(list(null, null).total).toBe(COUNT_CEILING + 530);
    expect(list(null, 'Cafe')).toMatchObject({ total: 30, isTotalExact: true });
  });

  it('says a common name has more than the ceiling of matches, flagged inexact, and still sorts exactly', () => {
    const common = list('"pizza"*', null, 'rating', 'desc');
    expect(common).toMatchObject({ total: COUNT_CEILING, isTotalExact: false });
    const expected = db
      .prepare(`SELECT name FROM businesses WHERE name LIKE 'Pizza %' ORDER BY rating DESC, id DESC LIMIT 20`)
      .pluck()
      .all();
    expect(common.rows.map((row) => row.name)).toEqual(expected);
  });

  it('counts a rare name exactly and sorts its hits', () => {
    const rare = list('"zanzibar"*', null, 'createdAt', 'desc');
    expect(rare).toMatchObject({ total: 30, isTotalExact: true });
    expect(rare.rows[0]!.name).toBe('Zanzibar 30');
    expect(list('"zanzibar"*', 'Restaurant').total).toBe(0);
    expect(list('"pizza"*', 'Cafe')).toMatchObject({ total: 0, isTotalExact: true, rows: [] });
  });

  it('deletes everything without a change-log row per business and keeps its triggers', () => {
    const triggersBefore = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
    const seq = db.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck().get() as number;
    db.prepare(`INSERT INTO slug_redirects (old_slug, business_id) VALUES ('old-pizza-slug', 1)`).run();
    expect(repository.deleteAll()).toBe(COUNT_CEILING + 530);
    expect(db.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM slug_redirects').pluck().get()).toBe(0);
    expect(repository.isGone('old-pizza-slug')).toBe(true);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(seq)).toBe(0);
    expect(db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all()).toEqual(triggersBefore);
    expect(repository.count('all')).toBe(0);
    expect(list('"pizza"*', null)).toMatchObject({ total: 0, rows: [] });
    expect(repository.isGone('pizza-17')).toBe(true);
  });
});
