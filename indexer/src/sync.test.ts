/**
 * The index always equals the record: writes during a rebuild, two processes on one index, a
 * failure at each step then a restart, a long backlog applied a bounded batch at a time. Every
 * step is driven through the code's own functions (rebuild hooks, catchUp), never by timing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import Database from 'better-sqlite3';
import { neverWaitForWriteLock } from '@directory/data/record-lock.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { ChangeLogConsumers, changeLogHighWater, importRebuildName } from './change-log.ts';
import type { DocumentChanges } from './engine.ts';
import type { ListingPolicy } from './record-source.ts';
import { SqliteEngine } from './sqlite/sqlite-engine.ts';
import { CHANGE_BATCH, IndexBehindError, IndexSync, MIN_CHANGE_BATCH, nextBatchSize, rebuildIndex, SYNC_BATCH_BUDGET_MS, type IndexSyncOptions } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';
import { verifyIndex } from './verify.ts';

let temp: TempIndex;
let record: RecordDatabase;
let engine: SqliteEngine;

const insert = (overrides: Partial<BusinessInput>) =>
  insertBusiness(record, buildBusiness({ ...overrides, fullAddress: `1 Main St, ${overrides.city ?? 'Lyon'}, X` }));
const changeLogSize = () => record.prepare('SELECT count(*) FROM change_log').pluck().get() as number;
/** `count` change-log entries naming these businesses in turn (as a long import leaves them), in one statement. */
const logChanges = (ids: number[], count: number) =>
  record
    .prepare(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
      INSERT INTO change_log (business_id) SELECT json_extract(?, '$[' || CAST(i % ? AS INTEGER) || ']') FROM n`)
    .run(count, JSON.stringify(ids), ids.length);

function seed(): void {
  insert({ name: 'Chez Paul', category: 'Restaurant', city: 'Lyon', countryCode: 'FR', reviews: 500, isApproved: true });
  insert({ name: 'Plomberie Martin', category: 'Plumber', city: 'Lyon', countryCode: 'FR', reviews: 40, isApproved: true });
  insert({ name: 'Paris Plumbing', category: 'Plumber', city: 'Paris', countryCode: 'FR', reviews: 300, isApproved: true });
  insert({ name: 'Berlin Bäckerei', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviews: 80, isApproved: true });
  insert({ name: 'Austin Dental', category: 'Dentist', city: 'Austin', countryCode: 'US', reviews: 150, isApproved: true });
  insert({ name: 'Waiting Room', category: 'Dentist', city: 'Zürich', countryCode: 'CH', reviews: 33, isApproved: false });
}

/** The seeded record, its index built, and a sync over them with `options`. */
async function seededSync(policy: ListingPolicy, options?: IndexSyncOptions): Promise<IndexSync> {
  seed();
  await rebuildIndex(temp.recordFile, engine, policy);
  return new IndexSync(record, engine, policy, options);
}

async function expectIndexEqualsRecord(policy: ListingPolicy, target: SqliteEngine = engine): Promise<void> {
  const report = await verifyIndex(temp.recordFile, target, policy);
  expect(report.differences).toEqual([]);
  expect(report.indexSeq).toBe(changeLogHighWater(record));
}

async function publicNames(target: SqliteEngine = engine): Promise<string[]> {
  const page = await target.listBusinesses({}, { page: 1, perPage: 100 });
  return page.items.map((item) => item.name).sort();
}

beforeEach(() => {
  temp = createTempIndex('sync-test');
  ({ record, engine } = temp);
});

afterEach(() => temp.dispose());

describe('writes during a rebuild', () => {
  it('are all in the index after the swap: insert, update, delete, approve, slug change, at every step', async () => {
    const sync = await seededSync('approved');

    const report = await rebuildIndex(temp.recordFile, engine, 'approved', {
      async afterSnapshot() {
        insert({ name: 'Lyon Bakery', category: 'Bakery', city: 'Lyon', countryCode: 'FR', isApproved: true });
        record.prepare("UPDATE businesses SET category = 'Café' WHERE name = 'Chez Paul'").run();
        record.prepare("DELETE FROM businesses WHERE name = 'Paris Plumbing'").run();
        record.prepare("UPDATE businesses SET is_approved = 1 WHERE name = 'Waiting Room'").run();
        record.prepare("UPDATE businesses SET slug = 'berlin-baeckerei-new' WHERE name = 'Berlin Bäckerei'").run();
        // The live sync applies these to the old index and prunes what it applied, as the server does.
        await sync.catchUp();
      },
      async afterBulk() {
        insert({ name: 'Rome Pizza', category: 'Restaurant', city: 'Rome', countryCode: 'IT', isApproved: true });
        await sync.catchUp();
      },
      async beforePublish() {
        record.prepare("UPDATE businesses SET city = 'Paris', full_address = '2 Rue X, Paris, X' WHERE name = 'Plomberie Martin'").run();
        record.prepare("UPDATE businesses SET is_approved = 0 WHERE name = 'Austin Dental'").run();
        await sync.catchUp();
      },
    });

    expect(report.appliedSeq).toBe(changeLogHighWater(record));
    expect(await publicNames()).toEqual(['Berlin Bäckerei', 'Chez Paul', 'Lyon Bakery', 'Plomberie Martin', 'Rome Pizza', 'Waiting Room']);
    const berlin = (await engine.listBusinesses({ countryCode: 'DE' }, { page: 1, perPage: 10 })).items[0];
    expect(berlin?.slug).toBe('berlin-baeckerei-new');
    expect((await engine.category('cafe', 5))?.category.businessCount).toBe(1);
    expect((await engine.city('FR', 'paris', 5))?.city.businessCount).toBe(1);
    await expectIndexEqualsRecord('approved');

    // A write after the swap reaches the new index through the same sync.
    insert({ name: 'Late Arrival', city: 'Lyon', countryCode: 'FR', isApproved: true });
    await sync.catchUp();
    await expectIndexEqualsRecord('approved');
  });

  it('publishes the position its snapshot reflects even when the log was pruned to nothing', async () => {
    const sync = await seededSync('all');
    record.prepare("UPDATE businesses SET rating = 2 WHERE name = 'Chez Paul'").run();
    await sync.catchUp();
    expect(changeLogSize()).toBe(0);

    const report = await rebuildIndex(temp.recordFile, engine, 'all');
    expect(report.appliedSeq).toBe(changeLogHighWater(record));
    expect(report.appliedSeq).toBeGreaterThan(6);
  });

  it('keeps every change a rebuild in progress still needs, whatever the live index prunes', async () => {
    const sync = await seededSync('all');
    const consumers = new ChangeLogConsumers(record);
    let retainedDuringRebuild = -1;
    await rebuildIndex(temp.recordFile, engine, 'all', {
      async afterSnapshot() {
        insert({ name: 'During' });
        await sync.catchUp();
        retainedDuringRebuild = changeLogSize();
        expect(consumers.list().map((consumer) => consumer.name.split(':')[0])).toEqual(['rebuild', 'sqlite']);
      },
    });
    expect(retainedDuringRebuild).toBe(1);
    expect(consumers.list().map((consumer) => consumer.name)).toEqual([engine.indexId]);
    expect(await publicNames()).toContain('During');
  });

  it('leaves the changes to a rebuild that ends an import, in any process, and applies them itself once it is gone', async () => {
    const sync = await seededSync('all');
    let appliedDuringRebuild = -1;
    await rebuildIndex(temp.recordFile, engine, 'all', {
      consumerName: importRebuildName(engine.indexId),
      async afterBulk() {
        insert({ name: 'Imported Meanwhile' });
        appliedDuringRebuild = await sync.catchUp();
      },
    });
    // The live index was left alone; the rebuild published the row with everything else.
    expect(appliedDuringRebuild).toBe(0);
    expect(await publicNames()).toContain('Imported Meanwhile');
    await expectIndexEqualsRecord('all');

    // A registration left by a process that died mid-rebuild holds nothing back.
    const consumers = new ChangeLogConsumers(record);
    consumers.set(`rebuild:import:${engine.indexId}:999999999:00000000-0000-4000-8000-000000000000`, 0);
    insert({ name: 'After A Dead Import' });
    expect(await sync.catchUp()).toBe(1);
    // An ordinary rebuild (npm run reindex) does not hold the sync either.
    await rebuildIndex(temp.recordFile, engine, 'all', {
      async afterBulk() {
        insert({ name: 'During A Reindex' });
        appliedDuringRebuild = await sync.catchUp();
      },
    });
    expect(appliedDuringRebuild).toBe(1);
  });

  it('lets two rebuilds overlap: the one published last holds everything, and no file is lost', async () => {
    const sync = await seededSync('all');
    await rebuildIndex(temp.recordFile, engine, 'all', {
      async afterBulk() {
        insert({ name: 'Before The Other' });
        await rebuildIndex(temp.recordFile, engine, 'all', { afterSnapshot: () => void insert({ name: 'During The Other' }) });
        insert({ name: 'After The Other' });
        await sync.catchUp();
      },
    });
    expect(await publicNames()).toEqual(expect.arrayContaining(['Before The Other', 'During The Other', 'After The Other']));
    const files = readdirSync(join(temp.dir, 'index')).filter((file) => file.endsWith('.sqlite'));
    expect(files).toHaveLength(1);
    await expectIndexEqualsRecord('all');
  });
});

describe('two indexer processes', () => {
  it('write one index in turns, the position never goes back and the index equals the record', async () => {
    seed();
    await rebuildIndex(temp.recordFile, engine, 'all');
    const otherRecord = openRecord(temp.recordFile);
    const otherEngine = new SqliteEngine(join(temp.dir, 'index'));
    try {
      const first = new IndexSync(record, engine, 'all');
      const second = new IndexSync(otherRecord, otherEngine, 'all');
      insert({ name: 'One' });
      await second.catchUp();
      const afterSecond = await engine.appliedSeq();
      insert({ name: 'Two' });
      record.prepare("DELETE FROM businesses WHERE name = 'One'").run();
      await first.catchUp();
      expect(await engine.appliedSeq()).toBeGreaterThan(afterSecond);

      // A batch the other process read before the first applied it changes nothing, not even the position.
      const stale: DocumentChanges = { upserts: [], removals: [], fromSeq: afterSecond - 1, seq: afterSecond };
      expect(await otherEngine.applyChanges(stale)).toBe(await engine.appliedSeq());

      // A rebuild by one process while the other keeps applying: the other follows the swap.
      await rebuildIndex(temp.recordFile, engine, 'all', {
        async beforePublish() {
          insert({ name: 'Three' });
          await second.catchUp();
        },
      });
      insert({ name: 'Four' });
      await second.catchUp();
      expect(await publicNames(otherEngine)).toEqual(await publicNames());
      expect(await publicNames()).toEqual(expect.arrayContaining(['Two', 'Three', 'Four']));
      expect(await publicNames()).not.toContain('One');
      await expectIndexEqualsRecord('all');
      await expectIndexEqualsRecord('all', otherEngine);
      expect(changeLogSize()).toBe(0);
    } finally {
      await otherEngine.close();
      otherRecord.close();
    }
  });

  it('prunes only below the index that is furthest behind', async () => {
    seed();
    await rebuildIndex(temp.recordFile, engine, 'all');
    const secondIndex = new SqliteEngine(join(temp.dir, 'second-index'));
    try {
      await rebuildIndex(temp.recordFile, secondIndex, 'all');
      const first = new IndexSync(record, engine, 'all');
      const second = new IndexSync(record, secondIndex, 'all');
      await second.catchUp();
      insert({ name: 'Only First So Far' });
      insert({ name: 'Also Pending' });
      await first.catchUp();
      expect(changeLogSize()).toBe(2);
      await second.catchUp();
      expect(changeLogSize()).toBe(0);
      await expectIndexEqualsRecord('all', secondIndex);
    } finally {
      await secondIndex.close();
    }
  });
});

describe('a failure, then a restart', () => {
  /** Makes one statement of applyChanges fail, on the engine's own connection only. */
  const FAILING_STEPS: Record<string, string> = {
    'removing the old document': 'BEFORE DELETE ON main.docs',
    'writing the document': 'BEFORE INSERT ON main.docs',
    'counting its category': 'BEFORE UPDATE ON main.categories',
    'counting its city': 'BEFORE INSERT ON main.cities',
    'writing the position': "BEFORE UPDATE ON main.meta WHEN new.key = 'applied_seq'",
  };

  for (const [step, when] of Object.entries(FAILING_STEPS)) {
    it(`in applyChanges at "${step}" leaves the index at its last position, and a restart catches up`, async () => {
      seed();
      await rebuildIndex(temp.recordFile, engine, 'all');
      const before = await engine.appliedSeq();
      record.prepare("UPDATE businesses SET category = 'Bakery' WHERE name = 'Chez Paul'").run();
      insert({ name: 'Nice Bakery', category: 'Bakery', city: 'Nice', countryCode: 'FR' });
      record.prepare("DELETE FROM businesses WHERE name = 'Austin Dental'").run();
      engine.database.exec(`CREATE TEMP TRIGGER fail_step ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
      const errors: unknown[] = [];
      const sync = new IndexSync(record, engine, 'all', { onError: (error) => errors.push(error) });
      await expect(sync.catchUp()).rejects.toThrow('injected failure');
      expect(await engine.appliedSeq()).toBe(before);
      expect(record.prepare('SELECT count(*) FROM change_log WHERE seq > ?').pluck().get(before)).toBe(3);
      expect((await verifyIndex(temp.recordFile, engine, 'all')).differenceCount).toBeGreaterThan(0);

      // The restart: a new process opens the same index (the temporary trigger died with the old connection).
      await engine.close();
      const restarted = new SqliteEngine(join(temp.dir, 'index'));
      try {
        await new IndexSync(record, restarted, 'all').catchUp();
        await expectIndexEqualsRecord('all', restarted);
      } finally {
        await restarted.close();
      }
    });
  }

  for (const hook of ['afterSnapshot', 'afterBulk', 'beforePublish'] as const) {
    it(`in a rebuild at ${hook} keeps the old index live and leaves nothing behind`, async () => {
      seed();
      await rebuildIndex(temp.recordFile, engine, 'all');
      const sync = new IndexSync(record, engine, 'all');
      const live = readdirSync(join(temp.dir, 'index')).sort();
      await expect(
        rebuildIndex(temp.recordFile, engine, 'all', {
          [hook]: () => {
            insert({ name: `Written at ${hook}` });
            throw new Error('rebuild interrupted');
          },
        }),
      ).rejects.toThrow('rebuild interrupted');
      expect(readdirSync(join(temp.dir, 'index')).sort()).toEqual(live);
      expect(new ChangeLogConsumers(record).list().map((consumer) => consumer.name)).toEqual([engine.indexId]);

      const restarted = new SqliteEngine(join(temp.dir, 'index'));
      try {
        await new IndexSync(record, restarted, 'all').catchUp();
        expect(await publicNames(restarted)).toContain(`Written at ${hook}`);
        await expectIndexEqualsRecord('all', restarted);
        await sync.catchUp();
        await rebuildIndex(temp.recordFile, restarted, 'all');
        await expectIndexEqualsRecord('all', restarted);
      } finally {
        await restarted.close();
      }
    });
  }

  it('says an index is behind a pruned log instead of skipping changes, and a rebuild repairs it', async () => {
    seed();
    await rebuildIndex(temp.recordFile, engine, 'all');
    const behind = await engine.appliedSeq();
    insert({ name: 'Pruned Away' });
    // Another consumer applied it and, alone in the registry (this index's registration expired), pruned it.
    record.prepare('DELETE FROM index_consumers').run();
    const consumers = new ChangeLogConsumers(record);
    consumers.advance('other-index', changeLogHighWater(record));
    consumers.prune(CHANGE_BATCH);
    const errors: unknown[] = [];
    const sync = new IndexSync(record, engine, 'all', { onError: (error) => errors.push(error) });
    await expect(sync.catchUp()).rejects.toBeInstanceOf(IndexBehindError);
    expect(await engine.appliedSeq()).toBe(behind);
    await rebuildIndex(temp.recordFile, engine, 'all');
    await sync.catchUp();
    await expectIndexEqualsRecord('all');
  });
});

