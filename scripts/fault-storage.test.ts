/**
 * A data folder the server cannot write, and a disk that fills during writes: one clear line and
 * exit 1 at start (no stack trace), a clear error for the write, and a record that passes
 * `PRAGMA integrity_check` with every row committed before.
 *
 * The folder is made read-only with permissions; root ignores those, so under root the processes
 * run as `nobody`. A full disk is SQLite's own `max_page_count`, which fails writes with
 * SQLITE_FULL exactly as a full disk does.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '../data/src/record.ts';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { importFile } from '../backend/src/services/import-runner.ts';
import { CONTACT_MESSAGES_RULE, SEARCH_BURST_RULE } from '../backend/src/services/rate-limits.ts';
import { startTestApp } from '../backend/src/testing/test-app.ts';
import { buildBusiness } from '../data/src/testing/build-business.ts';
import { writeSample } from './samples/generate-sample.ts';
import { dataDirEnv, prepareDataDir, tsxArgs } from './testing/fault-harness.ts';

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Sets `mode` on a folder and everything in it (folders keep their search bit). */
function chmodTree(path: string, fileMode: number, dirMode: number): void {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) chmodTree(join(path, entry), fileMode, dirMode);
    chmodSync(path, dirMode);
  } else {
    chmodSync(path, fileMode);
  }
}

function snapshot(record: RecordDatabase): { integrity: string; rows: string[] } {
  return {
    integrity: record.pragma('integrity_check', { simple: true }) as string,
    rows: record.prepare(`SELECT id || ' ' || slug || ' ' || name FROM businesses ORDER BY id`).pluck().all() as string[],
  };
}

describe('a data folder the server cannot write', () => {
  let dir: string;
  let csv: string;
  let before: { integrity: string; rows: string[] };
  beforeAll(async () => {
    dir = await prepareDataDir('fault-readonly', 50);
    csv = join(dir, 'places.csv');
    await writeSample({ rows: 20, tool: 'outscraper', format: 'csv', out: csv });
    const record = openRecord(join(dir, 'directory.sqlite'));
    // Checkpointed and closed: the folder holds the whole record in its main file.
    record.pragma('wal_checkpoint(TRUNCATE)');
    before = snapshot(record);
    record.close();
    chmodTree(dir, 0o444, 0o555);
  }, 60_000);
  afterAll(() => {
    chmodTree(dir, 0o644, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (entry: string, ...args: string[]) =>
    spawnSync(process.execPath, tsxArgs(entry, ...args), {
      cwd: PROJECT_ROOT,
      env: dataDirEnv(dir, { PORT: '0', HOST: '127.0.0.1', DEMO_SIZE: '0', ADMIN_PASSWORD: 'read-only folder test', ...(isRoot ? { HOME: '/tmp' } : {}) }),
      encoding: 'utf8',
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });

  it('npm start: one line naming the folder, exit 1, no stack trace', () => {
    const start = run('scripts/start.ts');
    expect(start.status).toBe(1);
    const lines = start.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot write to the data folder ${dir} \\(SQLITE_[A-Z_]+\\): the record lives there\\. Make it writable`));
    expect(start.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('npm run import: the same line and exit 1; the record is whole and unchanged', () => {
    const run1 = run('scripts/import.ts', csv);
    expect(run1.status).toBe(1);
    expect(run1.stderr.trim()).toMatch(new RegExp(`^Cannot write to the data folder ${dir} \\(SQLITE_[A-Z_]+\\)[^\\n]*$`));
    chmodTree(dir, 0o644, 0o755);
    const record = openRecord(join(dir, 'directory.sqlite'));
    try {
      expect(snapshot(record)).toEqual(before);
    } finally {
      record.close();
    }
  }, 60_000);
});

describe('the disk fills up during writes', () => {
  it('an import stops with a clear report; every row committed before is there and the record is whole', async () => {
    const dir = await prepareDataDir('fault-full', 200);
    try {
      const csv = join(dir, 'places.csv');
      const summary = await writeSample({ rows: 3000, tool: 'outscraper', format: 'csv', out: csv });
      const record = openRecord(join(dir, 'directory.sqlite'));
      try {
        const before = snapshot(record);
        // Room for a few batches of the file, not all of it.
        const pages = record.pragma('page_count', { simple: true }) as number;
        record.pragma(`max_page_count = ${pages + 60}`);
        const result = await importFile({ record, file: csv, fileName: 'places.csv', batchSize: 100, isDryRun: false });

        expect(result.success).toBe(false);
        expect(result.message).toMatch(/^The disk holding the record is full: the import stopped after \d+ rows; the \d+ written before stay in the record\. Free disk space, then import the file again/);
        expect(result.failure).toEqual({ code: 'disk_full', params: { rows: result.totalRows, written: result.inserted + result.updated } });
        expect(result.inserted).toBeGreaterThan(0);
        expect(result.inserted).toBeLessThan(summary.distinctPlaces);
        const report = record.prepare('SELECT status, message, inserted FROM upload_reports WHERE id = ?').get(result.reportId) as
          | { status: string; message: string; inserted: number }
          | undefined;
        expect(report).toEqual({ status: 'failed', message: result.message, inserted: result.inserted });

        const after = snapshot(record);
        expect(after.integrity).toBe('ok');
        expect(after.rows.slice(0, before.rows.length)).toEqual(before.rows);
        // Exactly the committed batches: the report's count and the record agree.
        expect(after.rows.length).toBe(before.rows.length + result.inserted);

        // With space again, importing the same file completes it, without duplicates.
        record.pragma('max_page_count = 1073741823');
        const rerun = await importFile({ record, file: csv, fileName: 'places.csv', batchSize: 500, isDryRun: false });
        expect(rerun.success).toBe(true);
        expect(record.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(before.rows.length + summary.distinctPlaces);
      } finally {
        record.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a write through the API answers 507 with a clear message; nothing half-saved, the record is whole', async () => {
    // Many messages from one address until the disk is full: the contact rate limit must not answer first.
    const app = await startTestApp([buildBusiness({ name: 'Kept Bakery' })], {
      rateLimits: { contact: { ...CONTACT_MESSAGES_RULE, points: 1000 }, search: { ...SEARCH_BURST_RULE, points: 0 } },
    });
    try {
      const record = app.deps.record;
      record.pragma(`max_page_count = ${record.pragma('page_count', { simple: true }) as number}`);
      const message = { name: 'Ada', email: 'ada@example.com', subject: 'A long question', message: 'x'.repeat(9000) };
      let saved = 0;
      let refused: Response | null = null;
      // Each message takes about two new pages: the record runs out within a few.
      for (let attempt = 0; attempt < 100 && refused === null; attempt += 1) {
        const response = await app.post('/api/contact', message);
        if (response.status === 201) saved += 1;
        else refused = response;
      }
      expect(refused?.status).toBe(507);
      expect(await refused!.json()).toEqual({
        error: { id: 'storage_full', message: 'The server cannot save anything right now: its disk is full. Nothing was saved; please try again later.' },
      });
      expect(record.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(saved);
      expect(record.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(record.prepare('SELECT name FROM businesses').pluck().all()).toEqual(['Kept Bakery']);
      // Reads keep working.
      expect((await app.get('/api/businesses?page=1')).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});
