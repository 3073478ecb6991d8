/**
 * The import section of `npm run bench` (issue 12, point 1). For N rows (`--import-rows`,
 * default 200,000, independent of `--size`) it writes an Outscraper-style .xlsx and .csv once
 * (kept in BENCH_DIR/import-N, outside git), then measures, each in a process of its own:
 * the baselines (exceljs's streaming reader alone; papaparse alone), our end-to-end import of
 * each file into an empty record in a fresh data directory, and a re-import of the same file
 * (every row an update). Returns the table's rows; the CLI prints them.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { writeSample } from '../samples/generate-sample.ts';
import type { ChildMeasurement } from './import-child.ts';

export interface ImportBenchRow {
  name: string;
  rows: number;
  rowsPerSecond: number;
  seconds: number;
  /** Rows per second of the process's CPU time (all threads). */
  rowsPerCpuSecond: number;
  peakRssMb: number;
  /** CPU time per row (µs) of the main thread (an import's writer), the busiest other (an import's reading worker) and the rest; null without /proc. */
  cpuMicrosPerRow: { main: number; busiestOther: number; rest: number } | null;
  /** Our rate over the baseline's, for the rows measured against one. */
  ratioToBaseline: number | null;
  target: string;
}

export interface ImportSectionOptions {
  benchDir: string;
  rows: number;
  log: (line: string) => void;
}

const run = promisify(execFile);
const CHILD = join(PROJECT_ROOT, 'scripts', 'bench', 'import-child.ts');

async function measure(args: string[]): Promise<ChildMeasurement> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: PROJECT_ROOT, maxBuffer: 1024 ** 2 });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ChildMeasurement;
}

const row = (name: string, result: ChildMeasurement, target: string, baseline: ChildMeasurement | null = null): ImportBenchRow => {
  const rowsPerSecond = Math.round(result.rows / result.seconds);
  return {
    name,
    rows: result.rows,
    rowsPerSecond,
    seconds: Math.round(result.seconds * 10) / 10,
    rowsPerCpuSecond: Math.round(result.rows / result.cpuSeconds),
    peakRssMb: Math.round(result.maxRssBytes / 1024 ** 2),
    cpuMicrosPerRow: result.threadCpuSeconds && {
      main: Math.round((result.threadCpuSeconds.main / result.rows) * 1e6),
      busiestOther: Math.round((result.threadCpuSeconds.busiestOther / result.rows) * 1e6),
      rest: Math.round((result.threadCpuSeconds.rest / result.rows) * 1e6),
    },
    ratioToBaseline: baseline ? Math.round((rowsPerSecond / (baseline.rows / baseline.seconds)) * 100) / 100 : null,
    target,
  };
};

/** The sample files of N rows, written on first use. */
export async function importSampleFiles(benchDir: string, rows: number): Promise<{ xlsx: string; csv: string }> {
  const dir = join(benchDir, `import-${rows}`);
  mkdirSync(dir, { recursive: true });
  const files = { xlsx: join(dir, 'outscraper.xlsx'), csv: join(dir, 'outscraper.csv') };
  for (const format of ['xlsx', 'csv'] as const) {
    if (!existsSync(files[format])) await writeSample({ rows, tool: 'outscraper', format, out: files[format] });
  }
  return files;
}

export async function runImportSection(options: ImportSectionOptions): Promise<ImportBenchRow[]> {
  const { log } = options;
  log(`Import: ${options.rows.toLocaleString('en-US')} rows (files in ${join(options.benchDir, `import-${options.rows}`)})…`);
  const files = await importSampleFiles(options.benchDir, options.rows);
  const results: ImportBenchRow[] = [];
  for (const format of ['xlsx', 'csv'] as const) {
    const dataDir = join(options.benchDir, `import-${options.rows}`, `data-${format}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const recordFile = join(dataDir, 'directory.sqlite');
    const baseline = await measure([format === 'xlsx' ? 'read-xlsx' : 'read-csv', files[format]]);
    results.push(row(format === 'xlsx' ? 'xlsx: exceljs streaming reader alone (baseline)' : 'csv: papaparse alone (baseline)', baseline, ''));
    const imported = await measure(['import', files[format], recordFile]);
    results.push(row(`${format}: import into an empty record`, imported, format === 'xlsx' ? '≥ 0.85 × baseline, < 600 MB' : '≥ 50,000 rows/s, < 600 MB', baseline));
    const again = await measure(['import', files[format], recordFile]);
    results.push(row(`${format}: re-import of the same file (${again.updated ?? 0} updates)`, again, '', baseline));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export function printImportRows(rows: readonly ImportBenchRow[], log: (line: string) => void): void {
  log('| import | rows | rows/s | s | rows per CPU-s | peak RSS | vs baseline | target |');
  log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.ratioToBaseline === null ? '' : `${r.ratioToBaseline.toFixed(2)}×`;
    log(`| ${r.name} | ${r.rows.toLocaleString('en-US')} | ${r.rowsPerSecond.toLocaleString('en-US')} | ${r.seconds} | ${r.rowsPerCpuSecond.toLocaleString('en-US')} | ${r.peakRssMb} MB | ${ratio} | ${r.target} |`);
  }
  // Which thread caps a rate: an import runs as fast as its busier thread (on a quiet machine
  // with a core for each), a baseline as its main thread.
  if (rows.every((r) => r.cpuMicrosPerRow === null)) return;
  log('');
  log(`| CPU per row (µs) | main thread (an import's writer, a baseline's reader) | busiest other thread (an import's reading worker) | other threads (GC, zlib, loader) |`);
  log('|---|---|---|---|');
  for (const r of rows) {
    if (r.cpuMicrosPerRow) log(`| ${r.name} | ${r.cpuMicrosPerRow.main} | ${r.cpuMicrosPerRow.busiestOther} | ${r.cpuMicrosPerRow.rest} |`);
  }
}
