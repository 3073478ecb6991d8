/**
 * SIGKILL in the middle of the admin area's delete-all and fix-slugs, on the server started as
 * `npm start` starts it: nothing committed is lost, nothing is half-written, running the
 * operation again completes, and the index equals the record.
 *
 * - Delete-all is one transaction: killed inside it, every business is still there; killed after
 *   its commit but before the index rebuild it asked for, the restarted server does that rebuild.
 * - Fix-slugs commits batches of 500 with its position: killed inside a batch, the batches before
 *   are whole (new slug and its redirect together), the rest untouched; the next run resumes.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '../data/src/record.ts';
import { killLeftoverServers, prepareDataDir, signIn, startServerProcess, syncAndVerify } from './testing/fault-harness.ts';

const SIZE = 3000;
let dir: string;
beforeEach(async () => {
  dir = await prepareDataDir('fault-maintenance', SIZE);
});
afterEach(() => {
  killLeftoverServers();
  rmSync(dir, { recursive: true, force: true });
});

function withRecord<T>(read: (record: RecordDatabase) => T): T {
  const record = openRecord(join(dir, 'directory.sqlite'));
  try {
    return read(record);
  } finally {
    record.close();
  }
}

const count = (record: RecordDatabase, sql: string, ...params: unknown[]) => record.prepare(sql).pluck().get(...params) as number;
const triggerNames = (record: RecordDatabase) =>
  record.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'businesses' ORDER BY name`).pluck().all() as string[];

/** Sends an admin call the server will never answer (it stops at a fault point); the kill ends it. */
function callKilledMidway(request: Promise<Response>): Promise<void> {
  return request.then(
    (response) => {
      throw new Error(`The server answered ${response.status} before it was killed`);
    },
    (error: Error) => {
      // The only expected failure: the connection dropped by the kill.
      if (!(error instanceof TypeError && /fetch failed/.test(error.message))) throw error;
    },
  );
}

describe('delete-all killed mid-way', () => {
  it('inside its transaction: every business, slug and trigger is still there', async () => {
    const triggersBefore = withRecord(triggerNames);
    const server = await startServerProcess(dir, { FAULT_PAUSE_AT: 'delete-all:in-transaction' });
    const admin = await signIn(server.url);
    const answer = callKilledMidway(admin.request('DELETE', '/api/admin/businesses'));
    await server.pausedAt('delete-all:in-transaction');
    await server.killAll();
    await answer;

    withRecord((record) => {
      expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(count(record, 'SELECT count(*) FROM businesses')).toBe(SIZE);
      expect(count(record, 'SELECT count(*) FROM deleted_slugs')).toBe(0);
      expect(count(record, 'SELECT count(*) FROM index_rebuild_requests')).toBe(0);
      // The counts kept by triggers still say what the table holds.
      expect(count(record, `SELECT n FROM business_counts WHERE dimension = 'all'`)).toBe(SIZE);
      expect(triggerNames(record)).toEqual(triggersBefore);
    });
    const verified = await syncAndVerify(dir);
    expect(verified.report).toContain(`Index matches the record: ${SIZE} public businesses`);
    expect(verified.differences).toBe(0);
  }, 300_000);

  it('after its commit, before the index rebuild: the restarted server rebuilds; running it again deletes nothing more', async () => {
    const triggersBefore = withRecord(triggerNames);
    const server = await startServerProcess(dir, { FAULT_PAUSE_AT: 'delete-all:committed' });
    const admin = await signIn(server.url);
    const answer = callKilledMidway(admin.request('DELETE', '/api/admin/businesses'));
    await server.pausedAt('delete-all:committed');
    await server.killAll();
    await answer;

    withRecord((record) => {
      expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(count(record, 'SELECT count(*) FROM businesses')).toBe(0);
      expect(count(record, 'SELECT count(*) FROM deleted_slugs')).toBe(SIZE);
      expect(count(record, `SELECT n FROM business_counts WHERE dimension = 'all'`)).toBe(0);
      expect(triggerNames(record)).toEqual(triggersBefore);
      // The rebuild the deletion owes the index was committed with it.
      expect(record.prepare('SELECT reason FROM index_rebuild_requests').pluck().all()).toEqual(['delete-all']);
    });

    const restarted = await startServerProcess(dir);
    try {
      await restarted.stdout.seen(/^The record changed without the change log \(a delete-all\) since the index was built: rebuilding it/);
      await restarted.stdout.seen(/^reindex: rebuilt the index, 0 businesses in [\d.]+ s\.$/);
      const list = await fetch(`${restarted.url}/api/businesses?page=1`);
      expect(((await list.json()) as { totalCount: number }).totalCount).toBe(0);
      const admin2 = await signIn(restarted.url);
      const again = await admin2.request('DELETE', '/api/admin/businesses');
      expect(await again.json()).toMatchObject({ success: true, deletedCount: 0 });
      // It asks for a rebuild again, and gets it.
      await restarted.stdout.seen(/^reindex: rebuilt the index, 0 businesses in [\d.]+ s\.$/, 2);
    } finally {
      await restarted.stop();
    }
    withRecord((record) => expect(count(record, 'SELECT count(*) FROM index_rebuild_requests')).toBe(0));
    const verified = await syncAndVerify(dir);
    expect(verified.report).toContain('Index matches the record: 0 public businesses');
    expect(verified.differences).toBe(0);
  }, 300_000);
});

