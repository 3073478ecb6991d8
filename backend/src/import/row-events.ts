/**
 * A spreadsheet's rows read, cleaned and mapped: everything of an import except the writing.
 * Large files are read in a worker thread of their own (row-events-worker.ts) so reading and
 * cleaning run on one core while the importer writes the previous rows on another; the
 * importer's throughput is then the slower of the two instead of their sum. Small files are
 * read on the calling thread (a worker costs ~0.5 s to start).
 */
import { Worker } from 'node:worker_threads';
import { toBusinessColumns, type BusinessColumns } from '@directory/data/business-row.ts';
import { firstSlug } from '../services/business-writer.ts';
import { isHeaderRow, mapColumns, type ColumnMap } from './columns.ts';
import type { Identity } from './identity.ts';
import { unpackEvents } from './row-event-messages.ts';
import { mapRow, type MappedRow } from './map-row.ts';
import { openRows, UnreadableFileError, type RowSource } from './read-rows.ts';
import type { SheetStart } from './sheet-places.ts';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';
import type { FileProblem, RecordProblem } from '../shared/import-reasons.ts';

export type RowEvent =
  /** The header row's cells, trimmed (the first row of the file). */
  | { type: 'header'; cells: string[] }
  | { type: 'header-unreadable'; problem: RecordProblem }
  /** A workbook of several worksheets: the rows that follow are this sheet's (read-rows.ts). */
  | { type: 'sheet'; sheet: SheetStart }
  | { type: 'unreadable'; row: number; problem: RecordProblem }
  | { type: 'repeated-header'; row: number }
  /** A data row as read, not mapped yet (from a reading worker that leaves the mapping to the importer: see `mapsWhileReading`). */
  | { type: 'cells'; row: number; cells: string[] }
  /** A row skipped (permanently closed) or in error. */
  | { type: 'mapped'; row: number; mapped: Exclude<MappedRow, { kind: 'business' }> }
  /**
   * A business row, ready for the record: its columns and the slug it gets when new and no one
   * uses that slug yet. Both are made here, where the rows are read, so that the thread writing
   * the record only writes.
   */
  | { type: 'business'; row: number; columns: BusinessColumns; slug: string; identity: Identity; isTemporarilyClosed: boolean; hasUnreadableHours: boolean }
  /** The file broke mid-way (a damaged zip, a CSV the parser gives up on): no more rows follow. */
  | { type: 'read-failed'; problem: FileProblem };

export interface RowEventSource {
  kind: RowSource['kind'];
  fileSize: number;
  bytesRead(): number;
  events: AsyncIterable<RowEvent>;
}

/** Files at least this large are read in a worker thread. */
export const WORKER_READ_MIN_BYTES = 2 * 1024 ** 2;
/** Events the reading worker's messages may hold unconsumed in all (memory stays flat). */
const EVENTS_IN_FLIGHT = 4_000;

/** What stopped the reading, when it is the file's fault (a damaged archive, a parser's refusal); null for anything else. */
function readProblemOf(error: unknown): FileProblem | null {
  if (error instanceof UnreadableFileError) return error.problem;
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) return { code: 'csv_unreadable', params: { detail: error.message } };
  return null;
}

/**
 * The events of an opened file as read, data rows not mapped ('cells'), in file order. A row of
 * empty cells is no row at all (spreadsheets keep formatted blank rows).
 */
export async function* readEvents(source: RowSource): AsyncGenerator<RowEvent> {
  let isHeaderRead = false;
  try {
    for await (const sheetRow of source.rows) {
      if ('sheet' in sheetRow) {
        yield { type: 'sheet', sheet: sheetRow.sheet };
        continue;
      }
      if (!isHeaderRead) {
        if (!('cells' in sheetRow)) {
          yield { type: 'header-unreadable', problem: sheetRow.unreadable };
          return;
        }
        isHeaderRead = true;
        const cells = sheetRow.cells.map((cell) => cell.trim());
        yield { type: 'header', cells };
        if (mapColumns(cells).fields.name === undefined) return;
        continue;
      }
      if ('unreadable' in sheetRow) yield { type: 'unreadable', row: sheetRow.rowNumber, problem: sheetRow.unreadable };
      else if (sheetRow.cells.every((cell) => cell.trim() === '')) continue;
      else yield { type: 'cells', row: sheetRow.rowNumber, cells: sheetRow.cells };
    }
  } catch (error) {
    const problem = readProblemOf(error);
    if (problem === null) throw error;
    yield { type: 'read-failed', problem };
  }
}