describe('a long change log', () => {
  it('is applied in bounded batches with other work running between every two of them', async () => {
    seed();
    const ids = record.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];
    await rebuildIndex(temp.recordFile, engine, 'all');
    await new IndexSync(record, engine, 'all').catchUp();
    const logged = 500_000;
    // 500,000 change-log entries (as a long import leaves), then real final states to apply.
    logChanges(ids, logged);
    record.prepare("UPDATE businesses SET category = 'Bakery' WHERE name = 'Chez Paul'").run();
    record.prepare("DELETE FROM businesses WHERE name = 'Austin Dental'").run();
    expect(changeLogSize()).toBe(logged + 2);

    let ticks = 0;
    let isTicking = true;
    const tick = () => {
      ticks += 1;
      if (isTicking) setImmediate(tick);
    };
    setImmediate(tick);
    const batches: { entries: number; ticks: number }[] = [];
    const apply = engine.applyChanges.bind(engine);
    vi.spyOn(engine, 'applyChanges').mockImplementation((changes) => {
      batches.push({ entries: changes.seq - changes.fromSeq, ticks });
      return apply(changes);
    });
    try {
      await new IndexSync(record, engine, 'all').catchUp();
    } finally {
      isTicking = false;
    }

    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil((logged + 2) / CHANGE_BATCH));
    expect(Math.min(...batches.map((batch) => batch.entries))).toBeGreaterThanOrEqual(MIN_CHANGE_BATCH);
    expect(Math.max(...batches.map((batch) => batch.entries))).toBeLessThanOrEqual(CHANGE_BATCH);
    expect(batches.reduce((total, batch) => total + batch.entries, 0)).toBe(logged + 2);
    for (let i = 1; i < batches.length; i += 1) expect(batches[i]!.ticks).toBeGreaterThan(batches[i - 1]!.ticks);
    expect(changeLogSize()).toBe(0);
    await expectIndexEqualsRecord('all');
    // A generous limit for a busy shared machine: this test asserts the batching, never a duration.
  }, 300_000);
});

