import { z } from 'zod';
import type { ImportReportRecord } from '../db/import-report-repository.ts';
import type { UploadReport } from '../shared/admin-types.ts';
import { storedImportReason } from '../shared/import-reasons.ts';

const count = z.coerce.number().finite().nonnegative().catch(0);
/** The part of the stored details the dashboard shows; anything missing reads as 0. */
const DuplicateAnalysisDetails = z
  .object({
    duplicateAnalysis: z
      .object({
        excelDuplicateCount: count,
        databaseDuplicateCount: count,
        newPlaceIdCount: count,
        uniquePlaceIds: count,
        totalDuplicateRecords: count,
        duplicateRate: count,
      })
      .partial()
      .catch({}),
  })
  .partial()
  .catch({});

const STATUSES = ['running', 'completed', 'failed', 'interrupted'] as const;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

function parseDetails(details: string | null): z.infer<typeof DuplicateAnalysisDetails> {
  if (details === null) return {};
  try {
    return DuplicateAnalysisDetails.parse(JSON.parse(details));
  } catch (error) {
    // The column is checked as JSON by SQLite; a parse failure can only be a foreign writer's text.
    if (error instanceof SyntaxError) return {};
    throw error;
  }
}

/**
 * An upload report row in the dashboard's shape (rates in percent, one decimal). The stored
 * `updated` counts a row repeating an earlier row of the file as an update, as the importer
 * counts its writes; the dashboard says what the report card says: updates of businesses the
 * record held, and in-file repeats apart, read from the stored duplicate analysis (kept by every
 * completed import, and while a file is read). A report that kept no count of repeats keeps its `updated`.
 */
export function presentUploadReport(row: ImportReportRecord): UploadReport {
  const duplicates = parseDetails(row.details).duplicateAnalysis ?? {};
  const repeated = duplicates.excelDuplicateCount ?? null;
  const updated = duplicates.databaseDuplicateCount ?? Math.max(0, row.updated - (repeated ?? 0));
  const status = (STATUSES as readonly string[]).includes(row.status) ? (row.status as UploadReport['status']) : 'failed';
  const seconds = row.finished_at ? Math.max(0, (Date.parse(row.finished_at) - Date.parse(row.started_at)) / 1000) : 0;
  return {
    id: row.id,
    success: status === 'completed',
    status,
    timestamp: row.started_at,
    isDryRun: row.is_dry_run === 1,
    message: row.message,
    failure: storedImportReason(row.message_code, row.message_params),
    errorsCsvUrl: row.error_count + row.skipped > 0 ? `/api/admin/upload-reports/${row.id}/errors.csv` : null,
    summary: {
      fileName: row.file_name,
      fileSizeMB: Math.round((row.file_size_bytes / (1024 * 1024)) * 100) / 100,
      processingTimeSeconds: Math.round(seconds * 10) / 10,
      totalRecords: row.total_rows,
    },
    results: {
      inserted: row.inserted,
      updated,
      repeated,
      skipped: row.skipped,
      errors: row.error_count,
      updateRate: percent(updated, row.total_rows),
      skipRate: percent(row.skipped, row.total_rows),
    },
    duplicateAnalysis: {
      excelDuplicateCount: duplicates.excelDuplicateCount ?? 0,
      databaseDuplicateCount: duplicates.databaseDuplicateCount ?? 0,
      newPlaceIdCount: duplicates.newPlaceIdCount ?? 0,
      uniquePlaceIds: duplicates.uniquePlaceIds ?? 0,
      totalDuplicateRecords: duplicates.totalDuplicateRecords ?? 0,
      duplicateRate: duplicates.duplicateRate ?? 0,
    },
  };
}
