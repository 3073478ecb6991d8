import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { buildNameSearch } from '../services/admin-businesses.ts';
import {
  AdminBusinessRepository,
  COUNT_CEILING as DEFAULT_COUNT_CEILING,
  FTS_HITS_LIMIT as DEFAULT_FTS_HITS_LIMIT,
  type AdminListPage,
  type AdminListQuery,
  type AdminSortBy,
  type ListCursor,
  type SortOrder,
} from './admin-business-repository.ts';

// The record's bounds scaled down by 25 (the real ones need records of 100,000 rows here).
const COUNT_CEILING = DEFAULT_COUNT_CEILING / 25;
const FTS_HITS_LIMIT = 40;
const ID_WALK_LIMIT = 2_000;
const WALK_LIMIT = 400;
const LIMITS = { countCeiling: COUNT_CEILING, ftsHitsLimit: FTS_HITS_LIMIT, idWalkLimit: ID_WALK_LIMIT, walkLimit: WALK_LIMIT };

const SORTS: AdminSortBy[] = ['name', 'rating', 'reviewCount', 'createdAt'];
const ORDERS: SortOrder[] = ['asc', 'desc'];
const SORT_INDEX: Record<AdminSortBy, [string, string]> = {
  name: ['businesses_name', 'businesses_category_name'],
  rating: ['businesses_rating', 'businesses_category_rating'],
  reviewCount: ['businesses_reviews|businesses_popularity', 'businesses_category_reviews'],
  createdAt: ['businesses_created_at', 'businesses_category_created_at'],
};
const SQL_ORDER: Record<AdminSortBy, string> = { name: 'name COLLATE NOCASE', rating: 'rating', reviewCount: 'reviews', createdAt: 'created_at' };

const planOf = (db: RecordDatabase, sql: string, params: Record<string, unknown>) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail);

