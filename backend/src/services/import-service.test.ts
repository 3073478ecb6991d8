import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from '@directory/indexer/background-priority.ts';
import { changeLogHighWater } from '@directory/indexer/change-log.ts';
import { niceOf, nicesOf } from '@directory/indexer/testing/thread-nice.ts';
import { verifyIndex } from '@directory/indexer/verify.ts';
import { writeSample, type SampleSummary } from '../../../scripts/samples/generate-sample.ts';
import { loadBackendConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let dir: string;
let app: TestApp;
let large: { file: string; summary: SampleSummary };
let small: { file: string; summary: SampleSummary };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-service-'));
  // The threshold comes from the server's configuration, as IMPORT_REBUILD_THRESHOLD sets it.
  const config = loadBackendConfig({ IMPORT_REBUILD_THRESHOLD: '300' });
  expect(config.rebuildThreshold).toBe(300);
  app = await startTestApp([], { importRebuildThreshold: config.rebuildThreshold });
  large = { file: join(dir, 'large.csv'), summary: await writeSample({ rows: 500, tool: 'outscraper', format: 'csv', out: join(dir, 'large.csv') }) };
  small = { file: join(dir, 'small.csv'), summary: await writeSample({ rows: 40, tool: 'apify', format: 'csv', out: join(dir, 'small.csv') }) };
});
afterAll(async () => {
  await app.deps.imports.settled();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits for the imports before and the index's catch-up; when the last rebuild started (to tell a new one from it). */
async function indexCaughtUp(): Promise<string | null> {
  await app.deps.imports.settled();
  await app.deps.sync.catchUp();
  return app.deps.admin.reindex.current().startedAt;
}

/** Appends `word` to the names of `count` businesses (first or last by id) in one transaction, as a script would; how many it renamed. */
function renameOutsideImports(count: number, word: string, order: 'ASC' | 'DESC'): number {
  const ids = app.deps.record.prepare(`SELECT id FROM businesses ORDER BY id ${order} LIMIT ?`).pluck().all(count) as number[];
  const rename = app.deps.record.prepare('UPDATE businesses SET name = name || ? WHERE id = ?');
  app.deps.record.transaction(() => ids.forEach((id) => rename.run(` ${word}`, id)))();
  return ids.length;
}

const importOne = (file: string) =>
  app.deps.imports.importFile({ file, fileName: file.split('/').pop()!, batchSize: 100, isDryRun: false, fileIndex: 1, totalFiles: 1 });

describe('ImportService', () => {
  it('above IMPORT_REBUILD_THRESHOLD rows, rebuilds the index in the admin area\'s child process, leaving the index equal to the record', async () => {
    const result = await importOne(large.file);
    expect(result.successCount).toBeGreaterThan(300);
    expect(result.indexUpdate).toBe('rebuild');
    // The rebuild was started as the import answered: the child process is running, the dashboard says so.
    expect(app.deps.admin.reindex.isRunning()).toBe(true);
    expect(app.deps.imports.indexCatchUp()).toMatchObject({ state: 'rebuilding', rows: result.changedCount });
    // Meanwhile the server's sync leaves the import's last rows to the rebuild (they were written
    // after the import passed the threshold), instead of applying them one batch at a time.
    expect(await app.deps.sync.catchUp()).toBe(0);
    expect(await app.deps.engine.appliedSeq()).toBeLessThan(changeLogHighWater(app.deps.record));
    await app.deps.imports.settled();
    const rebuild = app.deps.admin.reindex.current();
    expect(rebuild).toMatchObject({ state: 'succeeded', documents: large.summary.distinctPlaces, error: null });
    expect(app.deps.imports.indexCatchUp()).toEqual({ state: 'idle' });
    const verify = await verifyIndex(app.deps.record.name, app.deps.engine, 'all');
    expect(verify).toMatchObject({ businesses: large.summary.distinctPlaces, differenceCount: 0 });
  }, 240_000);

  it('does not rebuild for a re-import of the same large file: its rows change nothing', async () => {
    const rebuildBefore = await indexCaughtUp();
    const seqBefore = changeLogHighWater(app.deps.record);
    const result = await importOne(large.file);
    expect(result).toMatchObject({ success: true, inserted: 0, changedCount: 0, indexUpdate: 'none' });
    expect(result.updated).toBeGreaterThan(300);
    expect(app.deps.admin.reindex.current().startedAt).toBe(rebuildBefore);
    expect(app.deps.imports.indexCatchUp()).toEqual({ state: 'idle' });
    expect(changeLogHighWater(app.deps.record)).toBe(seqBefore);
  }, 120_000);

  it('at or below the threshold, catches up through the change log, in the same import worker as the upload before', async () => {
    const before = app.deps.imports.workerStats();
    const rebuildsBefore = app.deps.admin.reindex.current().startedAt;
    const result = await importOne(small.file);
    expect(result.successCount).toBeLessThanOrEqual(300);
    expect(result.indexUpdate).toBe('change-log');
    expect(app.deps.admin.reindex.current().startedAt).toBe(rebuildsBefore);
    // One worker started for both uploads: the second paid no start (tsx compiling the importer inside a new worker).
    const after = app.deps.imports.workerStats();
    expect(before.starts).toBe(1);
    expect(after.starts).toBe(1);
    expect(after.last!.threadId).toBe(before.last!.threadId);
  }, 120_000);

  it('rebuilds the index the same way when more than IMPORT_REBUILD_THRESHOLD changes wait in the log from outside an import', async () => {
    const rebuildsBefore = await indexCaughtUp();
    // A script renames 301 businesses in one transaction, as `sqlite3` or a maintenance job would.
    expect(renameOutsideImports(301, 'Backlogged', 'ASC')).toBe(301);
    // The pass applies none of them and starts the child-process rebuild instead.
    expect(await app.deps.sync.catchUp()).toBe(0);
    expect(app.deps.admin.reindex.isRunning()).toBe(true);
    await app.deps.sync.backlogRebuildEnded();
    expect(app.deps.admin.reindex.current()).toMatchObject({ state: 'succeeded', error: null });
    expect(app.deps.admin.reindex.current().startedAt).not.toBe(rebuildsBefore);
    await app.deps.sync.catchUp();
    expect(await app.deps.engine.appliedSeq()).toBe(changeLogHighWater(app.deps.record));
    const found = await app.deps.engine.search({ query: 'backlogged', page: 1, perPage: 1 });
    expect(found.total).toBe(301);
    const verify = await verifyIndex(app.deps.record.name, app.deps.engine, 'all');
    expect(verify.differenceCount).toBe(0);
  }, 240_000);

  it('reports a small file caught up only once a backlog rebuild its rows started has ended', async () => {
    const rebuildsBefore = await indexCaughtUp();
    // 280 changes wait (a script's), then a 40-row file: together past the threshold of 300.
    expect(renameOutsideImports(280, 'Waiting', 'DESC')).toBe(280);
    const result = await importOne(small.file);
    expect(result.successCount).toBeLessThanOrEqual(300);
    expect(result.indexUpdate).toBe('change-log');
    expect(app.deps.imports.indexCatchUp()).toMatchObject({ state: 'change-log' });
    await app.deps.imports.settled();
    expect(app.deps.imports.indexCatchUp()).toEqual({ state: 'idle' });
    expect(app.deps.admin.reindex.current()).toMatchObject({ state: 'succeeded' });
    expect(app.deps.admin.reindex.current().startedAt).not.toBe(rebuildsBefore);
    expect(await app.deps.engine.appliedSeq()).toBe(changeLogHighWater(app.deps.record));
    expect((await app.deps.engine.search({ query: 'waiting', page: 1, perPage: 1 })).total).toBe(280);
  }, 240_000);

  it.runIf(process.platform === 'linux')('runs the import worker (and its reading worker) at background priority, the server\'s thread as it was', () => {
    // They stay between uploads (a CSV is read in the import worker itself); no other thread of this process is lowered.
    const { last } = app.deps.imports.workerStats();
    expect(nicesOf('self').filter((nice) => nice >= BACKGROUND_NICE).length).toBe(1 + last!.readerWorkerStarts);
    expect(niceOf('self', 'thread-self')).toBeLessThan(BACKGROUND_NICE);
  });
});