/** Maps the 'cells' events of `events` with the columns of its header event; the other events pass unchanged. */
export async function* mapEvents(events: AsyncIterable<RowEvent>): AsyncGenerator<RowEvent> {
  let columns: ColumnMap | null = null;
  for await (const event of events) {
    if (event.type === 'header') {
      columns = mapColumns(event.cells);
      yield event;
      if (columns.fields.name === undefined) return;
      continue;
    }
    if (event.type !== 'cells' || columns === null) {
      yield event;
      continue;
    }
    if (isHeaderRow(event.cells, columns)) {
      yield { type: 'repeated-header', row: event.row };
      continue;
    }
    const mapped = mapRow(event.cells, columns, event.row);
    if (mapped.kind !== 'business') yield { type: 'mapped', row: event.row, mapped };
    else {
      const { business, identity, isTemporarilyClosed, hasUnreadableHours } = mapped;
      yield { type: 'business', row: event.row, columns: toBusinessColumns(business), slug: firstSlug(business), identity, isTemporarilyClosed, hasUnreadableHours };
    }
  }
}

/** The events of an opened file, read and mapped, in file order. */
export function rowEvents(source: RowSource): AsyncGenerator<RowEvent> {
  return mapEvents(readEvents(source));
}

/**
 * Whether a reading worker also maps the rows of a file of this kind. The reading and the
 * writing threads should take about as long per row: papaparse reads quickly, so the CSV's
 * worker maps too; exceljs alone takes longer per row than mapping and writing together, so
 * an .xlsx's worker only reads and the importer's thread maps the rows before writing them.
 */
export const mapsWhileReading = (kind: RowSource['kind']) => kind === 'csv';

/** Messages between the importer and its reading worker. */
export type ReaderMessage =
  | { type: 'opened'; kind: RowSource['kind']; fileSize: number }
  | { type: 'open-failed'; problem: FileProblem }
  /** `events` packed by row-event-messages.ts. */
  | { type: 'events'; events: unknown[]; bytesRead: number }
  | { type: 'done'; bytesRead: number };
export type ReaderRequest = { type: 'open'; file: string } | { type: 'more' };

/**
 * Events per message from the reading worker. Unmapped rows (an .xlsx's) go 50 at a time: the
 * worker keeps a message's rows until it leaves, and 250 rows' cells outlived its young
 * generation while exceljs read on, so that V8's garbage collection helpers worked ~2.5 s more
 * per 200,000 rows (alternating runs). Mapped rows go 250 at a time (fewer messages for the
 * importer's thread, which writes them, to receive).
 */
export const eventsPerMessage = (kind: RowSource['kind']) => (mapsWhileReading(kind) ? 250 : 50);
/** Messages that may wait unconsumed. */
export const messagesInFlight = (kind: RowSource['kind']) => EVENTS_IN_FLIGHT / eventsPerMessage(kind);

/**
 * The worker runs the TypeScript sources like the rest of the code: Node 20 does not apply an
 * `--import` loader to a worker's entry module, so tsx is registered inside the worker first.
 */
const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./row-events-worker.ts', import.meta.url));

/**
 * The reading worker, kept for the next file: starting one costs seconds (tsx compiles the
 * reading and cleaning modules inside it), so a process that imports several files pays that
 * once. It reads one file at a time; a file opened while it is busy gets a worker of its own.
 */
let sharedReader: Worker | null = null;
let isSharedReaderBusy = false;
let readerStarts = 0;

