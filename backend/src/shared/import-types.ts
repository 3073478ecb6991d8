/**
 * Shapes of the import and export calls (admin spec sections 3 and 7). The admin screens
 * import these types, so client and server cannot drift.
 */
import type { ImportReason } from './import-reasons.ts';

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export type BatchSize = (typeof BATCH_SIZES)[number];
export const DEFAULT_BATCH_SIZE: BatchSize = 500;
export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;

/**
 * Why a row was refused or skipped: the English `reason` for API readers, and its `code` and
 * `params` (import-reasons.ts), which the admin screens word in Turkish.
 */
export type ReportedReason = { reason: string } & ImportReason;

/**
 * A row of a workbook of several worksheets as the operator finds it: the sheet's name and the
 * row's own number there. Rows read from a workbook's later sheets are numbered on from the earlier
 * ones (`row`: unique across the file, as the same rows exported as CSV are numbered).
 */
export interface SheetPlace {
  name: string;
  row: number;
}

export type ImportRowError = {
  /** Row number as the spreadsheet shows it (the header is row 1); in a workbook, numbered on across its sheets. */
  row: number;
  /** The row's sheet and its own row there, for a workbook of several worksheets; null for a CSV or a single sheet. */
  sheet: SheetPlace | null;
  /** The column as the file names it ('' for a row that could not be read at all). */
  column: string;
} & ReportedReason;

export type SkippedBusiness = {
  row: number;
  sheet: SheetPlace | null;
  name: string | null;
} & ReportedReason;

/** The spec's simple upload report. successCount + errorCount + skippedCount = totalRows. */
export interface SimpleUploadReport {
  success: boolean;
  /** English: the counts of a completed import, or why the file failed. */
  message: string;
  totalRows: number;
  /** Rows written (or, in a dry run, that would be written); in-file duplicates included, the last one wins. */
  successCount: number;
  /** Rows not written because of a bad value; `errors` may list several problems of one row. */
  errorCount: number;
  skippedCount: number;
  /** The first 100 problems. */
  errors: ImportRowError[];
  /** The first 100 skipped rows. */
  skippedBusinesses: SkippedBusiness[];
}

export interface ColumnExtractionReport {
  extractedCount: number;
  totalColumns: number;
  /** Percent of the spec's 23 columns found, one decimal. */
  extractionRate: number;
  successful: string[];
  missing: string[];
  unrecognised: string[];
}

export interface DuplicateAnalysisReport {
  totalRecords: number;
  /** Distinct places (of `uniquePlaceIds`) whose Google place id was found (column or link); the rest have a cid or a derived key. */
  recordsWithPlaceId: number;
  /** Rows for a business the record already held before this file. */
  databaseDuplicateCount: number;
  databaseDuplicateRate: number;
  newPlaceIdCount: number;
  newPlaceIdRate: number;
  /** Rows repeating an identity seen earlier in the same file (the last row wins). */
  excelDuplicateCount: number;
  excelDuplicateRecords: { row: number; sheet: SheetPlace | null; key: string; name: string }[];
  /** Distinct places among the rows written (or, in a dry run, that would be). */
  uniquePlaceIds: number;
  totalDuplicateRecords: number;
  duplicateRate: number;
}

/** The spec's detailed per-file result of POST /api/upload-excel-batch. */
export interface FileImportResult extends SimpleUploadReport {
  /** Why the file failed, by code (`message` in English); null when it did not. */
  failure: ImportReason | null;
  reportId: number | null;
  fileName: string;
  fileIndex: number;
  totalFiles: number;
  isDryRun: boolean;
  inserted: number;
  updated: number;
  /**
   * Businesses written to the record, new or with a changed value (0 in a dry run). A row equal
   * to the stored business is counted as updated but not written again: a re-import of the same
   * file changes nothing. What the search index catches up on, and what IMPORT_REBUILD_THRESHOLD counts.
   */
  changedCount: number;
  /** Rows imported under a key derived from name, address and coordinates (no place id, no cid). */
  derivedKeyCount: number;
  /** Rows whose hours could not be read and were kept as text. */
  unreadableHoursCount: number;
  temporarilyClosedCount: number;
  processingTimeSeconds: number;
  columnExtraction: ColumnExtractionReport | null;
  duplicateAnalysis: DuplicateAnalysisReport | null;
  /** How the search index catches up: through the change log, by a background rebuild, or not at all (dry run, nothing written). */
  indexUpdate: 'change-log' | 'rebuild' | 'none';
}

/** A websocket progress message (one per committed batch and every few thousand rows read). */
export interface ImportProgressMessage {
  type: 'import-progress';
  reportId: number;
  fileName: string;
  fileIndex: number;
  totalFiles: number;
  rowsRead: number;
  rowsWritten: number;
  errorCount: number;
  skippedCount: number;
  bytesRead: number;
  fileSize: number;
  isDone: boolean;
}
