/**
 * Import and export (admin spec sections 2, 3, 7): uploads streamed to a temporary file and
 * imported in a worker thread, the export (CSV or .xlsx) streamed from SQLite, and each report's
 * errors as CSV. The session guards are parameters: the admin area passes its read and write guards.
 */
import Router from '@koa/router';
import { stringify } from 'csv-stringify';
import type { Context, Middleware } from 'koa';
import { Readable } from 'node:stream';
import type { RecordDatabase } from '@directory/data/record.ts';
import { ImportReportRepository, type ReportRowEntry } from '../../db/import-report-repository.ts';
import { notFound } from '../../errors.ts';
import { badRequestFromIssues, validate } from '../../middleware/validate.ts';
import { recordAudit } from '../../services/audit-log.ts';
import { EXPORT_CONTENT_TYPES, filteredExportFileName, neutraliseFormula, simpleExportFileName, streamExport, type ExportFilter } from '../../services/export-service.ts';
import type { ImportService } from '../../services/import-service.ts';
import type { AuditResult } from '../../shared/admin-types.ts';
import type { AuditDetail } from '../../shared/audit-details.ts';
import { importCountsOf } from '../../shared/import-counts.ts';
import { importReasonTurkish } from '../../shared/import-reasons-turkish.ts';
import { DEFAULT_BATCH_SIZE, type FileImportResult, type SimpleUploadReport } from '../../shared/import-types.ts';
import { receiveUpload } from './receive-upload.ts';
import {
  ExportCsvGetSchema, ExportCsvPostSchema, ReportErrorsSchema, UploadBatchFieldsSchema, UploadSimpleFieldsSchema,
  type ExportCsvGetReq, type ExportCsvPostReq, type ReportErrorsReq,
} from './schema.ts';

export interface ImportRouterOptions {
  imports: ImportService;
  record: RecordDatabase;
  /** Lets admin reads through (a session) or answers 401. */
  guardRead: Middleware;
  /** Lets admin writes through (a session and its CSRF token) or answers 401/403. */
  guardWrite: Middleware;
}

/** The spec's 10-minute upload time-out for the largest files: the socket stays open while the file is imported. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

function presentSimpleReport(result: FileImportResult): SimpleUploadReport {
  return {
    success: result.success,
    message: result.message,
    totalRows: result.totalRows,
    successCount: result.successCount,
    errorCount: result.errorCount,
    skippedCount: result.skippedCount,
    errors: result.errors,
    skippedBusinesses: result.skippedBusinesses,
  };
}

/** An import's audit-log detail: its report, then its counts or why it failed. */
function importAuditDetail(result: FileImportResult): AuditDetail {
  const { reportId, isDryRun } = result;
  if (result.failure !== null) return { code: 'import_failed', params: { reportId, isDryRun, failure: result.failure } };
  return { code: 'import_done', params: { reportId, isDryRun, counts: importCountsOf(result) } };
}

/**
 * The errors CSV is read in Excel beside the admin's Turkish screens, by the same operators: its
 * columns, kinds and reasons are Turkish (the API's JSON keeps the English words and the codes).
 * A workbook of several worksheets gets a first column naming each row's sheet, and its `satır`
 * is the row's own number in that sheet, where the operator finds it.
 */
const ERRORS_CSV_COLUMNS = ['satır', 'tür', 'sütun', 'neden', 'ad'];
const SHEET_COLUMN = 'sayfa';
const ROW_KIND_WORDS = { error: 'hata', skipped: 'atlandı' } as const;

/** One stored row of a report as a line of its errors CSV (with its sheet first when `hasSheets`). */
function errorsCsvLine(row: ReportRowEntry, hasSheets: boolean): (string | number)[] {
  // A row stored before codes were kept has its English words only.
  const reason = row.issue === null ? row.reason : importReasonTurkish(row.issue, row.column);
  const line = [row.sheet?.row ?? row.row, ROW_KIND_WORDS[row.kind], neutraliseFormula(row.column), neutraliseFormula(reason), row.name === null ? '' : neutraliseFormula(row.name)];
  return hasSheets ? [row.sheet === null ? '' : neutraliseFormula(row.sheet.name), ...line] : line;
}

