/**
 * One measurement of the import benchmark, in a process of its own so that its peak RSS is its
 * own: `tsx scripts/bench/import-child.ts read-xlsx|read-csv|import FILE [RECORD_FILE]`.
 * Prints one JSON line: rows, seconds, cpuSeconds, threadCpuSeconds, maxRssBytes (and the import's counts for `import`).
 * - read-xlsx: exceljs's streaming WorkbookReader reading every row, nothing else (the baseline).
 * - read-csv: papaparse reading every record, nothing else (the CSV baseline).
 * - import: `importFile` into RECORD_FILE (created and migrated when missing), as `npm run import` does,
 *   after a first import of a 2-row file of the same kind into a record of its own, before the clock:
 *   like the server's import worker after its first upload, the process has then started its
 *   reading worker (kept for the next file) and loaded the reader's modules (exceljs), as a baseline
 *   loads its reader before its clock. That first import's seconds are reported as `warmUpSeconds`.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type Papa from 'papaparse';
import type ExcelJS from 'exceljs';
import { DEFAULT_BATCH_SIZE } from '../../backend/src/shared/import-types.ts';
import { threadCpuMs } from './proc-stat.ts';

export interface ChildMeasurement {
  rows: number;
  seconds: number;
  /** CPU time of the process (all its threads) during the measured run: on a shared machine, less noisy than the wall clock. */
  cpuSeconds: number;
  /**
   * CPU time of the measured run by thread: the main thread (an import's writer), the busiest other
   * (an import's reading worker), the rest together (V8's GC helpers, libuv's pool inflating an
   * .xlsx, the loader), of the threads alive at the end. Null without Linux's /proc.
   */
  threadCpuSeconds: { main: number; busiestOther: number; rest: number } | null;
  maxRssBytes: number;
  /** An import's first import of a 2-row file, before the clock: the threads' and modules' start a process pays once. */
  warmUpSeconds?: number;
  inserted?: number;
  updated?: number;
  errors?: number;
  skipped?: number;
}

async function readXlsx(Excel: typeof ExcelJS, file: string): Promise<number> {
  let rows = 0;
  const reader = new Excel.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) if (row.values) rows += 1;
    break;
  }
  return rows - 1;
}

async function readCsv(papa: typeof Papa, file: string): Promise<number> {
  let rows = 0;
  await new Promise<void>((resolve, reject) => {
    papa.parse(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }), {
      chunk: (results: Papa.ParseResult<string[]>) => {
        for (const record of results.data) if (record.length > 1 || record[0] !== '') rows += 1;
      },
      complete: () => resolve(),
      error: reject,
    });
  });
  return rows - 1;
}

const [mode, file, recordFile] = process.argv.slice(2);
if (!file || (mode !== 'read-xlsx' && mode !== 'read-csv' && mode !== 'import') || (mode === 'import' && !recordFile)) {
  process.stderr.write('Usage: tsx scripts/bench/import-child.ts read-xlsx|read-csv|import FILE [RECORD_FILE]\n');
  process.exit(2);
}
// Each mode loads only what it measures, before the clock starts: the CPU time reported is the
// whole process's, and loading exceljs costs ~0.5 s of CPU that an import of a CSV does not pay.
const excel = mode === 'read-xlsx' ? (await import('exceljs')).default : null;
const csv = mode === 'read-csv' ? (await import('papaparse')).default : null;
const importer = mode === 'import'
  ? { openRecord: (await import('@directory/data/record.ts')).openRecord, importFile: (await import('../../backend/src/services/import-runner.ts')).importFile }
  : null;
let warmUpSeconds: number | undefined;
if (importer) {
  const { writeSample } = await import('../samples/generate-sample.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bench-warm-up-'));
  try {
    const format = extname(file) === '.csv' ? 'csv' : 'xlsx';
    const sample = join(dir, `warm-up.${format}`);
    await writeSample({ rows: 2, tool: 'outscraper', format, out: sample });
    const warmUpStarted = performance.now();
    const record = importer.openRecord(join(dir, 'directory.sqlite'));
    // In the reading worker, as the measured file is (a file this small is otherwise read in this thread).
    const warmUp = await importer.importFile({ record, file: sample, fileName: sample, batchSize: DEFAULT_BATCH_SIZE, isDryRun: false, readInWorker: true });
    record.close();
    // A failed first import would leave the measured one to start the reading worker: it would be measured cold.
    if (!warmUp.success) throw new Error(`The first import (2 rows) failed: ${warmUp.message}`);
    warmUpSeconds = (performance.now() - warmUpStarted) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const threadsBefore = threadCpuMs();
const cpuBefore = process.cpuUsage();
const started = performance.now();
let measurement: Omit<ChildMeasurement, 'seconds' | 'cpuSeconds' | 'threadCpuSeconds' | 'maxRssBytes'>;
if (importer) {
  const { openRecord, importFile } = importer;
  const record = openRecord(recordFile!);
  const result = await importFile({ record, file, fileName: file, batchSize: DEFAULT_BATCH_SIZE, isDryRun: false });
  record.close();
  if (!result.success) throw new Error(`The import failed: ${result.message}`);
  measurement = { rows: result.totalRows, inserted: result.inserted, updated: result.updated, errors: result.errorCount, skipped: result.skippedCount };
} else {
  measurement = { rows: excel ? await readXlsx(excel, file) : await readCsv(csv!, file) };
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
process.stdout.write(`${JSON.stringify({ ...measurement, seconds, cpuSeconds, threadCpuSeconds: threadCpuSince(threadsBefore), maxRssBytes: peakResidentBytes(), warmUpSeconds } satisfies ChildMeasurement)}\n`);

/** CPU time by thread since `before`: the main thread's, the busiest other's, the rest's together. */
function threadCpuSince(before: Map<number, number> | null): ChildMeasurement['threadCpuSeconds'] {
  const after = threadCpuMs();
  if (before === null || after === null) return null;
  const others: number[] = [];
  for (const [thread, cpuMs] of after) if (thread !== process.pid) others.push(cpuMs - (before.get(thread) ?? 0));
  others.sort((a, b) => b - a);
  const [busiestOther = 0, ...rest] = others;
  return {
    main: (after.get(process.pid)! - before.get(process.pid)!) / 1000,
    busiestOther: busiestOther / 1000,
    rest: rest.reduce((total, cpuMs) => total + cpuMs, 0) / 1000,
  };
}

/**
 * This process's peak resident memory, worker threads included: Linux's VmHWM, which starts
 * afresh at exec. (getrusage's maxRSS, which resourceUsage() reads, keeps the parent's resident
 * size at the fork: every child of a large bench process reported the parent's peak.)
 */
function peakResidentBytes(): number {
  const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return peak ? Number(peak[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}
