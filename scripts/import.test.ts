import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord } from '../data/src/record.ts';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { writeSample, type SampleSummary } from './samples/generate-sample.ts';

let dir: string;
let file: string;
let summary: SampleSummary;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
  file = join(dir, 'places.csv');
  summary = await writeSample({ rows: 3000, tool: 'outscraper', format: 'csv', out: file });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The child gets this test's environment plus its own data directory.
const childEnv = () => ({ ...process.env, DATA_DIR: dir });
const cli = (...args: string[]) => ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'import.ts'), ...args];

interface ReportRow {
  id: number;
  status: string;
  total_rows: number;
  inserted: number;
  updated: number;
  message: string | null;
}

describe('npm run import', () => {
  it('leaves committed batches and an interrupted report when killed mid-file; re-running completes it without duplicates', async () => {
    const child = spawn(process.execPath, cli(file, '--batch-size', '100'), { cwd: PROJECT_ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // The child prints a line after each committed batch; the fifth one is where it is killed.
    for await (const line of createInterface({ input: child.stdout })) {
      if (line.startsWith('committed batch 5 ')) {
        child.kill('SIGKILL');
        break;
      }
    }
    expect(await exited).toBe('SIGKILL');

    const record = openRecord(join(dir, 'directory.sqlite'));
    try {
      const killed = record.prepare('SELECT * FROM upload_reports').get() as ReportRow;
      const written = record.prepare('SELECT count(*) FROM businesses').pluck().get() as number;
      expect(killed.status).toBe('running');
      // The report's counters were committed with each batch: they say exactly what is in the record.
      expect(killed.inserted).toBe(written);
      expect(killed.inserted + killed.updated).toBeGreaterThanOrEqual(500);
      expect(written).toBeLessThan(summary.distinctPlaces);
      // The import into an empty record had deferred its secondary indexes; the SQL to build them is committed.
      expect((record.prepare('SELECT count(*) FROM deferred_indexes').pluck().get() as number)).toBeGreaterThan(0);
      expect(record.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'businesses_popularity'").pluck().get()).toBe(0);
    } finally {
      record.close();
    }

    const rerun = spawnSync(process.execPath, cli(file, '--batch-size', '500'), { cwd: PROJECT_ROOT, env: childEnv(), encoding: 'utf8' });
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toContain('Marked 1 import report(s) left running by a stopped process as interrupted.');
    expect(rerun.stdout).toContain(`rows ${summary.rows} = ${summary.rows - summary.errorRows - summary.skippedRows} imported + ${summary.errorRows} errors + ${summary.skippedRows} skipped`);

    const after = openRecord(join(dir, 'directory.sqlite'));
    try {
      const [first, second] = after.prepare('SELECT * FROM upload_reports ORDER BY id').all() as ReportRow[];
      expect(first).toMatchObject({ status: 'interrupted', message: expect.stringContaining('Import the file again to complete it') });
      expect(second).toMatchObject({ status: 'completed', total_rows: summary.rows });
      expect(second!.inserted).toBe(summary.distinctPlaces - first!.inserted);
      expect(after.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(summary.distinctPlaces);
      expect(after.prepare('SELECT count(*) FROM (SELECT place_id FROM businesses GROUP BY place_id HAVING count(*) > 1)').pluck().get()).toBe(0);
      // The re-run rebuilt the indexes the killed run had deferred.
      expect(after.prepare('SELECT count(*) FROM deferred_indexes').pluck().get()).toBe(0);
      expect(after.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'businesses_popularity'").pluck().get()).toBe(1);
      expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      after.close();
    }
  }, 120_000);

  it('registers the rebuild that will end it as soon as it passes the threshold, so a server leaves the rows to it; none is left after', async () => {
    const bigDir = mkdtempSync(join(tmpdir(), 'import-cli-big-'));
    try {
      const env = { ...process.env, DATA_DIR: bigDir, IMPORT_REBUILD_THRESHOLD: '250' };
      const child = spawn(process.execPath, cli(file, '--batch-size', '100'), { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const importRebuilds = () => {
        const record = openRecord(join(bigDir, 'directory.sqlite'));
        try {
          // The table appears with the first registration (change-log.ts creates it).
          const exists = record.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'index_consumers'").pluck().get() === 1;
          return exists ? (record.prepare("SELECT name FROM index_consumers WHERE name LIKE 'rebuild:import:%'").pluck().all() as string[]) : [];
        } finally {
          record.close();
        }
      };
      // The third batch passes 250 rows; the line of the fourth says the third's callback has run. (A
      // check after the second batch would race: the command may be further on than the lines read.)
      expect(importRebuilds()).toEqual([]);
      for await (const line of createInterface({ input: child.stdout })) {
        if (line.startsWith('committed batch 4 ')) {
          child.kill('SIGSTOP');
          const names = importRebuilds();
          expect(names).toHaveLength(1);
          expect(names[0]).toContain(`:${child.pid}:`);
          child.kill('SIGCONT');
        }
      }
      expect(await exited).toBe(0);
      expect(importRebuilds()).toEqual([]);
    } finally {
      rmSync(bigDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('does a dry run: the report, and nothing written', () => {
    const dryDir = mkdtempSync(join(tmpdir(), 'import-cli-dry-'));
    try {
      const run = spawnSync(process.execPath, cli(file, '--dry-run'), { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dryDir }, encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`rows would be imported`);
      expect(run.stdout).toContain('(dry run: nothing written)');
      const record = openRecord(join(dryDir, 'directory.sqlite'));
      expect(record.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(0);
      record.close();
    } finally {
      rmSync(dryDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("names a workbook's errors by their sheet and their own row there", async () => {
    const sheetsDir = mkdtempSync(join(tmpdir(), 'import-cli-sheets-'));
    try {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Sayfa1').addRows([['name', 'rating'], ['A', '4'], ['B', '9']]);
      workbook.addWorksheet('Sayfa2').addRows([['name', 'rating'], ['C', '7']]);
      const book = join(sheetsDir, 'two-sheets.xlsx');
      await workbook.xlsx.writeFile(book);
      const run = spawnSync(process.execPath, cli(book, '--dry-run'), { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: sheetsDir }, encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('  sheet "Sayfa1" row 3 rating: 9 is outside 0–5\n  sheet "Sayfa2" row 2 rating: 7 is outside 0–5\n');
    } finally {
      rmSync(sheetsDir, { recursive: true, force: true });
    }
  }, 60_000);
});