describe('stopping the sync while a long log is applied', () => {
  it('ends the pass after the batch under way, and a later pass applies the rest', async () => {
    const sync = await seededSync('all');
    await sync.catchUp();
    const ids = record.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];
    logChanges(ids, 5 * CHANGE_BATCH);
    record.prepare("UPDATE businesses SET category = 'Bakery' WHERE name = 'Chez Paul'").run();
    const last = changeLogHighWater(record);
    let batches = 0;
    const apply = engine.applyChanges.bind(engine);
    let stopping: Promise<void> | null = null;
    vi.spyOn(engine, 'applyChanges').mockImplementation(async (changes) => {
      batches += 1;
      // The server is asked to stop while the first batch is applied.
      if (batches === 1) stopping = sync.stop();
      return apply(changes);
    });
    await sync.catchUp();
    await stopping;
    expect(batches).toBe(1);
    expect(await engine.appliedSeq()).toBeLessThan(last);
    // Stopping is over: the next pass goes on from the index's position and applies the rest.
    await sync.catchUp();
    expect(await engine.appliedSeq()).toBe(last);
    await expectIndexEqualsRecord('all');
  });
});

describe('the size of the next batch of the server\'s sync', () => {
  it('scales the last batch to the time budget, growing at most twofold, within its bounds', () => {
    // A batch that took twice the budget halves; one that took a tenth of it doubles (not tenfolds).
    expect(nextBatchSize(200, SYNC_BATCH_BUDGET_MS * 2)).toBe(100);
    expect(nextBatchSize(100, SYNC_BATCH_BUDGET_MS / 10)).toBe(200);
    expect(nextBatchSize(400, SYNC_BATCH_BUDGET_MS / 10)).toBe(CHANGE_BATCH);
    expect(nextBatchSize(MIN_CHANGE_BATCH, SYNC_BATCH_BUDGET_MS * 50)).toBe(MIN_CHANGE_BATCH);
    expect(nextBatchSize(50, 0)).toBe(100);
  });
});

