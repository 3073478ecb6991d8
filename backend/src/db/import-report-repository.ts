import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { importReasonText, storedImportReason, type ImportReason } from '../shared/import-reasons.ts';
import type { SheetPlace } from '../shared/import-types.ts';

export interface ReportCounts {
  totalRows: number;
  inserted: number;
  updated: number;
  skipped: number;
  errorCount: number;
}

export interface ReportRowEntry {
  row: number;
  /** Its sheet and its own row there, for a workbook of several worksheets (null before migration 014 kept them). */
  sheet: SheetPlace | null;
  kind: 'error' | 'skipped';
  column: string;
  /** The English words. */
  reason: string;
  /** The reason by code; null for a row stored before codes were kept (migration 011), which has its English words only. */
  issue: ImportReason | null;
  name: string | null;
}

interface StoredRow {
  row: number;
  sheet_name: string | null;
  sheet_row: number | null;
  kind: 'error' | 'skipped';
  column: string;
  reason: string;
  code: string | null;
  params: string | null;
  name: string | null;
}

export interface ImportReportRecord {
  id: number;
  file_name: string;
  file_size_bytes: number;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  total_rows: number;
  inserted: number;
  updated: number;
  skipped: number;
  error_count: number;
  details: string | null;
  started_at: string;
  finished_at: string | null;
  is_dry_run: 0 | 1;
  batch_size: number | null;
  owner_pid: number | null;
  message: string | null;
  /** Why it failed or stopped, by code (`message` in English); null when it did not, or for a report stored before codes were kept. */
  message_code: string | null;
  message_params: string | null;
}

/** SQL for upload reports as the importer writes them, their per-row entries and the closure marks. */
export class ImportReportRepository {
  private readonly insertReport: Statement;
  private readonly updateCounts: Statement;
  private readonly finishReport: Statement;
  private readonly insertRow: Statement;
  private readonly byId: Statement<[number], ImportReportRecord>;
  private readonly running: Statement<[], ImportReportRecord>;
  private readonly latest: Statement<[number], ImportReportRecord>;
  private readonly interrupt: Statement;
  private readonly rowsOf: Statement<[number], StoredRow>;
  private readonly idByKey: Statement<[string], number>;
  private readonly markClosed: Statement<[string]>;
  private readonly clearClosed: Statement<[string]>;
  private readonly markClosedIds: Statement<[string]>;
  private readonly clearClosedIds: Statement<[string]>;

