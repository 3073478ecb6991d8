import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { RecordBusyError } from '@directory/data/record-lock.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { runMaintenance } from './record-maintenance.ts';

describe('bulk maintenance in a worker thread', () => {
  let dir: string;
  let recordFile: string;
  let record: RecordDatabase;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'maintenance-'));
    recordFile = join(dir, 'directory.sqlite');
    record = openRecord(recordFile);
  });
  afterEach(() => {
    record.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = (sql: string) => record.prepare(sql).pluck().get() as number;
  const insert = (n: number, isDemo: 0 | 1) => {
    for (let i = 0; i < n; i += 1) {
      const id = insertBusiness(record, buildBusiness());
      record.prepare('UPDATE businesses SET is_demo = ? WHERE id = ?').run(isDemo, id);
    }
  };

  it("deletes everything off the server's thread: held inside its transaction, the server's connection still reads every business and its event loop runs", async () => {
    insert(25, 1);
    const logged = count('SELECT count(*) FROM change_log');
    const gate = new SharedArrayBuffer(4);
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const running = runMaintenance(recordFile, 'delete-all', { hold: { step: 'delete-all:in-transaction', gate, onHeld: held } });

    await isHeld;
    // The worker is inside its transaction: nothing is committed, and this thread answers.
    expect(count('SELECT count(*) FROM businesses')).toBe(25);
    await new Promise((resolve) => setImmediate(resolve));
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);

    expect(await running).toEqual({ deleted: 25, rebuildRequested: true });
    expect(count('SELECT count(*) FROM businesses')).toBe(0);
    expect(count('SELECT count(*) FROM deleted_slugs')).toBe(25);
    expect(count('SELECT count(*) FROM change_log')).toBe(logged);
    expect(record.prepare('SELECT reason FROM index_rebuild_requests').pluck().all()).toEqual(['delete-all']);
  });

  it('deletes test data that is the whole record like delete-all (no change-log row per business, a rebuild requested)', async () => {
    insert(12, 1);
    const logged = count('SELECT count(*) FROM change_log');
    expect(await runMaintenance(recordFile, 'delete-test-data')).toEqual({ deleted: 12, rebuildRequested: true });
    expect(count('SELECT count(*) FROM businesses')).toBe(0);
    expect(count('SELECT count(*) FROM change_log')).toBe(logged);
    expect(record.prepare('SELECT reason FROM index_rebuild_requests').pluck().all()).toEqual(['delete-test-data']);
  });

  it('deletes only the test data, through the change log, when the record holds other businesses', async () => {
    insert(7, 1);
    insert(3, 0);
    const logged = count('SELECT count(*) FROM change_log');
    expect(await runMaintenance(recordFile, 'delete-test-data')).toEqual({ deleted: 7, rebuildRequested: false });
    expect(count('SELECT count(*) FROM businesses WHERE is_demo = 0')).toBe(3);
    expect(count('SELECT count(*) FROM businesses')).toBe(3);
    expect(count('SELECT count(*) FROM change_log')).toBe(logged + 7);
    expect(count('SELECT count(*) FROM deleted_slugs')).toBe(7);
    expect(count('SELECT count(*) FROM index_rebuild_requests')).toBe(0);
  });

  it('fixes slugs in the thread and answers its figures', async () => {
    insert(4, 0);
    record.exec(`UPDATE businesses SET slug = slug || '-1732451234567' WHERE id <= 2`);
    expect(await runMaintenance(recordFile, 'fix-slugs')).toEqual({ successCount: 2, totalProcessed: 4, rebuildRequested: false });
    expect(count(`SELECT count(*) FROM businesses WHERE slug LIKE '%-1732451234567'`)).toBe(0);
    expect(count('SELECT count(*) FROM slug_redirects')).toBe(2);
  });

  it('gives up with RecordBusyError, nothing deleted, while another writer keeps the lock', async () => {
    insert(3, 0);
    const holder = openRecord(recordFile);
    holder.exec('BEGIN IMMEDIATE');
    try {
      // The thread waits for the lock (off this thread), then gives up.
      await expect(runMaintenance(recordFile, 'delete-all', { waitMs: 200 })).rejects.toBeInstanceOf(RecordBusyError);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(count('SELECT count(*) FROM businesses')).toBe(3);
  });
});