describe('while another process holds the record\'s write lock (an import)', () => {
  it('applies changes without waiting for the lock, and registers its position once the lock frees', async () => {
    const sync = await seededSync('approved');
    await sync.catchUp();
    // As the server does: its connection never sleeps on the lock.
    neverWaitForWriteLock(record);
    const registered = () =>
      record.prepare('SELECT applied_seq FROM index_consumers WHERE name = ?').pluck().get(engine.indexId) as number;
    const before = registered();
    insert({ name: 'Bäckerei Schmidt', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviews: 12, isApproved: true });
    const importer = new Database(temp.recordFile);
    try {
      importer.exec('BEGIN IMMEDIATE');
      expect(await sync.catchUp()).toBe(1);
      expect(await publicNames()).toContain('Bäckerei Schmidt');
      // The bookkeeping was skipped, not waited for: the log keeps the entry, the position stays.
      expect(registered()).toBe(before);
      expect(changeLogSize()).toBeGreaterThan(0);
      importer.exec('COMMIT');
    } finally {
      importer.close();
    }
    insert({ name: 'Konditorei Weber', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviews: 9, isApproved: true });
    await sync.catchUp();
    expect(registered()).toBe(changeLogHighWater(record));
    expect(changeLogSize()).toBe(0);
    await expectIndexEqualsRecord('approved');
  });
});