  constructor(private readonly db: RecordDatabase) {
    this.insertReport = db.prepare(
      `INSERT INTO upload_reports (file_name, file_size_bytes, status, is_dry_run, batch_size, owner_pid)
       VALUES (@fileName, @fileSize, 'running', @isDryRun, @batchSize, @ownerPid)`,
    );
    this.updateCounts = db.prepare(
      `UPDATE upload_reports SET total_rows = @totalRows, inserted = @inserted, updated = @updated, skipped = @skipped,
       error_count = @errorCount, expected_rows = @expectedRows, details = coalesce(@details, details) WHERE id = @id`,
    );
    this.finishReport = db.prepare(
      `UPDATE upload_reports SET status = @status, total_rows = @totalRows, inserted = @inserted, updated = @updated,
       skipped = @skipped, error_count = @errorCount, details = @details, message = @message, message_code = @messageCode,
       message_params = @messageParams, owner_pid = NULL,
       finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`,
    );
    this.insertRow = db.prepare(
      `INSERT INTO upload_report_rows (report_id, row_number, sheet_name, sheet_row, kind, column_name, reason, code, params, name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare('SELECT * FROM upload_reports WHERE id = ?');
    this.running = db.prepare("SELECT * FROM upload_reports WHERE status = 'running'");
    this.latest = db.prepare('SELECT * FROM upload_reports ORDER BY started_at DESC, id DESC LIMIT ?');
    this.interrupt = db.prepare(
      `UPDATE upload_reports SET status = 'interrupted', owner_pid = NULL, message = ?, message_code = ?, message_params = ?,
       finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'running'`,
    );
    this.rowsOf = db.prepare(
      `SELECT row_number AS row, sheet_name, sheet_row, kind, column_name AS "column", reason, code, params, name
       FROM upload_report_rows WHERE report_id = ? ORDER BY row_number, id`,
    );
    this.idByKey = db.prepare('SELECT id FROM businesses WHERE place_id = ?').pluck() as Statement<[string], number>;
    this.markClosed = db.prepare(
      `INSERT INTO business_closures (business_id, status) SELECT id, 'temporarily_closed' FROM businesses WHERE place_id = ?
       ON CONFLICT (business_id) DO UPDATE SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    );
    this.clearClosed = db.prepare('DELETE FROM business_closures WHERE business_id = (SELECT id FROM businesses WHERE place_id = ?)');
    this.markClosedIds = db.prepare(
      `INSERT INTO business_closures (business_id, status) SELECT value, 'temporarily_closed' FROM json_each(?) WHERE true
       ON CONFLICT (business_id) DO UPDATE SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    );
    this.clearClosedIds = db.prepare('DELETE FROM business_closures WHERE business_id IN (SELECT value FROM json_each(?))');
  }
  /** The latest reports, newest first (dashboard and import history). */
  newest(limit: number): ImportReportRecord[] {
    return this.latest.all(limit);
  }


  create(report: { fileName: string; fileSize: number; isDryRun: boolean; batchSize: number; ownerPid: number }): number {
    return Number(this.insertReport.run({ ...report, isDryRun: report.isDryRun ? 1 : 0 }).lastInsertRowid);
  }

  /**
   * Counters as of the last committed batch, so a killed run's report says what is in the record;
   * with the rows the import should have written at its end (null: not known yet), and the details
   * known so far when given (how many updates were in-file repeats), which `finish` replaces.
   */
  saveCounts(id: number, counts: ReportCounts, expectedRows: number | null = null, details?: unknown): void {
    this.updateCounts.run({ id, ...counts, expectedRows, details: details === undefined ? null : JSON.stringify(details) });
  }

  addRows(id: number, rows: readonly ReportRowEntry[]): void {
    for (const row of rows) {
      this.insertRow.run(id, row.row, row.sheet?.name ?? null, row.sheet?.row ?? null, row.kind, row.column, row.reason, row.issue?.code ?? null, row.issue === null ? null : JSON.stringify(row.issue.params), row.name);
    }
  }

  /** Ends a report; `failure` says why it failed (its English words become the message). */
  finish(id: number, status: 'completed' | 'failed', counts: ReportCounts, details: unknown, failure: ImportReason | null): void {
    this.finishReport.run({
      id, status, ...counts, details: details === null ? null : JSON.stringify(details),
      message: failure === null ? null : importReasonText(failure),
      messageCode: failure?.code ?? null,
      messageParams: failure === null ? null : JSON.stringify(failure.params),
    });
  }

  find(id: number): ImportReportRecord | undefined {
    return this.byId.get(id);
  }

  /** Every error and skipped row of a report, in row order, one at a time. */
  *iterateRows(id: number): Generator<ReportRowEntry> {
    for (const { code, params, sheet_name: sheetName, sheet_row: sheetRow, ...row } of this.rowsOf.iterate(id)) {
      yield { ...row, sheet: sheetName === null || sheetRow === null ? null : { name: sheetName, row: sheetRow }, issue: storedImportReason(code, params) };
    }
  }

  /**
   * Marks 'running' reports whose owner process is gone as interrupted (a crash or kill): their
   * committed batches are in the record; re-running the file completes it.
   */
  markDeadRunsInterrupted(isAlive: (pid: number) => boolean): number {
    let marked = 0;
    for (const report of this.running.all()) {
      if (report.owner_pid !== null && isAlive(report.owner_pid)) continue;
      const failure: ImportReason = { code: 'interrupted', params: { rows: report.total_rows, written: report.inserted + report.updated } };
      marked += this.interrupt.run(importReasonText(failure), failure.code, JSON.stringify(failure.params), report.id).changes;
    }
    return marked;
  }

  isKnown(key: string): boolean {
    return this.idByKey.get(key) !== undefined;
  }

  setTemporarilyClosed(key: string, isClosed: boolean): void {
    (isClosed ? this.markClosed : this.clearClosed).run(key);
  }

  /** `setTemporarilyClosed` for a whole batch, by business id (two statements, not one per row). */
  setTemporarilyClosedIds(closedIds: readonly number[], openIds: readonly number[]): void {
    if (closedIds.length > 0) this.markClosedIds.run(JSON.stringify(closedIds));
    if (openIds.length > 0) this.clearClosedIds.run(JSON.stringify(openIds));
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}

/**
 * A check of whether an import (not a dry run) is running in a live process and will have
 * changed, by the share of its file read so far, more than `threshold` businesses: at its end the
 * index is rebuilt from the record (`npm run import` and the server's import service both rebuild
 * above that threshold), so applying its rows through the change log meanwhile would be work
 * thrown away. Should the estimate be wrong (rows that turn out duplicates or errors), the import
 * ends without a rebuild and the sync applies its rows then. One indexed read of the running reports.
 */
export function rebuildBoundImportCheck(db: RecordDatabase, threshold: number): () => boolean {
  const owners = db
    .prepare(
      `SELECT owner_pid FROM upload_reports
       WHERE status = 'running' AND is_dry_run = 0 AND owner_pid IS NOT NULL AND coalesce(expected_rows, 0) > ?`,
    )
    .pluck() as Statement<[number], number>;
  return () => owners.all(threshold).some(isProcessAlive);
}

/** Whether a process id is alive on this machine (signal 0 only checks). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true;
    throw error;
  }
}
