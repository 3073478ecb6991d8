/**
 * The import section of `npm run bench` (issue 12, point 1). For N rows (`--import-rows`,
 * default 200,000, independent of `--size`) it writes an Outscraper-style .xlsx and .csv once
 * (kept in BENCH_DIR/import-N, outside git), then measures, each in a process of its own:
 * the baselines (exceljs's streaming reader alone; papaparse alone), our end-to-end import of
 * each file into an empty record in a fresh data directory, and a re-import of the same file
 * (every row an update). An import is measured in a process that has already imported a 2-row
 * file (import-child.ts): its reading worker started and exceljs loaded, as in the server after
 * its first upload and as a baseline loads its reader before its clock; that first import's time
 * is reported apart. It does so in `--import-rounds` alternated rounds (baseline, import,
 * re-import; 3 by default) and reports each measurement's median round and the median of the
 * rounds' ratios: on a shared machine one run of each can be seconds apart for no reason of its
 * own. Returns the table's rows; the CLI prints them.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { writeSample } from '../samples/generate-sample.ts';
import { median } from './common.ts';
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
  /** Our rate over the baseline's (the median of the rounds' ratios), for the rows measured against one. */
  ratioToBaseline: number | null;
  /** Each round's ratio to that round's baseline, in the order they ran. */
  roundRatios: number[];
  /** An import's median first import of a 2-row file (its threads and modules starting), before the clock; null for a baseline. */
  warmUpSeconds: number | null;
  target: string;
}

export interface ImportSectionOptions {
  benchDir: string;
  rows: number;
  /** Alternated rounds of baseline, import and re-import (each reported by its median). */
  rounds: number;
  log: (line: string) => void;
}

const run = promisify(execFile);
const CHILD = join(PROJECT_ROOT, 'scripts', 'bench', 'import-child.ts');

async function measure(args: string[]): Promise<ChildMeasurement> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: PROJECT_ROOT, maxBuffer: 1024 ** 2 });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ChildMeasurement;
}

const rate = (result: ChildMeasurement) => result.rows / result.seconds;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The run of median time among the rounds' runs of one measurement. */
export function medianRun(runs: readonly ChildMeasurement[]): ChildMeasurement {
  const seconds = median(runs.map((run) => run.seconds));
  return runs.find((run) => run.seconds === seconds)!;
}

/**
 * A table row from the rounds' runs of a measurement: the figures of its median run, and against
 * the baseline the median of the rounds' ratios (each run over its own round's baseline).
 */
const row = (name: string, runs: readonly ChildMeasurement[], target: string, baselines: readonly ChildMeasurement[] | null = null): ImportBenchRow => {
  const result = medianRun(runs);
  const rowsPerSecond = Math.round(rate(result));
  const roundRatios = baselines ? runs.map((run, index) => round2(rate(run) / rate(baselines[index]!))) : [];
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
    ratioToBaseline: baselines ? median(roundRatios) : null,
    roundRatios,
    warmUpSeconds: runs.every((run) => run.warmUpSeconds !== undefined) ? round2(median(runs.map((run) => run.warmUpSeconds!))) : null,
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
    const recordFile = join(dataDir, 'directory.sqlite');
    const runs = { baseline: [] as ChildMeasurement[], imported: [] as ChildMeasurement[], again: [] as ChildMeasurement[] };
    for (let round = 1; round <= options.rounds; round += 1) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      runs.baseline.push(await measure([format === 'xlsx' ? 'read-xlsx' : 'read-csv', files[format]]));
      runs.imported.push(await measure(['import', files[format], recordFile]));
      runs.again.push(await measure(['import', files[format], recordFile]));
    }
    rmSync(dataDir, { recursive: true, force: true });
    results.push(row(format === 'xlsx' ? 'xlsx: exceljs streaming reader alone (baseline)' : 'csv: papaparse alone (baseline)', runs.baseline, ''));
    results.push(row(`${format}: import into an empty record`, runs.imported, format === 'xlsx' ? '≥ 0.85 × baseline, < 600 MB' : '≥ 50,000 rows/s, < 600 MB', runs.baseline));
    const updates = medianRun(runs.again).updated ?? 0;
    results.push(row(`${format}: re-import of the same file (${updates} updates)`, runs.again, '', runs.baseline));
  }
  return results;
}

export function printImportRows(rows: readonly ImportBenchRow[], log: (line: string) => void): void {
  const rounds = Math.max(1, ...rows.map((r) => r.roundRatios.length));
  log(`Each figure from the median of ${rounds} alternated round(s) of baseline, import and re-import; "vs baseline" is the median of the rounds' ratios.`);
  log('| import | rows | rows/s | s | rows per CPU-s | peak RSS | vs baseline | target |');
  log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.ratioToBaseline === null ? '' : `${r.ratioToBaseline.toFixed(2)}×`;
    log(`| ${r.name} | ${r.rows.toLocaleString('en-US')} | ${r.rowsPerSecond.toLocaleString('en-US')} | ${r.seconds} | ${r.rowsPerCpuSecond.toLocaleString('en-US')} | ${r.peakRssMb} MB | ${ratio} | ${r.target} |`);
  }
  for (const r of rows) {
    if (r.roundRatios.length > 1) log(`- ${r.name}: ${r.roundRatios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')} in its rounds`);
  }
  for (const r of rows) {
    if (r.warmUpSeconds !== null) log(`- ${r.name}: measured after the process's first import (2 rows, ${r.warmUpSeconds} s: its reading worker and modules starting, paid once)`);
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