/** How many reading workers this thread has started (a second file read by the kept worker starts none). */
export function readerWorkerStarts(): number {
  return readerStarts;
}

function startReader(): Worker {
  readerStarts += 1;
  const worker = new Worker(WORKER_BOOTSTRAP, { eval: true });
  // Idle, it must not keep the process alive; it is referenced again while it reads a file.
  worker.unref();
  return worker;
}

function acquireReader(): { worker: Worker; release: (isReusable: boolean) => Promise<void> } {
  let worker: Worker;
  const isShared = !isSharedReaderBusy;
  if (isShared) {
    if (sharedReader === null) {
      const started = startReader();
      started.once('exit', () => {
        if (sharedReader === started) sharedReader = null;
      });
      sharedReader = started;
    }
    worker = sharedReader;
    isSharedReaderBusy = true;
  } else {
    worker = startReader();
  }
  worker.ref();
  return {
    worker,
    release: async (isReusable) => {
      worker.unref();
      if (isShared) isSharedReaderBusy = false;
      // A worker stopped mid-file still holds that file's rows: it is not handed the next one.
      if (!isShared || !isReusable) {
        if (sharedReader === worker) sharedReader = null;
        await worker.terminate();
      }
    },
  };
}

/**
 * Opens a file for its row events; throws UnreadableFileError when it cannot be read at all.
 * `inWorker` defaults to whether the file is large enough for a worker to pay off.
 */
export async function openRowEvents(file: string, fileSize: number, inWorker = fileSize >= WORKER_READ_MIN_BYTES): Promise<RowEventSource> {
  if (!inWorker) {
    const source = await openRows(file);
    return { kind: source.kind, fileSize: source.fileSize, bytesRead: source.bytesRead, events: rowEvents(source) };
  }
  const { worker, release } = acquireReader();
  const queue: ReaderMessage[] = [];
  let failure: Error | null = null;
  let isOver = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (message: ReaderMessage) => {
    queue.push(message);
    notify();
  };
  const onError = (error: Error) => {
    failure = error;
    notify();
  };
  const onExit = (code: number) => {
    isOver = true;
    if (failure === null) failure = new Error(`The reading worker stopped (exit code ${code}).`);
    notify();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const finish = async (isReusable: boolean) => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    await release(isReusable && failure === null && !isOver);
  };
  const next = async (): Promise<ReaderMessage | null> => {
    while (queue.length === 0) {
      if (failure !== null) throw failure;
      if (isOver) return null;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return queue.shift()!;
  };

  worker.postMessage({ type: 'open', file } satisfies ReaderRequest);
  let first: ReaderMessage | null;
  try {
    first = await next();
  } catch (error) {
    await finish(false);
    throw error;
  }
  if (first === null || first.type === 'open-failed') {
    await finish(first !== null);
    throw new UnreadableFileError(first?.type === 'open-failed' ? first.problem : { code: 'unreadable', params: {} });
  }
  if (first.type !== 'opened') {
    await finish(false);
    throw new Error(`The reading worker answered ${first.type} before opening the file.`);
  }
  let bytesRead = 0;
  async function* events(): AsyncGenerator<RowEvent> {
    let isComplete = false;
    try {
      for (;;) {
        const message = await next();
        if (message === null || message.type === 'done') {
          if (message) bytesRead = message.bytesRead;
          isComplete = message !== null;
          return;
        }
        if (message.type !== 'events') continue;
        bytesRead = message.bytesRead;
        worker.postMessage({ type: 'more' } satisfies ReaderRequest);
        yield* unpackEvents(message.events);
      }
    } finally {
      // Stopped early (a file without a name column, an error while writing): that worker is not reused.
      await finish(isComplete);
    }
  }
  // Rows the worker mapped pass straight to the importer (one async step less per row).
  return { kind: first.kind, fileSize: first.fileSize, bytesRead: () => bytesRead, events: mapsWhileReading(first.kind) ? events() : mapEvents(events()) };
}