/** Businesses inserted with SQL (the triggers run as for any insert): `count` named "<word> <n>", every 7th without a rating. */
function insertMany(db: RecordDatabase, word: string, count: number, category: string, from = '2025-01-01'): void {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
     INSERT INTO businesses (slug, name, category, rating, reviews, created_at)
     SELECT lower(replace(@word, ' ', '-')) || '-' || i, @word || ' ' || i, @category, CASE WHEN i % 7 = 0 THEN NULL ELSE (i % 50) / 10.0 END,
            i % 997, strftime('%Y-%m-%dT%H:%M:%fZ', @from, '+' || i || ' seconds') FROM n`,
  ).run({ count, word, category, from });
}

describe('admin business list: every step is served by an index (EXPLAIN QUERY PLAN)', () => {
  const db = openRecord(':memory:');
  afterAll(() => db.close());
  const cursors: (ListCursor | null)[] = [null, { value: 'x', id: 5 }];

  for (const sortBy of SORTS) {
    for (const sortOrder of ORDERS) {
      const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
      it(`walks ${sortBy} ${sortOrder} along ${SORT_INDEX[sortBy].join(' / ')}, seeking each cursor segment, never sorting`, () => {
        const allCursors = sortBy === 'rating' ? [...cursors, { value: null, id: 5 }] : cursors;
        for (const cursor of allCursors) {
          for (const segment of AdminBusinessRepository.segments(sortBy, direction, cursor)) {
            for (const hasCategory of [false, true]) {
              for (const withName of [false, true]) {
                const sql = AdminBusinessRepository.walkSql(sortBy, direction, segment, { hasCategory, withName });
                const plan = planOf(db, sql, { category: 'Cafe', cursorValue: cursor?.value ?? null, cursorId: cursor?.id ?? 0 });
                const index = SORT_INDEX[sortBy][hasCategory ? 1 : 0];
                expect(plan, `${segment} ${hasCategory} ${withName}`).toHaveLength(1);
                expect(plan[0]).toMatch(new RegExp(`^(SCAN|SEARCH) b USING (COVERING )?INDEX (${index})( \\(.*\\))?$`));
                // A cursor or a category is a seek into the index, not a scan from its start.
                if (cursor !== null || hasCategory) expect(plan[0]).toMatch(/^SEARCH /);
              }
            }
          }
        }
      });
    }
  }

  for (const sortBy of SORTS) {
    it(`walks ${sortBy} for a commoner name along the index alone (ids tested against the matching ids read once)`, () => {
      for (const hasCategory of [false, true]) {
        for (const segment of AdminBusinessRepository.segments(sortBy, 'DESC', cursors[1]!)) {
          const plan = planOf(db, AdminBusinessRepository.walkSql(sortBy, 'DESC', segment, { hasCategory, withName: false }), {
            category: 'Cafe', cursorValue: 'x', cursorId: 1,
          });
          const index = SORT_INDEX[sortBy][hasCategory ? 1 : 0];
          // No table row, no sort, no second read of the name index: one seek into the sort index.
          expect(plan).toHaveLength(1);
          expect(plan[0]).toMatch(new RegExp(`^SEARCH b USING COVERING INDEX (${index}) \\(.*\\)$`));
        }
      }
    });
  }

  it(`lists a rare name from its (at most ${DEFAULT_FTS_HITS_LIMIT}) FTS hits, then sorts those few`, () => {
    for (const cursor of cursors) {
      const segments = AdminBusinessRepository.segments('createdAt', 'DESC', cursor);
      const plan = planOf(db, AdminBusinessRepository.ftsPageSql('createdAt', 'DESC', segments, true), {
        nameMatch: '"zanzibar"*', category: 'Cafe', cursorValue: 'x', cursorId: 1, take: 21, offset: 0,
      });
      expect(plan).toEqual(['SCAN f VIRTUAL TABLE INDEX 0:M1', 'SEARCH b USING INTEGER PRIMARY KEY (rowid=?)', 'USE TEMP B-TREE FOR ORDER BY']);
    }
  });

  it('counts without reading the table: a bounded read of the matching ids, a rare name\'s hits in a category', () => {
    expect(planOf(db, AdminBusinessRepository.boundedNameIdsSql(), { nameMatch: 'a', ceiling: 10 })).toEqual(['SCAN businesses_name_fts VIRTUAL TABLE INDEX 0:M1']);
    expect(planOf(db, AdminBusinessRepository.ftsCategoryCountSql(), { nameMatch: 'a', category: 'c' })).toEqual([
      'SCAN f VIRTUAL TABLE INDEX 0:M1',
      'SEARCH b USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });
});

describe('admin business list: pages by cursor over common and rare names', () => {
  const db = openRecord(':memory:');
  const repository = new AdminBusinessRepository(db, LIMITS);
  const PIZZAS = FTS_HITS_LIMIT + 500;
  beforeAll(() => {
    insertMany(db, 'Pizza', PIZZAS, 'Restaurant');
    insertMany(db, 'Zanzibar', 30, 'Cafe');
    // A category where the common name is rare: its three pizzas come after more rows than one walk reads.
    insertMany(db, 'Tea', ID_WALK_LIMIT + 2000, 'Cafe', '2025-06-01');
    insertMany(db, 'Pizza Tea', 3, 'Cafe', '2025-12-01');
  });
  afterAll(() => db.close());

  const list = (filter: string, category: string | null, sortBy: AdminSortBy, sortOrder: SortOrder, position: AdminListQuery['position'], limit = 100): AdminListPage =>
    repository.list({ name: buildNameSearch(filter), category, sortBy, sortOrder, limit, position });
  const first = { kind: 'offset', offset: 0 } as const;

  /** Every page from the first, following `next`; then every page from the end, following `prev`. */
  const pageThrough = (filter: string, category: string | null, sortBy: AdminSortBy, sortOrder: SortOrder) => {
    const forward: string[] = [];
    let page = list(filter, category, sortBy, sortOrder, first);
    for (let guard = 0; guard < 10_000; guard += 1) {
      forward.push(...page.rows.map((row) => row.name));
      if (page.next === null) break;
      page = list(filter, category, sortBy, sortOrder, { kind: 'after', cursor: page.next });
    }
    const backward: string[] = [];
    page = list(filter, category, sortBy, sortOrder, { kind: 'before', cursor: null });
    for (let guard = 0; guard < 10_000; guard += 1) {
      backward.unshift(...page.rows.map((row) => row.name));
      if (page.prev === null) break;
      page = list(filter, category, sortBy, sortOrder, { kind: 'before', cursor: page.prev });
    }
    return { forward, backward };
  };
  const expected = (where: string, sortBy: AdminSortBy, sortOrder: SortOrder) =>
    db.prepare(`SELECT name FROM businesses WHERE ${where} ORDER BY ${SQL_ORDER[sortBy]} ${sortOrder}, id ${sortOrder}`).pluck().all() as string[];

  it('keeps the counts table equal to the record', () => {
    expect(repository.count('all')).toBe(PIZZAS + 30 + ID_WALK_LIMIT + 2003);
    expect(list('', null, 'name', 'asc', first)).toMatchObject({ total: PIZZAS + 30 + ID_WALK_LIMIT + 2003, totalBound: 'exact' });
    expect(list('', 'Restaurant', 'name', 'asc', first)).toMatchObject({ total: PIZZAS, totalBound: 'exact' });
  });

  for (const sortBy of SORTS) {
    for (const sortOrder of ORDERS) {
      it(`pages a common name sorted by ${sortBy} ${sortOrder} forward and back, in the record's order, ties and NULLs included`, () => {
        const { forward, backward } = pageThrough('pizza', 'Restaurant', sortBy, sortOrder);
        const all = expected(`category = 'Restaurant'`, sortBy, sortOrder);
        expect(all).toHaveLength(PIZZAS);
        expect(forward).toEqual(all);
        expect(backward).toEqual(all);
      });
    }
  }

  it('pages the whole list without a name by cursor, equal to the record sorted', () => {
    const { forward, backward } = pageThrough('', null, 'rating', 'desc');
    const all = expected('1', 'rating', 'desc');
    expect(forward).toEqual(all);
    expect(backward).toEqual(all);
  });

  it(`says the commonest names (over ${COUNT_CEILING.toLocaleString('en')} matches) have a lower bound, pages them by name tests, stops such a walk after ${WALK_LIMIT.toLocaleString('en')} rows`, () => {
    insertMany(db, 'Pizza Extra', COUNT_CEILING, 'Bar', '2026-01-01');
    try {
      expect(list('pizza', null, 'createdAt', 'desc', first, 20)).toMatchObject({ total: COUNT_CEILING, totalBound: 'atLeast' });
      expect(list('pizza', null, 'createdAt', 'desc', first, 20).rows[0]!.name).toBe(`Pizza Extra ${COUNT_CEILING}`);
      const { forward, backward } = pageThrough('pizza', 'Restaurant', 'rating', 'desc');
      expect(forward).toEqual(expected(`category = 'Restaurant'`, 'rating', 'desc'));
      expect(backward).toEqual(forward);
      // In the tea rooms, each request reads WALK_LIMIT rows; the cursors lead on to the three pizzas.
      let page = list('pizza', 'Cafe', 'createdAt', 'asc', first, 20);
      const requests = [page];
      while (page.next !== null && requests.length < 20) {
        page = list('pizza', 'Cafe', 'createdAt', 'asc', { kind: 'after', cursor: page.next }, 20);
        requests.push(page);
      }
      expect(requests.flatMap((request) => request.rows.map((row) => row.name))).toEqual(['Pizza Tea 1', 'Pizza Tea 2', 'Pizza Tea 3']);
      expect(requests.length).toBe(Math.ceil((ID_WALK_LIMIT + 2003) / WALK_LIMIT));
    } finally {
      db.exec(`DELETE FROM businesses WHERE category = 'Bar'`);
    }
    expect(list('pizza', null, 'createdAt', 'desc', first, 20)).toMatchObject({ total: PIZZAS + 3, totalBound: 'exact' });
  });

  it('counts a rare name exactly and sorts its hits, by cursor too', () => {
    const rare = list('zanzibar', null, 'createdAt', 'desc', first, 20);
    expect(rare).toMatchObject({ total: 30, totalBound: 'exact' });
    expect(rare.rows[0]!.name).toBe('Zanzibar 30');
    const second = list('zanzibar', null, 'createdAt', 'desc', { kind: 'after', cursor: rare.next! }, 20);
    expect(second.rows.map((row) => row.name)).toEqual(expected(`name LIKE 'Zanzibar %'`, 'createdAt', 'desc').slice(20));
    expect(second.next).toBeNull();
    expect(list('zanzibar', 'Restaurant', 'name', 'asc', first).total).toBe(0);
    expect(list('pizz', 'Cafe', 'name', 'asc', first).rows.map((row) => row.name)).toEqual(['Pizza Tea 1', 'Pizza Tea 2', 'Pizza Tea 3']);
  });

  it(`stops a walk along the index after ${ID_WALK_LIMIT.toLocaleString('en')} rows with a cursor that continues it`, () => {
    const page = list('pizza', 'Cafe', 'createdAt', 'asc', first, 20);
    // The walk read ID_WALK_LIMIT of the category's tea rooms and found no pizza yet.
    expect(page.rows).toEqual([]);
    expect(page.totalBound).toBe('atMost');
    expect(page.next).not.toBeNull();
    const requests = [page];
    while (requests.at(-1)!.next !== null && requests.length < 20) {
      requests.push(list('pizza', 'Cafe', 'createdAt', 'asc', { kind: 'after', cursor: requests.at(-1)!.next! }, 20));
    }
    expect(requests.flatMap((request) => request.rows.map((row) => row.name))).toEqual(['Pizza Tea 1', 'Pizza Tea 2', 'Pizza Tea 3']);
    expect(requests.length).toBe(Math.ceil((ID_WALK_LIMIT + 2003) / ID_WALK_LIMIT));
  });

  it('deletes everything without a change-log row per business and keeps its triggers', () => {
    const triggersBefore = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
    const seq = db.prepare('SELECT coalesce(max(seq), 0) FROM change_log').pluck().get() as number;
    db.prepare(`INSERT INTO slug_redirects (old_slug, business_id) VALUES ('old-pizza-slug', 1)`).run();
    expect(repository.deleteAll()).toBe(PIZZAS + 30 + ID_WALK_LIMIT + 2003);
    expect(db.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM slug_redirects').pluck().get()).toBe(0);
    expect(repository.isGone('old-pizza-slug')).toBe(true);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(seq)).toBe(0);
    expect(db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all()).toEqual(triggersBefore);
    expect(repository.count('all')).toBe(0);
    expect(list('pizza', null, 'name', 'asc', first)).toMatchObject({ total: 0, rows: [] });
    expect(repository.isGone('pizza-17')).toBe(true);
  });
});

