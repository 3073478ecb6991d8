/**
 * What an uploaded file's report says first, in the operator's words: a completed file's counts
 * composed here from the result's numbers (the server's English sentence is for API readers), a
 * failed file's reason from its code.
 */
import { importCountsOf, type ImportCounts } from '@directory/backend/shared/import-counts.ts';
import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';
import type { FileImportResult } from '@directory/backend/shared/import-types.ts';
import { formatCount } from '../admin/admin-format.ts';

/**
 * "745 satırın 745 tanesi içe aktarıldı (0 yeni, 745 güncelleme); 0 satır hatalı, 0 satır atlandı."
 * A dry run says what would have been written, and that nothing was. The activity log words an
 * import's entry with it too.
 */
export function importCountsSummary(counts: ImportCounts, isDryRun: boolean): string {
  const parts = [`${formatCount(counts.inserted)} yeni`, `${formatCount(counts.updated)} güncelleme`];
  if (counts.repeated > 0) parts.push(`${formatCount(counts.repeated)} dosyada tekrar eden`);
  const rows = `${formatCount(counts.totalRows)} satırın ${formatCount(counts.successCount)} tanesi`;
  const problems = `${formatCount(counts.errorCount)} satır hatalı, ${formatCount(counts.skippedCount)} satır`;
  return isDryRun
    ? `Deneme: ${rows} yazılacaktı (${parts.join(', ')}); ${problems} atlanacaktı. Kayda hiçbir şey yazılmadı.`
    : `${rows} içe aktarıldı (${parts.join(', ')}); ${problems} atlandı.`;
}

/** A completed file's counts in Turkish. */
export const importSummaryText = (result: FileImportResult): string => importCountsSummary(importCountsOf(result), result.isDryRun);

/** The first sentence of a file's report: its counts, or why it failed (a failure the screen itself met is already Turkish). */
export function resultStatusText(result: FileImportResult): string {
  if (result.success) return importSummaryText(result);
  return result.failure === null ? result.message : importReasonTurkish(result.failure);
}
