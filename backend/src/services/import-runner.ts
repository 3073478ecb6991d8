/**
 * Imports one spreadsheet file into the record: streams its rows, cleans and maps each one,
 * writes valid rows in batches (one transaction each, report counters committed with them),
 * and reports every bad or skipped row with its reason. Used by the upload worker and by
 * `npm run import`; runs wherever it is called (the server calls it inside a worker thread).
 */
import { stat } from 'node:fs/promises';
import type { BusinessColumns } from '@directory/data/business-row.ts';
import type { RecordDatabase } from '@directory/data/record.ts';
import { isRecordFull } from '@directory/data/storage-errors.ts';
import { BulkInsertTriggers, type InsertedBusiness } from '../db/bulk-insert-triggers.ts';
import { BusinessRepository, isUnchanged } from '../db/business-repository.ts';
import { widenCheckpointWindow } from '../db/checkpoint-window.ts';
import { DeferredIndexes } from '../db/deferred-indexes.ts';
import { ImportReportRepository, isProcessAlive, type ReportCounts, type ReportRowEntry } from '../db/import-report-repository.ts';
import { columnExtraction, mapColumns, type ColumnMap } from '../import/columns.ts';
import type { Identity } from '../import/identity.ts';
import { UnreadableFileError } from '../import/read-rows.ts';
import type { RowIssue } from '../import/map-row.ts';
import { openRowEvents, type RowEventSource } from '../import/row-events.ts';
import { SheetPlaces } from '../import/sheet-places.ts';
import { importCountsText } from '../shared/import-counts.ts';
import { importReasonText, reasonFields, type FileProblem, type ImportReason } from '../shared/import-reasons.ts';
import type { ColumnExtractionReport, DuplicateAnalysisReport, FileImportResult, ImportRowError, SkippedBusiness } from '../shared/import-types.ts';
import { slugSourceOf, uniqueSlug } from './business-writer.ts';

export interface ImportProgress {
  reportId: number;
  rowsRead: number;
  rowsWritten: number;
  errorCount: number;
  skippedCount: number;
  bytesRead: number;
  fileSize: number;
  isDone: boolean;
}

export interface ImportFileOptions {
  record: RecordDatabase;
  /** The file on disk. */
  file: string;
  /** The name the operator knows it by (the upload's name). */
  fileName: string;
  batchSize: number;
  isDryRun: boolean;
  fileIndex?: number;
  totalFiles?: number;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Called after each batch is committed (the kill-mid-import test stops the process here), with
   * the businesses written so far (new or changed: each one change for the search index).
   */
  onBatchCommitted?: (batchNumber: number, businessesChanged: number) => void;
  /** Read and clean in a worker thread while this thread writes; by default for files of WORKER_READ_MIN_BYTES and more. */
  readInWorker?: boolean;
  /**
   * Drop the secondary indexes of `businesses` while writing and build them once at the end
   * (deferred-indexes.ts); by default when the record holds at most DEFER_INDEXES_MAX_EXISTING businesses.
   */
  deferIndexes?: boolean;
}

/**
 * An import into a record of at most this many businesses defers its secondary indexes: building
 * them again for the rows already there costs little, and while they are missing the admin
 * lists scan a small table.
 */
export const DEFER_INDEXES_MAX_EXISTING = 10_000;

/**
 * The secondary indexes a deferring import of a workbook keeps up to date row by row. Reading an
 * .xlsx (exceljs) is the slower side, so the writer waits for rows much of the time, while the
 * deferred indexes are built after the last row, with nothing to overlap them. These five cost
 * the writer little, since a new row lands at the end of one of a few hundred runs (creation date,
 * country, rating, category and creation date) or nowhere (the demo businesses'), and leave less
 * to build at the end. A 200,000-row .xlsx into an empty record, alternated runs: 13.4–15.5 s with
 * them kept, 14.8–16.5 s with every index deferred; seven kept (reviews too) 16.2–17.0 s. A CSV's
 * writer is the slower side: keeping these made it 1.2–1.9 s slower, so it defers them all.
 */
