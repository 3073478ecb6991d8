/**
 * The serving section of `npm run bench` (`--serve`): the server started as `npm start` starts
 * it on the data set, a Koa hello-world baseline before and after, every API, search and page
 * row with many different requests drawn from the record; then, on a scratch copy of the data
 * set, the page + search mix idle and while `npm run import` writes 200,000 rows (p99 against
 * the idle p99; target ≤ 2×).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from '@directory/data/demo/random.ts';
import { openRecord } from '@directory/data/record.ts';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { writeSample } from '../samples/generate-sample.ts';
import type { ChildServer } from './child-server.ts';
import {
  helloWorld,
  log,
  measureRow,
  NO_KEPT_SEARCHES,
  prepareDataSet,
  printFirstAnswers,
  printReplayComparison,
  printRow,
  recordAnswers,
  replayBaseline,
  SERVE_TABLE_HEAD,
  settle,
  signInAsBenchAdmin,
  startCheckedServer,
  type RequestCursor,
  type RowResult,
} from './common.ts';
import type { BenchConfig } from './config.ts';
import { biggestCategories, biggestPlaces, buildAdminRows, buildMixRow, buildPageRows, buildRows, indexPagesRows, keptSearchRows, randomSlugs, sampleRecord, WRITE_EVERY_MS, type BenchRow } from './workload.ts';

/** Different requests per search row. */
const REQUESTS_PER_ROW = 600;
/** Business pages of the uncached row: more than a 10 s run at 1,000 pages/s requests. */
const UNCACHED_SLUGS = 20_000;
/** Rows of the import run beside the page + search mix. */
export const CONCURRENT_IMPORT_ROWS = 200_000;
/** Windows measured while the import runs, at most (each `--duration` long). */
const MAX_IMPORT_WINDOWS = 30;

export interface UnderImportResult {
  idle: RowResult;
  /** One row per window measured while the import was still running. */
  windows: RowResult[];
  /** The worst window's p99 over the idle p99. */
  worstP99Ratio: number | null;
  importSeconds: number;
  importExitCode: number | null;
}

export interface ServeSectionResult {
  size: number;
  connections: number;
  durationSeconds: number;
  startSeconds: number;
  rows: RowResult[];
  underImport: UnderImportResult | null;
}

/** The last `/sitemaps/businesses/page-N.xml` the sitemap index names. */
async function lastBusinessSitemap(url: string): Promise<string> {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  const files = [...xml.matchAll(/<loc>[^<]*?(\/sitemaps\/businesses\/page-(\d+)\.xml)<\/loc>/g)].map((match) => ({ path: match[1]!, n: Number(match[2]) }));
  if (files.length === 0) throw new Error('/sitemap.xml names no business sitemap file');
  return files.sort((a, b) => b.n - a.n)[0]!.path;
}

/** The rows of the table for the data set at `recordFile`, served at `url`. */
async function allRows(url: string, recordFile: string): Promise<BenchRow[]> {
  const sample = sampleRecord(recordFile, 3000, new Random(20261123));
  const random = new Random(42);
  return [
    ...buildRows(sample, REQUESTS_PER_ROW, random),
    ...buildPageRows(sample, biggestPlaces(recordFile), await lastBusinessSitemap(url), REQUESTS_PER_ROW, random, randomSlugs(recordFile, UNCACHED_SLUGS, random)),
    ...buildAdminRows(sample, biggestCategories(recordFile), await signInAsBenchAdmin(url), REQUESTS_PER_ROW, random),
  ];
}

