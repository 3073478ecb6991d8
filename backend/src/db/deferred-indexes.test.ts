import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { writeSample } from '../../../scripts/samples/generate-sample.ts';
import { importFile, KEPT_LIVE_READING_WORKBOOKS } from '../services/import-runner.ts';
import { DeferredIndexes, restoreOnThread } from './deferred-indexes.ts';

let dir: string;
let record: RecordDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'deferred-indexes-'));
  record = openRecord(join(dir, 'record.sqlite'));
});
afterEach(() => {
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const indexesOfBusinesses = () =>
  record.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'businesses' ORDER BY name").all() as { name: string; sql: string | null }[];

describe('deferred secondary indexes', () => {
  it('drops only the non-unique indexes, remembers their SQL, and builds the same ones again', () => {
    const before = indexesOfBusinesses();
    const indexes = new DeferredIndexes(record);
    const dropped = indexes.defer(4242);
    const during = indexesOfBusinesses();
    // The unique ones (slug, place id) stay: the import's identity checks need them.
    expect(during.map((index) => index.name).sort()).toEqual(['sqlite_autoindex_businesses_1', 'sqlite_autoindex_businesses_2']);
    expect(dropped).toBe(before.length - 2);
    expect(indexes.deferred()).toEqual(before.filter((index) => index.sql !== null).map((index) => index.name).sort());
    expect(indexes.restore()).toBe(dropped);
    expect(indexesOfBusinesses()).toEqual(before);
    expect(indexes.deferred()).toEqual([]);
  });

  it('rebuilds indexes left deferred by a dead importer, and leaves a live one alone', () => {
    const before = indexesOfBusinesses();
    const indexes = new DeferredIndexes(record);
    indexes.defer(4242);
    expect(indexes.restoreAbandoned(() => true)).toBe(0);
    expect(indexesOfBusinesses().length).toBe(2);
    expect(indexes.restoreAbandoned((pid) => pid !== 4242)).toBe(before.length - 2);
    expect(indexesOfBusinesses()).toEqual(before);
  });

  it('builds one deferred index at a time, each forgotten in the transaction that builds it', () => {
    const before = indexesOfBusinesses();
    const indexes = new DeferredIndexes(record);
    const dropped = indexes.defer(4242);
    expect(indexes.restoreOne('businesses_name')).toBe(true);
    expect(indexesOfBusinesses().map((index) => index.name)).toContain('businesses_name');
    expect(indexes.deferred()).not.toContain('businesses_name');
    expect(indexes.deferred()).toHaveLength(dropped - 1);
    // Not deferred (any more): nothing to build.
    expect(indexes.restoreOne('businesses_name')).toBe(false);
    expect(indexes.restoreOne('no_such_index')).toBe(false);
    expect(indexes.restore()).toBe(dropped - 1);
    expect(indexesOfBusinesses()).toEqual(before);
  });

  it('builds the deferred indexes on a thread with a connection of its own, while this one stays open', async () => {
    const before = indexesOfBusinesses();
    const indexes = new DeferredIndexes(record);
    const dropped = indexes.defer(process.pid);
    expect(await restoreOnThread(join(dir, 'record.sqlite'))).toBe(dropped);
    expect(indexesOfBusinesses()).toEqual(before);
    expect(indexes.deferred()).toEqual([]);
  });

  it("says which index the thread could not build, and keeps that one's SQL for the next try", async () => {
    const indexes = new DeferredIndexes(record);
    indexes.defer(process.pid);
    record.prepare('INSERT INTO deferred_indexes (name, sql, owner_pid) VALUES (?, ?, ?)').run('a_broken_one', 'CREATE INDEX a_broken_one ON nowhere (x)', process.pid);
    await expect(restoreOnThread(join(dir, 'record.sqlite'))).rejects.toThrow("The record's indexes could not be built: no such table: main.nowhere");
    expect(indexes.deferred()).toContain('a_broken_one');
  });

  it('an import into an empty record writes without them and ends with every index built and the record intact', async () => {
    const before = indexesOfBusinesses();
    const file = join(dir, 'places.csv');
    const summary = await writeSample({ rows: 1200, tool: 'outscraper', format: 'csv', out: file });
    const dropDuringImport: number[] = [];
    const result = await importFile({
      record, file, fileName: 'places.csv', batchSize: 500, isDryRun: false, readInWorker: false,
      onBatchCommitted: () => dropDuringImport.push(indexesOfBusinesses().length),
    });
    expect(result.inserted).toBe(summary.distinctPlaces);
    expect(dropDuringImport.every((n) => n === 2)).toBe(true);
    expect(indexesOfBusinesses()).toEqual(before);
    expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
    // The admin list's popularity order is answered by its index again.
    const plan = record.prepare('EXPLAIN QUERY PLAN SELECT id FROM businesses ORDER BY reviews DESC, rating DESC, id LIMIT 20').all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('businesses_popularity');
  });

  it('keeps the indexes it is told to keep live, and builds only the others again', () => {
    const before = indexesOfBusinesses();
    const indexes = new DeferredIndexes(record);
    const dropped = indexes.defer(4242, ['businesses_rating', 'businesses_created_at', 'no_such_index']);
    expect(indexesOfBusinesses().map((index) => index.name).sort()).toEqual(['businesses_created_at', 'businesses_rating', 'sqlite_autoindex_businesses_1', 'sqlite_autoindex_businesses_2']);
    expect(dropped).toBe(before.length - 4);
    expect(indexes.deferred()).not.toContain('businesses_rating');
    expect(indexes.restore()).toBe(dropped);
    expect(indexesOfBusinesses()).toEqual(before);
  });

  it('an .xlsx import into an empty record keeps the cheap indexes live, a CSV import defers them all', async () => {
    const before = indexesOfBusinesses();
    const liveDuring = async (format: 'xlsx' | 'csv') => {
      const file = join(dir, `places.${format}`);
      await writeSample({ rows: 300, tool: 'outscraper', format, out: file });
      record.exec('DELETE FROM businesses');
      const during = new Set<string>();
      await importFile({
        record, file, fileName: `places.${format}`, batchSize: 100, isDryRun: false, readInWorker: false,
        onBatchCommitted: () => indexesOfBusinesses().forEach((index) => during.add(index.name)),
      });
      expect(indexesOfBusinesses()).toEqual(before);
      return [...during].filter((name) => !name.startsWith('sqlite_')).sort();
    };
    expect(await liveDuring('xlsx')).toEqual([...KEPT_LIVE_READING_WORKBOOKS].sort());
    expect(await liveDuring('csv')).toEqual([]);
  });

  it('a record above the threshold keeps its indexes while it is imported into', async () => {
    const file = join(dir, 'places.csv');
    await writeSample({ rows: 600, tool: 'outscraper', format: 'csv', out: file });
    const during: number[] = [];
    await importFile({
      record, file, fileName: 'places.csv', batchSize: 100, isDryRun: false, readInWorker: false, deferIndexes: false,
      onBatchCommitted: () => during.push(indexesOfBusinesses().length),
    });
    expect(during.length).toBeGreaterThan(1);
    expect(during.every((n) => n === indexesOfBusinesses().length)).toBe(true);
  });
});