describe('fix-slugs killed mid-way', () => {
  it('inside its third batch: two whole batches, the rest untouched; the next run resumes and completes', async () => {
    // Every business gets a long, timestamped slug, as an older importer wrote them.
    const longSlugs = withRecord((record) => {
      record.exec(`UPDATE businesses SET slug = slug || '-' || (1700000000000 + id)`);
      return new Map(record.prepare('SELECT id, slug FROM businesses').raw().all() as [number, string][]);
    });
    const server = await startServerProcess(dir, { FAULT_PAUSE_AT: 'fix-slugs:batch-3-half' });
    const admin = await signIn(server.url);
    const answer = callKilledMidway(admin.request('POST', '/api/admin/fix-slugs'));
    await server.pausedAt('fix-slugs:batch-3-half');
    await server.killAll();
    await answer;

    const done = withRecord((record) => {
      expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(count(record, 'SELECT count(*) FROM businesses')).toBe(SIZE);
      const checkpoint = count(record, `SELECT value FROM admin_checkpoints WHERE name = 'fix-slugs'`);
      // The checkpoint is the last id of the second batch of 500.
      expect(checkpoint).toBe(count(record, 'SELECT id FROM businesses ORDER BY id LIMIT 1 OFFSET 999'));
      const rows = record.prepare('SELECT id, slug FROM businesses').raw().all() as [number, string][];
      const redirects = new Map(record.prepare('SELECT old_slug, business_id FROM slug_redirects').raw().all() as [string, number][]);
      for (const [id, slug] of rows) {
        const long = longSlugs.get(id)!;
        if (id <= checkpoint) {
          // Done: a new slug and, with it, the old one redirecting to this business.
          expect(slug).not.toBe(long);
          expect(redirects.get(long)).toBe(id);
        } else {
          // Not done: nothing of it written (the third batch rolled back whole).
          expect(slug).toBe(long);
          expect(redirects.has(long)).toBe(false);
        }
      }
      expect(redirects.size).toBe(1000);
      return checkpoint;
    });

    const restarted = await startServerProcess(dir);
    try {
      const admin2 = await signIn(restarted.url);
      const rerun = await admin2.request('POST', '/api/admin/fix-slugs');
      expect(rerun.status).toBe(200);
      // It resumed after the checkpoint: only the 2,000 businesses not done were read.
      expect(await rerun.json()).toMatchObject({ success: true, successCount: SIZE - 1000, totalProcessed: SIZE - 1000 });
      const [someId, someLong] = [...longSlugs].find(([id]) => id > done)!;
      const moved = await fetch(`${restarted.url}/api/businesses/${someLong}`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      const canonical = withRecord((record) => record.prepare('SELECT slug FROM businesses WHERE id = ?').pluck().get(someId) as string);
      expect(moved.headers.get('location')).toContain(canonical);
    } finally {
      await restarted.stop();
    }
    withRecord((record) => {
      expect(count(record, `SELECT count(*) FROM admin_checkpoints WHERE name = 'fix-slugs'`)).toBe(0);
      expect(count(record, 'SELECT count(DISTINCT slug) FROM businesses')).toBe(SIZE);
      const redirects = new Map(record.prepare('SELECT old_slug, business_id FROM slug_redirects').raw().all() as [string, number][]);
      expect(redirects.size).toBe(SIZE);
      for (const [id, long] of longSlugs) expect(redirects.get(long)).toBe(id);
    });
    const verified = await syncAndVerify(dir);
    expect(verified.report).toContain(`Index matches the record: ${SIZE} public businesses`);
    expect(verified.differences).toBe(0);
  }, 300_000);
});