export const KEPT_LIVE_READING_WORKBOOKS = ['businesses_category_created_at', 'businesses_country_code', 'businesses_created_at', 'businesses_demo', 'businesses_rating'];

const REPORTED_LIMIT = 100;
const PROGRESS_EVERY_ROWS = 2000;

interface PendingRow {
  row: number;
  columns: BusinessColumns;
  /** The slug it gets when new, unless taken (see the 'business' row event). */
  slug: string;
  identity: Identity;
  isTemporarilyClosed: boolean;
  isFileDuplicate: boolean;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Raised inside an import when the record cannot grow (SQLITE_FULL): the file stops there. */
class RecordFullError extends Error {
  constructor() {
    super('The record is full');
    this.name = 'RecordFullError';
  }
}

/** Characters of a text file's first line quoted when it is no header. */
const FIRST_LINE_QUOTED = 120;

/**
 * Why a file has no name column. A text file named like a workbook (a licence, notes, a renamed
 * file) is read as CSV, since the kind comes from the bytes: its "columns" are whatever its first
 * line says, so the reason says it is text, not an Excel workbook, rather than listing them as columns.
 */
export function noNameColumnReason(fileName: string, kind: RowEventSource['kind'], headers: readonly string[]): ImportReason {
  const found = headers.filter(Boolean).join(', ');
  const workbookExtension = /\.(xlsx|xls)$/i.exec(fileName)?.[0];
  if (kind === 'csv' && workbookExtension !== undefined) {
    const firstLine = found.length > FIRST_LINE_QUOTED ? `${found.slice(0, FIRST_LINE_QUOTED)}…` : found;
    return { code: 'text_named_workbook', params: { extension: workbookExtension.toLowerCase(), firstLine } };
  }
  return { code: 'no_name_column', params: { found } };
}

/** Imports one file; never throws for a bad file (the result says why), only for a broken record. */
export async function importFile(options: ImportFileOptions): Promise<FileImportResult> {
  const restoreCheckpoints = widenCheckpointWindow(options.record);
  const indexes = new DeferredIndexes(options.record);
  // Indexes a killed import left deferred are rebuilt before anything else is written.
  indexes.restoreAbandoned(isProcessAlive);
  const shouldDefer = !options.isDryRun && (options.deferIndexes ?? countUpTo(options.record, DEFER_INDEXES_MAX_EXISTING + 1) <= DEFER_INDEXES_MAX_EXISTING);
  let isDeferred = false;
  const deferIndexes = (kind: RowEventSource['kind']) => {
    if (!shouldDefer || isDeferred) return;
    indexes.defer(process.pid, kind === 'csv' ? [] : KEPT_LIVE_READING_WORKBOOKS);
    isDeferred = true;
  };
  try {
    return await importOneFile(options, deferIndexes);
  } finally {
    // On success or failure alike: the indexes are built once over every row now in the record.
    if (isDeferred) restoreOrHandOver(indexes);
    restoreCheckpoints();
  }
}

/** Builds the deferred indexes again; on a full disk, leaves them to the next import or the server's start (their SQL stays stored). */
function restoreOrHandOver(indexes: DeferredIndexes): void {
  try {
    indexes.restore();
  } catch (error) {
    if (!isRecordFull(error)) throw error;
    indexes.abandon();
  }
}

/** How many businesses the record holds, counting no further than `limit` (cheap on a large record). */
const countUpTo = (record: RecordDatabase, limit: number) =>
  record.prepare('SELECT count(*) FROM (SELECT 1 FROM businesses LIMIT ?)').pluck().get(limit) as number;

/** `beforeFirstWrite` is called with the file's kind before the first batch is written (an import that writes nothing defers nothing). */
async function importOneFile(options: ImportFileOptions, beforeFirstWrite: (kind: RowEventSource['kind']) => void): Promise<FileImportResult> {
  const started = performance.now();
  const reports = new ImportReportRepository(options.record);
  const businesses = new BusinessRepository(options.record);
  const bulkTriggers = new BulkInsertTriggers(options.record);
  let fileSize = (await stat(options.file)).size;
  let source: RowEventSource | null = null;
  let openProblem: FileProblem | null = null;
  try {
    source = await openRowEvents(options.file, fileSize, options.readInWorker);
    fileSize = source.fileSize;
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    openProblem = error.problem;
  }
  const reportId = reports.create({ fileName: options.fileName, fileSize, isDryRun: options.isDryRun, batchSize: options.batchSize, ownerPid: process.pid });

  const counts: ReportCounts = { totalRows: 0, inserted: 0, updated: 0, skipped: 0, errorCount: 0 };
  const errors: ImportRowError[] = [];
  const skippedBusinesses: SkippedBusiness[] = [];
  let pendingEntries: ReportRowEntry[] = [];
  let batch: PendingRow[] = [];
  let batchNumber = 0;
  let columns: ColumnMap | null = null;
  let extraction: ColumnExtractionReport | null = null;
  const seenKeys = new Set<string>();
  /** The sheets of a workbook of several worksheets, so each reported row names its sheet and its own row there. */
  const sheets = new SheetPlaces();
  const duplicates = { excel: 0, database: 0, newKeys: 0, withPlaceId: 0, derived: 0, unreadableHours: 0, temporarilyClosed: 0 };
  const excelDuplicateRecords: DuplicateAnalysisReport['excelDuplicateRecords'] = [];
  const written = () => counts.inserted + counts.updated + (options.isDryRun ? batchWouldWrite : 0);
  let batchWouldWrite = 0;
  /**
   * Businesses written to the record: inserted, or updated with a value that differs. A row equal
   * to the stored business, or repeating a place a row before it in its batch wrote, changes
   * nothing; the search index has these to catch up on, and the rebuild threshold counts them.
   */
  let changed = 0;
  /** The businesses changed at the end, at the rate of the file read so far (null before a byte is read). */
  const expectedChanges = () => {
    const bytesRead = Math.min(source?.bytesRead() ?? 0, fileSize);
    return bytesRead > 0 ? Math.round((changed * fileSize) / bytesRead) : null;
  };

  /**
   * What a report stores while its file is read: a row repeating a place of an earlier row counts
   * as updated, so the report keeps how many did, and a run that never ends still tells the two apart.
   */
  const progressDetails = () => ({ duplicateAnalysis: { databaseDuplicateCount: duplicates.database, excelDuplicateCount: duplicates.excel } });

  const progress = (isDone: boolean) =>
    options.onProgress?.({
      reportId, rowsRead: counts.totalRows, rowsWritten: written(), errorCount: counts.errorCount, skippedCount: counts.skipped,
      bytesRead: source?.bytesRead() ?? 0, fileSize, isDone,
    });

  /** One error row; `name` is the row's business name when it had one (another value was bad). */
  const reportError = (issues: readonly RowIssue[], name: string | null = null) => {
    counts.errorCount += 1;
    for (const { row, column, reason } of issues) {
      const reported = reasonFields(reason);
      const sheet = sheets.placeOf(row);
      if (errors.length < REPORTED_LIMIT) errors.push({ row, sheet, column, ...reported });
      pendingEntries.push({ row, sheet, kind: 'error', column, reason: reported.reason, issue: reason, name });
    }
  };
  const reportSkip = (row: number, name: string | null, reason: ImportReason) => {
    counts.skipped += 1;
    const reported = reasonFields(reason);
    const sheet = sheets.placeOf(row);
    if (skippedBusinesses.length < REPORTED_LIMIT) skippedBusinesses.push({ row, sheet, name, ...reported });
    pendingEntries.push({ row, sheet, kind: 'skipped', column: '', reason: reported.reason, issue: reason, name });
  };

  /** Writes one row on its own (after its batch was refused); returns whether it inserted or updated. */
  const writeRow = (pending: PendingRow): 'inserted' | 'updated' => {
    const written = businesses.upsertWithId(pending.columns, () => uniqueSlug(businesses, slugSourceOf(pending.columns)));
    if (pending.isTemporarilyClosed || written.outcome === 'updated') reports.setTemporarilyClosed(pending.identity.key, pending.isTemporarilyClosed);
    return written.outcome;
  };
  /**
   * Writes a batch: the stored rows of its keys and the use of its new slugs are looked up in
   * one query each; a key repeated inside the batch is written once, at its first row, with its
   * last row's values (the last row wins, as written row by row, but the name search index is
   * not rewritten for each repeat); a row equal to the stored one is not written again (a
   * re-import of the same file rewrites nothing: no page, no change-log entry for the index),
   * though a change of its temporarily-closed mark alone is a change (migration 013 logs it);
   * the per-row insert triggers' work is done once for the batch (see bulk-insert-triggers.ts).
   * Returns each row's outcome and how many businesses it changed.
   */
  const writeBatch = (rows: readonly PendingRow[]): { outcomes: ('inserted' | 'updated')[]; changed: number } =>
    bulkTriggers.run(() => {
      const lastOfKey = new Map<string, PendingRow>();
      for (const pending of rows) lastOfKey.set(pending.identity.key, pending);
      const stored = businesses.findStored([...lastOfKey.keys()]);
      const taken = businesses.takenSlugs(rows.filter((pending) => !stored.has(pending.identity.key)).map((pending) => pending.slug));
      const inserted: InsertedBusiness[] = [];
      const idOfWritten = new Map<string, number>();
      // The last row of a key in the batch decides whether its business is marked closed.
      const closedById = new Map<number, boolean>();
      let changedInBatch = 0;
      const outcomes = rows.map((pending): 'inserted' | 'updated' => {
        const key = pending.identity.key;
        const last = lastOfKey.get(key)!;
        let id = idOfWritten.get(key);
        let outcome: 'inserted' | 'updated' = 'updated';
        if (id === undefined) {
          const before = stored.get(key);
          if (before !== undefined) {
            if (!isUnchanged(before, last.columns)) {
              businesses.updateColumns(last.columns);
              changedInBatch += 1;
            } else if ((before.is_temporarily_closed === 1) !== last.isTemporarilyClosed) {
              // Only its closure mark changes (written below): the record's triggers log it for the index.
              changedInBatch += 1;
            }
            id = before.id;
          } else {
            // The slug is the first row's, as when each row was written in turn; the batch's own inserts are in `taken` too.
            const slug = taken.has(pending.slug) ? uniqueSlug(businesses, slugSourceOf(pending.columns)) : pending.slug;
            taken.add(slug);
            id = businesses.insertColumns(last.columns, slug);
            inserted.push({ id, columns: last.columns, isDemo: false });
            changedInBatch += 1;
            outcome = 'inserted';
          }
          idOfWritten.set(key, id);
        }
        if (pending === last && (pending.isTemporarilyClosed || outcome === 'updated')) closedById.set(id, pending.isTemporarilyClosed);
        return outcome;
      });
      const closedIds: number[] = [];
      const openIds: number[] = [];
      for (const [id, isClosed] of closedById) (isClosed ? closedIds : openIds).push(id);
      reports.setTemporarilyClosedIds(closedIds, openIds);
      return { result: { outcomes, changed: changedInBatch }, inserted };
    });

  const tally = (pending: PendingRow, outcome: 'inserted' | 'updated') => {
    counts[outcome] += 1;
    if (pending.isFileDuplicate) return;
    if (outcome === 'updated') duplicates.database += 1;
    else duplicates.newKeys += 1;
  };

  const flush = () => {
    const rows = batch;
    batch = [];
    batchNumber += 1;
    if (options.isDryRun) {
      for (const pending of rows) tally(pending, pending.isFileDuplicate || reports.isKnown(pending.identity.key) ? 'updated' : 'inserted');
      batchWouldWrite = 0;
      reports.transaction(() => {
        reports.addRows(reportId, pendingEntries);
        reports.saveCounts(reportId, counts, expectedChanges(), progressDetails());
      });
      pendingEntries = [];
      return;
    }
    if (rows.length > 0 && source !== null) beforeFirstWrite(source.kind);
    // The tallies below change inside the transaction; if it rolls back they go back too, so the
    // row-by-row retry counts each row once.
    const countsBefore = { ...counts };
    const duplicatesBefore = { ...duplicates };
    const changedBefore = changed;
    try {
      reports.transaction(() => {
        const batchResult = writeBatch(rows);
        rows.forEach((pending, index) => tally(pending, batchResult.outcomes[index]!));
        changed += batchResult.changed;
        reports.addRows(reportId, pendingEntries);
        reports.saveCounts(reportId, counts, expectedChanges(), progressDetails());
      });
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'SqliteError') throw error;
      Object.assign(counts, countsBefore);
      Object.assign(duplicates, duplicatesBefore);
      changed = changedBefore;
      // No row would fit either: stop the file here (the batch rolled back whole).
      if (isRecordFull(error)) throw new RecordFullError();
      // A row the record refused (a constraint the cleaning did not foresee) rolled the batch
      // back: write the rows one by one so only that row fails, with the record's reason.
      for (const pending of rows) {
        try {
          tally(pending, reports.transaction(() => writeRow(pending)));
          changed += 1;
        } catch (rowError) {
          if (!(rowError instanceof Error) || rowError.name !== 'SqliteError') throw rowError;
          reportError([{ row: pending.row, column: '', reason: { code: 'record_refused', params: { detail: rowError.message } } }], pending.columns.name);
        }
      }
      reports.transaction(() => {
        reports.addRows(reportId, pendingEntries);
        reports.saveCounts(reportId, counts, expectedChanges(), progressDetails());
      });
    }
    pendingEntries = [];
    options.onBatchCommitted?.(batchNumber, changed);
    progress(false);
  };

