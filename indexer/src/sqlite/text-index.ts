/**
 * The full-text half of a full rebuild, on a second thread. The rebuild's thread reads the record
 * and writes the documents, their places and the aggregates; this thread shapes each document's
 * texts (ftsTexts), writes the full-text index and counts its vocabulary, in a file of its own.
 * Once both are done, copyTextIndex copies the finished full-text tables into the index file.
 * Measured at 100,000 businesses, the texts and the full-text index were about half of a
 * rebuild's CPU time; on two cores they now run beside the rest.
 */
import { Worker } from 'node:worker_threads';
import { tsWorkerSource } from '../worker-source.ts';
import type { IndexDatabase } from './index-file.ts';
import type { DocumentTexts } from './search-text.ts';

/** How many values a batch carries per document (see {@link appendTexts}). */
const TEXT_VALUES = 10;

/** Appends the texts of a document to a batch's values. */
function appendTexts(values: (string | null)[], doc: DocumentTexts): void {
  values.push(doc.name, doc.category, doc.type, doc.city, doc.country, doc.countryCode, doc.postalCode, doc.address, doc.phone, doc.aboutText);
}

/** The texts of each document of a batch's values, with its position. */
export function* batchTexts(request: { firstPos: number; values: readonly (string | null)[] }): Iterable<[number, DocumentTexts]> {
  const { firstPos, values } = request;
  for (let start = 0; start < values.length; start += TEXT_VALUES) {
    const doc: DocumentTexts = {
      name: values[start] ?? null,
      category: values[start + 1] ?? null,
      type: values[start + 2] ?? null,
      city: values[start + 3] ?? null,
      country: values[start + 4] ?? null,
      countryCode: values[start + 5] ?? null,
      postalCode: values[start + 6] ?? null,
      address: values[start + 7] ?? null,
      phone: values[start + 8] ?? null,
      aboutText: values[start + 9] ?? '',
    };
    yield [firstPos + start / TEXT_VALUES, doc];
  }
}

export interface TextIndexSetup {
  file: string;
}

/** A batch: the texts of the documents at positions firstPos, firstPos + 1, …, one after another. */
export type TextIndexRequest = { kind: 'batch'; firstPos: number; values: (string | null)[] } | { kind: 'finish' };
export type TextIndexReply = { kind: 'written' } | { kind: 'finished' } | { kind: 'failed'; message: string };

const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./text-index-worker.ts', import.meta.url));

/** Batches sent and not yet written: enough to keep the thread busy, few enough to bound the memory they hold. */
const MAX_IN_FLIGHT = 3;

/** Drives the full-text thread of one rebuild: documents in position order, then {@link finish}. */
export class TextIndexBuilder {
  private readonly worker: Worker;
  private inFlight = 0;
  private isFinished = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(readonly file: string) {
    const setup: TextIndexSetup = { file };
    this.worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: setup });
    this.worker.on('message', (reply: TextIndexReply) => {
      if (reply.kind === 'written') this.inFlight -= 1;
      else if (reply.kind === 'finished') this.isFinished = true;
      else this.failure = new Error(`The full-text thread failed: ${reply.message}`);
      this.notify();
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      this.notify();
    });
    this.worker.on('exit', (code) => {
      this.failure ??= this.isFinished ? null : new Error(`The full-text thread stopped (exit code ${code}).`);
      this.notify();
    });
  }

  /** Sends the texts of documents at positions firstPos on; waits while the thread is {@link MAX_IN_FLIGHT} batches behind. */
  async add(docs: readonly DocumentTexts[], firstPos: number): Promise<void> {
    this.throwIfFailed();
    const values: (string | null)[] = [];
    for (const doc of docs) appendTexts(values, doc);
    const request: TextIndexRequest = { kind: 'batch', firstPos, values };
    this.worker.postMessage(request);
    this.inFlight += 1;
    while (this.inFlight >= MAX_IN_FLIGHT) await this.nextReply();
  }

  /** Waits until every batch is written, the index optimized and its vocabulary counted: the file is then complete and closed. */
  async finish(): Promise<void> {
    const request: TextIndexRequest = { kind: 'finish' };
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

/** The tables the full-text thread fills, copied as they are. */
const COPIED_TABLES = ['docs_fts_data', 'docs_fts_idx', 'docs_fts_docsize', 'vocab', 'special_terms'];

/**
 * Copies the finished full-text index and vocabulary of `textFile` into `db` (whose tables of the
 * same names are empty, created by the same TEXT_DDL). docs_fts's own tables are copied row for
 * row, which SQLite refuses by default (SQLITE_DBCONFIG_DEFENSIVE): that guard is lifted for the
 * copy only. docs_fts_config is not copied: the thread's load-time settings stay in its file.
 */
export function copyTextIndex(db: IndexDatabase, textFile: string): void {
  db.prepare('ATTACH DATABASE ? AS text_index').run(textFile);
  db.unsafeMode(true);
  try {
    db.transaction(() => {
      for (const table of COPIED_TABLES) {
        db.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM text_index.${table}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH DATABASE text_index');
  }
}
