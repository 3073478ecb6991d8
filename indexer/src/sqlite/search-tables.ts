/**
 * The search tables of a full rebuild (full-text index, vocabulary, map index), built on a second
 * thread. The rebuild's thread reads the record, writes the documents and computes the aggregates
 * and indexes of docs; this thread shapes each document's texts (ftsTexts) and writes docs_fts as
 * batches arrive, then, while the other thread builds its indexes, optimizes the full-text index,
 * counts its vocabulary and writes the R*Tree, all in a file of its own. copySearchTables then
 * copies the finished tables into the index file. Measured at 1,000,000 businesses: each thread
 * spends about 40 s of CPU (the R*Tree's inserts alone ~16 s), where one thread did everything in
 * 116-131 s before.
 */
import { Worker } from 'node:worker_threads';
import { tsWorkerSource } from '../worker-source.ts';
import type { BusinessDocument } from '../document.ts';
import type { IndexDatabase } from './index-file.ts';
import type { DocumentTexts } from './search-text.ts';

/** How many values a batch carries per document (see {@link appendTexts}). */
const TEXT_VALUES = 10;

/** Appends the texts of a document to a batch's values. */
function appendTexts(values: (string | null)[], doc: DocumentTexts): void {
  values.push(doc.name, doc.category, doc.type, doc.city, doc.country, doc.countryCode, doc.postalCode, doc.address, doc.phone, doc.aboutText);
}

/** The texts of each document of a batch, with its position. */
export function* batchTexts(batch: SearchTablesBatch): Iterable<[number, DocumentTexts]> {
  const { firstPos, texts } = batch;
  for (let start = 0; start < texts.length; start += TEXT_VALUES) {
    const doc: DocumentTexts = {
      name: texts[start] ?? null,
      category: texts[start + 1] ?? null,
      type: texts[start + 2] ?? null,
      city: texts[start + 3] ?? null,
      country: texts[start + 4] ?? null,
      countryCode: texts[start + 5] ?? null,
      postalCode: texts[start + 6] ?? null,
      address: texts[start + 7] ?? null,
      phone: texts[start + 8] ?? null,
      aboutText: texts[start + 9] ?? '',
    };
    yield [firstPos + start / TEXT_VALUES, doc];
  }
}

export interface SearchTablesSetup {
  file: string;
}

/**
 * The documents at positions firstPos, firstPos + 1, …: their texts one after another, and
 * `points` as [pos, latitude, longitude, pos, …] for those with coordinates.
 */
export interface SearchTablesBatch {
  firstPos: number;
  texts: (string | null)[];
  points: number[];
}
export type SearchTablesRequest = ({ kind: 'batch' } & SearchTablesBatch) | { kind: 'finish' };
export type SearchTablesReply = { kind: 'written' } | { kind: 'finished' } | { kind: 'failed'; message: string };

const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./search-tables-worker.ts', import.meta.url));

/** Batches sent and not yet written: enough to keep the thread busy, few enough to bound the memory they hold. */
const MAX_IN_FLIGHT = 3;

/** Drives the second thread of one rebuild: documents in position order, then {@link finish}. */
export class SearchTablesBuilder {
  private readonly worker: Worker;
  private inFlight = 0;
  private isFinished = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(readonly file: string) {
    const setup: SearchTablesSetup = { file };
    this.worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: setup });
    this.worker.on('message', (reply: SearchTablesReply) => {
      if (reply.kind === 'written') this.inFlight -= 1;
      else if (reply.kind === 'finished') this.isFinished = true;
      else this.failure = new Error(`The rebuild's search-table thread failed: ${reply.message}`);
      this.notify();
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      this.notify();
    });
    this.worker.on('exit', (code) => {
      this.failure ??= this.isFinished ? null : new Error(`The rebuild's search-table thread stopped (exit code ${code}).`);
      this.notify();
    });
  }

  /** Sends documents at positions firstPos on; waits while the thread is {@link MAX_IN_FLIGHT} batches behind. */
  async add(docs: readonly BusinessDocument[], firstPos: number): Promise<void> {
    this.throwIfFailed();
    const request: SearchTablesRequest = { kind: 'batch', firstPos, texts: [], points: [] };
    docs.forEach((doc, offset) => {
      appendTexts(request.texts, doc);
      if (doc.latitude !== null && doc.longitude !== null) request.points.push(firstPos + offset, doc.latitude, doc.longitude);
    });
    this.worker.postMessage(request);
    this.inFlight += 1;
    while (this.inFlight >= MAX_IN_FLIGHT) await this.nextReply();
  }

  /** Waits until the thread has written every table and closed its file. */
  async finish(): Promise<void> {
    const request: SearchTablesRequest = { kind: 'finish' };
    this.worker.postMessage(request);
    while (!this.isFinished) await this.nextReply();
    await this.worker.terminate();
  }

  /** Stops the thread (after a failure elsewhere); the caller removes the file. */
  async stop(): Promise<void> {
    this.isFinished = true;
    await this.worker.terminate();
  }

  private nextReply(): Promise<void> {
    this.throwIfFailed();
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    }).then(() => this.throwIfFailed());
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }
}

/** What the thread fills, copied as it is: docs_fts's and docs_geo's own tables, the vocabulary. */
const COPIED_TABLES = [
  'docs_fts_data',
  'docs_fts_idx',
  'docs_fts_docsize',
  'docs_geo_node',
  'docs_geo_rowid',
  'docs_geo_parent',
  'vocab',
  'special_terms',
];

/**
 * Copies the finished search tables of `file` into `db` (whose tables of the same names were
 * created empty by the same SEARCH_TABLES_DDL). The virtual tables' own tables are copied row for
 * row, which SQLite refuses by default (SQLITE_DBCONFIG_DEFENSIVE): that guard is lifted for the
 * copy only. docs_fts_config is not copied: the thread's load-time settings stay in its file.
 */
export function copySearchTables(db: IndexDatabase, file: string): void {
  db.prepare('ATTACH DATABASE ? AS search_tables').run(file);
  db.unsafeMode(true);
  try {
    db.transaction(() => {
      for (const table of COPIED_TABLES) {
        db.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM search_tables.${table}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH DATABASE search_tables');
  }
}