function sendFile(ctx: Parameters<Middleware>[0], contentType: string, fileName: string, body: Readable): void {
  ctx.set('Content-Type', contentType);
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export function createImportRouter({ imports, record, guardRead, guardWrite }: ImportRouterOptions): Router {
  const router = new Router();
  const reports = new ImportReportRepository(record);

  /**
   * Receives the upload, validates its fields, imports it in a worker, removes the temporary file,
   * and writes the import's outcome to the audit log (a refused upload is written by auditRefusedWrites).
   */
  const importUpload = async (ctx: Context, schema: typeof UploadBatchFieldsSchema | typeof UploadSimpleFieldsSchema) => {
    ctx.req.setTimeout(UPLOAD_TIMEOUT_MS);
    const upload = await receiveUpload(ctx.req);
    try {
      const parsed = schema.safeParse(upload.fields, { reportInput: true });
      if (!parsed.success) throw badRequestFromIssues(parsed.error.issues);
      const fields = { batchSize: DEFAULT_BATCH_SIZE, fileIndex: 1, totalFiles: 1, ...parsed.data };
      const audit = (result: AuditResult, detail: AuditDetail) => recordAudit(record, { action: 'import.file', target: upload.fileName, result, address: ctx.ip, detail });
      let result: FileImportResult;
      try {
        result = await imports.importFile({
          file: upload.file, fileName: upload.fileName, batchSize: fields.batchSize, isDryRun: fields.dryRun,
          fileIndex: fields.fileIndex, totalFiles: fields.totalFiles,
        });
      } catch (error) {
        audit('error', { code: 'import_crashed', params: { isDryRun: fields.dryRun } });
        throw error;
      }
      audit(result.success ? (result.isDryRun ? 'info' : 'success') : 'error', importAuditDetail(result));
      return result;
    } finally {
      await upload.discard();
    }
  };

  router.post('/upload-excel', guardWrite, async (ctx) => {
    ctx.body = presentSimpleReport(await importUpload(ctx, UploadSimpleFieldsSchema));
  });

  router.post('/upload-excel-batch', guardWrite, async (ctx) => {
    const result: FileImportResult = await importUpload(ctx, UploadBatchFieldsSchema);
    ctx.body = result;
  });

  router.get('/admin/upload-reports/:id/errors.csv', guardRead, validate(ReportErrorsSchema), (ctx) => {
    const { params } = ctx.state.input as ReportErrorsReq;
    if (!reports.find(params.id)) throw notFound(`No upload report ${params.id}`, { kind: 'report', id: params.id });
    const stored = reports.iterateRows(params.id);
    // Every row of a workbook of several worksheets names its sheet: the first row tells whether the file's rows do.
    const first = stored.next();
    const hasSheets = !first.done && first.value.sheet !== null;
    const rows = Readable.from(
      (function* () {
        if (first.done) return;
        yield errorsCsvLine(first.value, hasSheets);
        for (const row of stored) yield errorsCsvLine(row, hasSheets);
      })(),
    );
    const columns = hasSheets ? [SHEET_COLUMN, ...ERRORS_CSV_COLUMNS] : ERRORS_CSV_COLUMNS;
    sendFile(ctx, EXPORT_CONTENT_TYPES.csv, `upload_report_${params.id}_errors.csv`, rows.pipe(stringify({ header: true, columns, bom: true, record_delimiter: 'windows' })));
  });

  router.get('/admin/import-status', guardRead, (ctx) => {
    ctx.body = { indexCatchUp: imports.indexCatchUp() };
  });

  router.post('/export-csv', guardWrite, validate(ExportCsvPostSchema), (ctx) => {
    const { body } = ctx.state.input as ExportCsvPostReq;
    const filter: ExportFilter = { fields: body.selectedFields, countryCode: body.countryCode, categories: [], dateRange: 'all', startDate: null, endDate: null };
    const now = new Date();
    sendFile(ctx, EXPORT_CONTENT_TYPES[body.format], simpleExportFileName(now, body.format), streamExport(record.name, filter, body.format, now));
  });

  router.get('/admin/export-csv', guardRead, validate(ExportCsvGetSchema), (ctx) => {
    const { query } = ctx.state.input as ExportCsvGetReq;
    const filter: ExportFilter = {
      fields: query.fields, countryCode: query.countryCode, categories: query.categories, dateRange: query.dateRange,
      startDate: query.startDate ?? null, endDate: query.endDate ?? null,
    };
    const now = new Date();
    sendFile(ctx, EXPORT_CONTENT_TYPES[query.format], filteredExportFileName(filter, now, query.format), streamExport(record.name, filter, query.format, now));
  });

  return router;
}