describe('a pass after the one under way', () => {
  it('runs anew when the pass it waited for failed, where joining would share that failure', async () => {
    const errors: unknown[] = [];
    const sync = await seededSync('all', { onError: (error) => errors.push(error) });
    await sync.catchUp();
    insert({ name: 'Back Again Bakery', category: 'Bakery', city: 'Lyon', countryCode: 'FR', reviews: 3, isApproved: true });
    const apply = engine.applyChanges.bind(engine);
    let failFirst: (error: Error) => void = () => undefined;
    let onCalled: () => void = () => undefined;
    const called = new Promise<void>((resolve) => (onCalled = resolve));
    const spy = vi.spyOn(engine, 'applyChanges').mockImplementationOnce(
      () =>
        new Promise<number>((_resolve, reject) => {
          failFirst = reject;
          onCalled();
        }),
    );
    spy.mockImplementation(apply);
    // A pass is under way (the engine hangs); then the engine comes back and a probe asks for a pass.
    const hung = sync.catchUp();
    const joined = sync.catchUp();
    const fresh = sync.catchUpAfterRunning();
    await called;
    failFirst(new Error('request timed out'));
    await expect(hung).rejects.toThrow('request timed out');
    await expect(joined).rejects.toThrow('request timed out');
    expect(await fresh).toBe(1);
    expect(await publicNames()).toContain('Back Again Bakery');
  });
});