  const fail = (failure: ImportReason): FileImportResult => {
    const result = buildResult(failure);
    reports.finish(reportId, 'failed', counts, { errors, columnExtraction: extraction, duplicateAnalysis: result.duplicateAnalysis }, failure);
    return result;
  };

  /** A completed file's counts in English (the admin screens compose their own sentence from the result's numbers). */
  const summaryMessage = () =>
    importCountsText(
      {
        totalRows: counts.totalRows, successCount: counts.inserted + counts.updated, inserted: counts.inserted,
        updated: duplicates.database, repeated: duplicates.excel, errorCount: counts.errorCount, skippedCount: counts.skipped,
      },
      options.isDryRun,
    );

  /** The file's result: completed when `failure` is null (its message then the counts in English), else failed with its reason. */
  const buildResult = (failure: ImportReason | null): FileImportResult => {
    const success = failure === null;
    const total = counts.totalRows;
    const successCount = counts.inserted + counts.updated;
    const duplicateAnalysis: DuplicateAnalysisReport = {
      totalRecords: total,
      recordsWithPlaceId: duplicates.withPlaceId,
      databaseDuplicateCount: duplicates.database,
      databaseDuplicateRate: percent(duplicates.database, total),
      newPlaceIdCount: duplicates.newKeys,
      newPlaceIdRate: percent(duplicates.newKeys, total),
      excelDuplicateCount: duplicates.excel,
      excelDuplicateRecords,
      uniquePlaceIds: seenKeys.size,
      totalDuplicateRecords: duplicates.excel + duplicates.database,
      duplicateRate: percent(duplicates.excel + duplicates.database, total),
    };
    return {
      success,
      message: failure === null ? summaryMessage() : importReasonText(failure),
      failure,
      totalRows: total,
      successCount,
      changedCount: changed,
      errorCount: counts.errorCount,
      skippedCount: counts.skipped,
      errors,
      skippedBusinesses,
      reportId,
      fileName: options.fileName,
      fileIndex: options.fileIndex ?? 1,
      totalFiles: options.totalFiles ?? 1,
      isDryRun: options.isDryRun,
      inserted: counts.inserted,
      updated: counts.updated,
      derivedKeyCount: duplicates.derived,
      unreadableHoursCount: duplicates.unreadableHours,
      temporarilyClosedCount: duplicates.temporarilyClosed,
      processingTimeSeconds: Math.round((performance.now() - started) / 100) / 10,
      columnExtraction: extraction,
      duplicateAnalysis: success || total > 0 ? duplicateAnalysis : null,
      indexUpdate: 'none',
    };
  };

