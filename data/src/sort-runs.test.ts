import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { inShortSortRuns, SORT_RUN_KIB } from './sort-runs.ts';

describe('inShortSortRuns', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('builds with a page cache of SORT_RUN_KIB, then gives the connection its own cache back', () => {
    db = new Database(':memory:');
    db.pragma('cache_size = -65536');
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    const insert = db.prepare('INSERT INTO t (a, b) VALUES (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 5000; i += 1) insert.run((i * 7919) % 5000, `name ${i}`);
    })();
    const seen = inShortSortRuns(db, () => {
      db.exec('CREATE INDEX t_a ON t (a)');
      return db.pragma('cache_size', { simple: true });
    });
    expect(seen).toBe(-SORT_RUN_KIB);
    expect(db.pragma('cache_size', { simple: true })).toBe(-65536);
    // The index holds every row, in order.
    const ordered = db.prepare('SELECT a FROM t INDEXED BY t_a ORDER BY a').pluck().all() as number[];
    expect(ordered).toHaveLength(5000);
    expect(ordered.every((value, i) => i === 0 || ordered[i - 1]! <= value)).toBe(true);
  });

  it('gives the cache back when the work fails', () => {
    db = new Database(':memory:');
    db.pragma('cache_size = -4096');
    expect(() => inShortSortRuns(db, () => db.exec('CREATE INDEX missing_a ON missing (a)'))).toThrow(/no such table/);
    expect(db.pragma('cache_size', { simple: true })).toBe(-4096);
  });
});
