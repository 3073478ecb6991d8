import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { BusinessRepository } from '../db/business-repository.ts';
import { BULK_WAL_AUTOCHECKPOINT_PAGES } from '../db/checkpoint-window.ts';
import { DeferredIndexes } from '../db/deferred-indexes.ts';
import { loadDemoDataIfEmpty } from './demo-data.ts';

describe('the demo data of a first start', () => {
  let dir: string;
  let record: RecordDatabase;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-data-'));
    record = openRecord(join(dir, 'directory.sqlite'));
  });
  afterEach(() => {
    record.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const indexes = () => record.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'businesses' ORDER BY name`).all();
  const count = (sql: string) => record.prepare(sql).pluck().get() as number;

  it('fills an empty record with marked demo businesses and ends with every index of the record as before', async () => {
    const before = indexes();
    const progress: number[] = [];
    expect(await loadDemoDataIfEmpty(new BusinessRepository(record), 12_000, (written) => progress.push(written))).toBe(12_000);
    expect(progress).toEqual([5_000, 10_000, 12_000]);
    expect(count('SELECT count(*) FROM businesses WHERE is_demo = 1')).toBe(12_000);
    expect(indexes()).toEqual(before);
    expect(count('SELECT count(*) FROM deferred_indexes')).toBe(0);
    expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
    // The counts the triggers keep are right.
    expect(count(`SELECT n FROM business_counts WHERE dimension = 'all'`)).toBe(12_000);
  });

  it('leaves the indexes it is not asked to build deferred, for its caller to build, once the load is complete', async () => {
    const before = indexes() as { name: string }[];
    expect(await loadDemoDataIfEmpty(new BusinessRepository(record), 6_000, () => undefined, { buildOnly: ['businesses_popularity'] })).toBe(6_000);
    const deferred = new DeferredIndexes(record);
    // The unique indexes were never dropped; the popularity one is built; the others wait.
    expect((indexes() as { name: string }[]).map((index) => index.name)).toEqual(['businesses_popularity', 'sqlite_autoindex_businesses_1', 'sqlite_autoindex_businesses_2']);
    expect(deferred.deferred()).toEqual(before.map((index) => index.name).filter((name) => !name.startsWith('sqlite_') && name !== 'businesses_popularity'));
    deferred.restore();
    expect(indexes()).toEqual(before);
  });

  it('builds every index when the load stops part way, even when asked to build only some', async () => {
    const before = indexes();
    const stop = () => {
      throw new Error('stopped after the first batch');
    };
    await expect(loadDemoDataIfEmpty(new BusinessRepository(record), 12_000, stop, { buildOnly: ['businesses_popularity'] })).rejects.toThrow('stopped after the first batch');
    expect(count('SELECT count(*) FROM businesses')).toBe(5_000);
    expect(indexes()).toEqual(before);
    expect(count('SELECT count(*) FROM deferred_indexes')).toBe(0);
  });

  it('reports each count once when the size is a whole number of batches', async () => {
    const progress: number[] = [];
    expect(await loadDemoDataIfEmpty(new BusinessRepository(record), 10_000, (written) => progress.push(written))).toBe(10_000);
    expect(progress).toEqual([5_000, 10_000]);
  });

  it('checkpoints every few dozen batches while it writes, as before once done, with nothing left in the log', async () => {
    const autoCheckpoint = () => record.pragma('wal_autocheckpoint', { simple: true });
    expect(autoCheckpoint()).toBe(1000);
    const windows: unknown[] = [];
    await loadDemoDataIfEmpty(new BusinessRepository(record), 10_000, () => windows.push(autoCheckpoint()));
    expect(windows).toEqual([BULK_WAL_AUTOCHECKPOINT_PAGES, BULK_WAL_AUTOCHECKPOINT_PAGES]);
    expect(autoCheckpoint()).toBe(1000);
    const [checkpoint] = record.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(checkpoint!.checkpointed).toBe(checkpoint!.log);
  });

  it('writes nothing into a record that holds businesses already', async () => {
    await loadDemoDataIfEmpty(new BusinessRepository(record), 10);
    expect(await loadDemoDataIfEmpty(new BusinessRepository(record), 100)).toBe(0);
    expect(count('SELECT count(*) FROM businesses')).toBe(10);
  });

  it('writes the same businesses when a worker thread makes them', async () => {
    // Every column but the times of the write.
    const rows = (db: RecordDatabase) =>
      db.prepare('SELECT * FROM businesses ORDER BY id').all().map((row) => ({ ...(row as object), created_at: null, updated_at: null }));
    const before = indexes();
    const progress: number[] = [];
    expect(await loadDemoDataIfEmpty(new BusinessRepository(record), 11_000, (written) => progress.push(written), { onWorker: true })).toBe(11_000);
    expect(progress).toEqual([5_000, 10_000, 11_000]);
    const here = openRecord(join(dir, 'here.sqlite'));
    try {
      expect(await loadDemoDataIfEmpty(new BusinessRepository(here), 11_000, () => undefined, { onWorker: false })).toBe(11_000);
      const made = rows(record);
      expect(made).toHaveLength(11_000);
      expect(made).toEqual(rows(here));
    } finally {
      here.close();
    }
    expect(indexes()).toEqual(before);
    expect(count('SELECT count(*) FROM deferred_indexes')).toBe(0);
  });
});
