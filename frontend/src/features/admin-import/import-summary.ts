/**
 * What an uploaded file's report says first, in the operator's words: a completed file's counts
 * composed here from the result's numbers (the server's English sentence is for API readers), a
 * failed file's reason from its code.
 */
import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';
import type { FileImportResult } from '@directory/backend/shared/import-types.ts';
import { formatCount } from '../admin/admin-format.ts';

/**
 * The businesses the record held before the file that it updated, and the rows repeating a place
 * of an earlier row of the file: the stored `updated` counts both, as the importer counts its writes.
 */
export function updatesOf(result: FileImportResult): { updated: number; repeated: number } {
  const duplicates = result.duplicateAnalysis;
  return { updated: duplicates?.databaseDuplicateCount ?? result.updated, repeated: duplicates?.excelDuplicateCount ?? 0 };
}

/**
 * "745 satırın 745 tanesi içe aktarıldı (0 yeni, 745 güncelleme); 0 satır hatalı, 0 satır atlandı."
 * A dry run says what would have been written, and that nothing was.
 */
export function importSummaryText(result: FileImportResult): string {
  const { updated, repeated } = updatesOf(result);
  const parts = [`${formatCount(result.inserted)} yeni`, `${formatCount(updated)} güncelleme`];
  if (repeated > 0) parts.push(`${formatCount(repeated)} dosyada tekrar eden`);
  const rows = `${formatCount(result.totalRows)} satırın ${formatCount(result.successCount)} tanesi`;
  const problems = `${formatCount(result.errorCount)} satır hatalı, ${formatCount(result.skippedCount)} satır`;
  return result.isDryRun
    ? `Deneme: ${rows} yazılacaktı (${parts.join(', ')}); ${problems} atlanacaktı. Kayda hiçbir şey yazılmadı.`
    : `${rows} içe aktarıldı (${parts.join(', ')}); ${problems} atlandı.`;
}

/** The first sentence of a file's report: its counts, or why it failed (a failure the screen itself met is already Turkish). */
export function resultStatusText(result: FileImportResult): string {
  if (result.success) return importSummaryText(result);
  return result.failure === null ? result.message : importReasonTurkish(result.failure);
}