describe('admin name search: the test a walk applies to each name agrees with the name table', () => {
  const db = openRecord(':memory:');
  const names = [
    'Café Zürich', 'CAFE ZURICH', 'Cafeteria Nord', 'Le Petit Café', 'Nouveau-Café', 'Decaf Corner', 'Smørrebrød Hus',
    'The Theatre', 'Bathe & Co', "Joe's Pizza", 'Pizza Joe', 'Pizzeria 2000', '東京 Ramen', 'Çiğ Köfte Evi', 'Ecole', 'École',
  ];
  beforeAll(() => {
    const insert = db.prepare('INSERT INTO businesses (slug, name) VALUES (?, ?)');
    names.forEach((name, index) => insert.run(`name-${index}`, name));
  });
  afterAll(() => db.close());

  it.each(['cafe', 'café', 'CAFÉ', 'zur', 'the', 'joe piz', 'piz joe', 'ecole', 'cig kof', 'smør', 'ramen', '2000', 'deca'])(
    '"%s" finds by name test exactly the names the FTS query finds',
    (filter) => {
      const search = buildNameSearch(filter)!;
      const byTable = db
        .prepare('SELECT b.name FROM businesses_name_fts f JOIN businesses b ON b.id = f.rowid WHERE businesses_name_fts MATCH ? ORDER BY b.id')
        .pluck()
        .all(search.match) as string[];
      expect(byTable.length).toBeGreaterThan(0);
      expect(names.filter((name) => search.test(name))).toEqual(byTable);
    },
  );
});
