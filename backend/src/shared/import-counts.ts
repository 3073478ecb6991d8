/**
 * A completed file's counts, as its report's first sentence and its audit-log entry say them: in
 * English here (the API's `message`), in Turkish on the admin screens (import-summary.ts), both
 * from these numbers.
 */
import type { FileImportResult } from './import-types.ts';

export interface ImportCounts {
  totalRows: number;
  /** Rows written (or, in a dry run, that would have been): new and updated. */
  successCount: number;
  inserted: number;
  /** Businesses the record held before the file that it updated. */
  updated: number;
  /** Rows repeating a place of an earlier row of the file (the importer counts them as updated too). */
  repeated: number;
  errorCount: number;
  skippedCount: number;
}

/** A result's counts; `updated` counts only the businesses the record held before, when the report tells them apart. */
export function importCountsOf(result: FileImportResult): ImportCounts {
  const duplicates = result.duplicateAnalysis;
  return {
    totalRows: result.totalRows,
    successCount: result.successCount,
    inserted: result.inserted,
    updated: duplicates?.databaseDuplicateCount ?? result.updated,
    repeated: duplicates?.excelDuplicateCount ?? 0,
    errorCount: result.errorCount,
    skippedCount: result.skippedCount,
  };
}

/**
 * "2 of 2 rows imported (1 new, 1 updated), 0 with errors, 0 skipped." A row repeating a place of
 * an earlier row is counted as updated, but on a first import nothing was in the record to update:
 * the sentence tells the two apart.
 */
export function importCountsText(counts: ImportCounts, isDryRun: boolean): string {
  const verb = isDryRun ? 'would be imported' : 'imported';
  const repeats = counts.repeated > 0 ? `, ${counts.repeated} repeating an earlier row of the file` : '';
  return `${counts.successCount} of ${counts.totalRows} rows ${verb} (${counts.inserted} new, ${counts.updated} updated${repeats}), ${counts.errorCount} with errors, ${counts.skippedCount} skipped.`;
}
