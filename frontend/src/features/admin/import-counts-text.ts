/**
 * An import's counts in the operator's words, as the upload screen's reports and the activity
 * log's import entries both say them (kept here, in the admin feature both reach, so neither
 * feature imports the other for it).
 */
import type { ImportCounts } from '@directory/backend/shared/import-counts.ts';
import { formatCount } from './admin-format.ts';

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