describe('a change log too long to apply change by change', () => {
  /** A backlog rebuild the test ends itself: `finish(true)` after a real rebuild, `finish(false)` as a failed one. */
  function controlledRebuild() {
    const control = { calls: 0, pending: 0, finish: (_isPublished: boolean) => undefined as void };
    const rebuild = (pending: number) => {
      control.calls += 1;
      control.pending = pending;
      return new Promise<boolean>((resolve) => (control.finish = resolve));
    };
    return { control, rebuild };
  }

  it('asks for one full rebuild, applies nothing while it runs, then applies what came after it', async () => {
    const { control, rebuild } = controlledRebuild();
    const sync = await seededSync('all', { backlog: { threshold: 5, rebuild } });
    // At the threshold, the sync applies the changes itself.
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) insert({ name });
    expect(await sync.catchUp()).toBe(5);
    expect(control.calls).toBe(0);

    // Past it, the pass asks for a rebuild and leaves the log alone, and so do passes meanwhile.
    for (const name of ['Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven']) insert({ name });
    const before = await engine.appliedSeq();
    expect(await sync.catchUp()).toBe(0);
    insert({ name: 'Twelve' });
    expect(await sync.catchUp()).toBe(0);
    expect(control).toMatchObject({ calls: 1, pending: 6 });
    expect(await engine.appliedSeq()).toBe(before);
    expect(await publicNames()).not.toContain('Six');

    // The rebuild runs (elsewhere, as the server's child process does) and a row comes after its snapshot.
    await rebuildIndex(temp.recordFile, engine, 'all', { afterBulk: () => void insert({ name: 'During The Rebuild' }) });
    insert({ name: 'After The Rebuild' });
    control.finish(true);
    await sync.backlogRebuildEnded();
    expect(await sync.catchUp()).toBe(1);
    expect(await publicNames()).toEqual(expect.arrayContaining(['Six', 'Twelve', 'During The Rebuild', 'After The Rebuild']));
    expect(control.calls).toBe(1);
    await expectIndexEqualsRecord('all');
  });

  it('applies the backlog change by change when the rebuild failed, and asks again only for a later backlog', async () => {
    const { control, rebuild } = controlledRebuild();
    const sync = await seededSync('all', { backlog: { threshold: 3, rebuild } });
    await sync.catchUp();
    for (const name of ['One', 'Two', 'Three', 'Four']) insert({ name });
    expect(await sync.catchUp()).toBe(0);
    control.finish(false);
    await sync.backlogRebuildEnded();
    expect(await sync.catchUp()).toBe(4);
    expect(control.calls).toBe(1);
    await expectIndexEqualsRecord('all');

    // The log is short again: a new backlog gets a rebuild of its own.
    for (const name of ['Five', 'Six', 'Seven', 'Eight']) insert({ name });
    expect(await sync.catchUp()).toBe(0);
    expect(control.calls).toBe(2);
  });
});