/** The CSV of `rows` Outscraper rows the concurrent import reads, written once into BENCH_DIR. */
async function importFile(benchDir: string, rows: number): Promise<string> {
  const dir = join(benchDir, `import-${rows}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'outscraper.csv');
  if (!existsSync(file)) {
    log(`Writing ${rows.toLocaleString('en-US')} rows to ${file}…`);
    await writeSample({ rows, tool: 'outscraper', format: 'csv', out: file });
  }
  return file;
}

/** `npm run import -- file` on `dataDir`, in its own process; resolves with its exit code and seconds. */
function runImport(dataDir: string, file: string): { done: Promise<{ code: number | null; seconds: number }>; isRunning: () => boolean } {
  const started = performance.now();
  const child = spawn('npm', ['run', 'import', '--', file], { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] });
  let running = true;
  const done = new Promise<{ code: number | null; seconds: number }>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      resolve({ code, seconds: (performance.now() - started) / 1000 });
    });
  });
  return { done, isRunning: () => running };
}

/**
 * Copies a data set to `scratch` (replacing what is there): its files, not a link to them, also
 * when `dataDir` is itself a symbolic link (a copy of the link would let the import write into the
 * data set).
 */
export function copyDataSet(dataDir: string, scratch: string): void {
  rmSync(scratch, { recursive: true, force: true });
  cpSync(dataDir, scratch, { recursive: true, dereference: true });
}

/**
 * The mix idle and while a 200,000-row import runs, on a copy of the data set (the import adds
 * rows: the data set itself stays as it is for the next run).
 */
async function underImport(config: BenchConfig, dataDir: string, rows: BenchRow[]): Promise<UnderImportResult> {
  const file = await importFile(config.benchDir, CONCURRENT_IMPORT_ROWS);
  const scratch = `${dataDir}-import-scratch`;
  log(`Copying the data set to ${scratch}…`);
  copyDataSet(dataDir, scratch);
  const mix = buildMixRow(rows);
  // The idle run and every window go on through the mix where the last one stopped: a window
  // replaying the idle run's requests would find their pages and answers kept, and look faster.
  const cursor: RequestCursor = { next: 0 };
  const server = await startCheckedServer(scratch, config.size, () => undefined, NO_KEPT_SEARCHES);
  try {
    await settle(server.url);
    // A first run fills the kept pages the mix asks again (its home, business and /search pages
    // drawn from a few hundred each): measured cold, the idle run paid their first renders and
    // the windows after it did not, which made the import look cheaper than idle.
    printRow(await measureRow(server.url, { ...mix, name: 'mix: pages + searches, warm-up (kept pages filled; not compared)' }, config, null, server.pid, cursor));
    const idle = await measureRow(server.url, { ...mix, name: 'mix: pages + searches, idle' }, config, null, server.pid, cursor);
    printRow(idle);
    const importing = runImport(scratch, file);
    const windows: RowResult[] = [];
    while (importing.isRunning() && windows.length < MAX_IMPORT_WINDOWS) {
      const window = await measureRow(
        server.url, { ...mix, name: `mix: pages + searches, during the import (window ${windows.length + 1})` }, config, null, server.pid, cursor,
      );
      // A window the import ended during is kept: it was still under load for most of it.
      windows.push(window);
      printRow(window);
    }
    const result = await importing.done;
    const worst = Math.max(...windows.map((window) => window.p99Ms));
    return {
      idle,
      windows,
      worstP99Ratio: windows.length > 0 && idle.p99Ms > 0 ? Math.round((worst / idle.p99Ms) * 100) / 100 : null,
      importSeconds: Math.round(result.seconds * 10) / 10,
      importExitCode: result.code,
    };
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether `--only` lets the row of this name through (every row without it). */
const isSelected = (config: BenchConfig, name: string) => !config.only || name.includes(config.only);

/**
 * Each of `rows` that `--only` lets through, measured on `server` after it settles and printed;
 * their results. `during` runs each measurement (by default, as it is).
 */
async function measureRows(
  server: ChildServer,
  rows: BenchRow[],
  config: BenchConfig,
  baseline: number,
  during: (measure: () => Promise<RowResult>) => Promise<RowResult> = (measure) => measure(),
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  for (const row of rows.filter((candidate) => isSelected(config, candidate.name))) {
    await settle(server.url);
    const result = await during(() => measureRow(server.url, row, config, baseline, server.pid));
    printRow(result);
    results.push(result);
    if (row.hasReplayBaseline) {
      const replay = await replayBaseline(config, row, await recordAnswers(server.url, row), baseline);
      printRow(replay);
      results.push(replay);
    }
  }
  return results;
}

/**
 * Runs `measure` while a business of the record is written every WRITE_EVERY_MS: its `updated_at`
 * set to itself, so the data set is left as it was, while the change log (whose trigger fires on
 * any update) has the server apply a change and move its index generation each time.
 */
async function whileWriting<T>(recordFile: string, measure: () => Promise<T>): Promise<T> {
  const record = openRecord(recordFile);
  const maxId = record.prepare('SELECT max(id) FROM businesses').pluck().get() as number;
  const touch = record.prepare('UPDATE businesses SET updated_at = updated_at WHERE id = ?');
  const random = new Random(11);
  const timer = setInterval(() => touch.run(1 + random.int(maxId)), WRITE_EVERY_MS);
  try {
    return await measure();
  } finally {
    clearInterval(timer);
    record.close();
  }
}

/** The kept index pages as they are, then under writes (see {@link indexPagesRows}). */
async function indexPagesUnderWrites(server: ChildServer, recordFile: string, rows: BenchRow[], config: BenchConfig, baseline: number): Promise<RowResult[]> {
  const [idle, writing] = indexPagesRows(rows);
  return [
    ...(await measureRows(server, [idle!], config, baseline)),
    ...(await measureRows(server, [writing!], config, baseline, (measure) => whileWriting(recordFile, measure))),
  ];
}

/** The rows of searches answered from kept answers, on a server started with the defaults (it keeps them). */
async function keptRows(config: BenchConfig, dataDir: string, rows: BenchRow[], baseline: number): Promise<RowResult[]> {
  const kept = keptSearchRows(rows);
  if (!kept.some((row) => isSelected(config, row.name))) return [];
  const server = await startCheckedServer(dataDir, config.size, () => undefined);
  try {
    return await measureRows(server, kept, config, baseline);
  } finally {
    await server.stop();
  }
}

export async function runServeSection(config: BenchConfig): Promise<ServeSectionResult> {
  const dataDir = await prepareDataSet(config);
  const started = performance.now();
  log(`Starting the server on ${dataDir} (${config.size.toLocaleString('en-US')} businesses), keeping no search answers…`);
  const server: ChildServer = await startCheckedServer(dataDir, config.size, undefined, NO_KEPT_SEARCHES);
  const startSeconds = Math.round((performance.now() - started) / 100) / 10;
  log(`Server ready in ${startSeconds} s at ${server.url}`);
  const results: RowResult[] = [];
  let rows: BenchRow[] = [];
  let before: RowResult | null = null;
  try {
    rows = await allRows(server.url, join(dataDir, 'directory.sqlite'));
    log(`\n${config.connections} connections, ${config.durationSeconds} s a row, loopback.\n`);
    SERVE_TABLE_HEAD.forEach((line) => log(line));
    before = await helloWorld(config, 'Koa hello-world (before)');
    printRow(before);
    results.push(before);
    results.push(...(await measureRows(server, rows, config, before.requestsPerSecond)));
    results.push(...(await indexPagesUnderWrites(server, join(dataDir, 'directory.sqlite'), rows, config, before.requestsPerSecond)));
  } finally {
    await server.stop();
  }
  results.push(...(await keptRows(config, dataDir, rows, before.requestsPerSecond)));
  const after = await helloWorld(config, 'Koa hello-world (after)');
  printRow(after);
  results.push(after);
  printFirstAnswers(results);
  printReplayComparison(results);
  const isImportWanted = isSelected(config, 'mix: pages + searches');
  const importResult = isImportWanted ? await underImport(config, dataDir, rows) : null;
  if (importResult) {
    log(
      `\nWhile ${CONCURRENT_IMPORT_ROWS.toLocaleString('en-US')} rows were imported (${importResult.importSeconds} s, exit ${importResult.importExitCode}): worst p99 ${importResult.worstP99Ratio ?? '–'}× the idle p99 (target ≤ 2×).`,
    );
  }
  return { size: config.size, connections: config.connections, durationSeconds: config.durationSeconds, startSeconds, rows: results, underImport: importResult };
}