  if (source === null) return fail({ code: 'file_unreadable', params: { problem: openProblem ?? { code: 'unreadable', params: {} } } });

  try {
    for await (const event of source.events) {
      if (event.type === 'header') {
        columns = mapColumns(event.cells);
        extraction = columnExtraction(columns);
        if (columns.fields.name === undefined) return fail(noNameColumnReason(options.fileName, source.kind, columns.headers));
        continue;
      }
      if (event.type === 'sheet') {
        sheets.add(event.sheet);
        continue;
      }
      if (event.type === 'header-unreadable') return fail({ code: 'header_unreadable', params: { problem: event.problem } });
      if (event.type === 'read-failed') {
        if (batch.length > 0 || pendingEntries.length > 0) flush();
        return fail({ code: 'read_stopped', params: { problem: event.problem, rows: counts.totalRows, written: counts.inserted + counts.updated } });
      }
      counts.totalRows += 1;
      if (event.type === 'business') {
        const key = event.identity.key;
        const isFileDuplicate = seenKeys.has(key);
        if (isFileDuplicate) {
          duplicates.excel += 1;
          if (excelDuplicateRecords.length < REPORTED_LIMIT) excelDuplicateRecords.push({ row: event.row, sheet: sheets.placeOf(event.row), key, name: event.columns.name });
        } else {
          seenKeys.add(key);
          if (event.identity.source === 'placeId' || event.identity.source === 'link') duplicates.withPlaceId += 1;
          if (event.identity.source === 'derived') duplicates.derived += 1;
        }
        if (event.hasUnreadableHours) duplicates.unreadableHours += 1;
        if (event.isTemporarilyClosed) duplicates.temporarilyClosed += 1;
        batch.push({ row: event.row, columns: event.columns, slug: event.slug, identity: event.identity, isTemporarilyClosed: event.isTemporarilyClosed, isFileDuplicate });
        if (options.isDryRun) batchWouldWrite += 1;
        if (batch.length >= options.batchSize) flush();
      } else if (event.type === 'unreadable') reportError([{ row: event.row, column: '', reason: { code: 'row_unreadable', params: { problem: event.problem } } }]);
      else if (event.type === 'repeated-header') reportSkip(event.row, null, { code: 'repeated_header', params: {} });
      else if (event.type === 'cells') throw new Error(`Row ${event.row} reached the importer unmapped.`);
      else {
        const mapped = event.mapped;
        if (mapped.kind === 'error') reportError(mapped.issues, mapped.name);
        else reportSkip(event.row, mapped.name, mapped.reason);
      }
      if (counts.totalRows % PROGRESS_EVERY_ROWS === 0) progress(false);
    }
    if (columns === null) return fail({ code: 'no_header', params: {} });
    if (batch.length > 0 || pendingEntries.length > 0 || batchNumber === 0) flush();
  } catch (error) {
    if (!(error instanceof RecordFullError)) throw error;
    const failure: ImportReason = { code: 'disk_full', params: { rows: counts.totalRows, written: counts.inserted + counts.updated } };
    try {
      reports.finish(reportId, 'failed', counts, null, failure);
    } catch (finishError) {
      // Even the report's few bytes may not fit: it stays running, and the next start marks it interrupted.
      if (!isRecordFull(finishError)) throw finishError;
    }
    return buildResult(failure);
  }

  const result = buildResult(null);
  reports.finish(reportId, 'completed', counts, {
    columnExtraction: result.columnExtraction,
    duplicateAnalysis: result.duplicateAnalysis,
    errors: result.errors,
    skippedBusinesses: result.skippedBusinesses,
    derivedKeyCount: result.derivedKeyCount,
    unreadableHoursCount: result.unreadableHoursCount,
    temporarilyClosedCount: result.temporarilyClosedCount,
    duplicatePolicy: 'last row wins',
  }, null);
  progress(true);
  return result;
}
