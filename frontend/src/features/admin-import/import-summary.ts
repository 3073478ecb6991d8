/**
 * What an uploaded file's report says first, in the operator's words: a completed file's counts
 * composed here from the result's numbers (the server's English sentence is for API readers), a
 * failed file's reason from its code.
 */
import { importCountsOf } from '@directory/backend/shared/import-counts.ts';
import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';
import type { FileImportResult } from '@directory/backend/shared/import-types.ts';
import { formatCount } from '../admin/admin-format.ts';
import { importCountsSummary } from '../admin/import-counts-text.ts';

/** A completed file's counts in Turkish. */
export const importSummaryText = (result: FileImportResult): string => importCountsSummary(importCountsOf(result), result.isDryRun);

/** The first sentence of a file's report: its counts, or why it failed (a failure the screen itself met is already Turkish). */
export function resultStatusText(result: FileImportResult): string {
  if (result.success) return importSummaryText(result);
  return result.failure === null ? result.message : importReasonTurkish(result.failure);
}

/** The notice over the reports once every file is done; `tone` 'warning' when files went in but rows of them did not. */
export interface UploadNotice {
  text: string;
  tone: 'success' | 'warning' | 'error';
}

/**
 * What the upload says when it ends (spec section 4: every file uploaded, or "Kısmi başarı n/total"
 * in destructive style). Files that went in with rows refused or skipped do not read as a plain
 * success: the notice counts those rows and points at the reports below.
 */
export function uploadNotice(results: readonly FileImportResult[], isDryRun: boolean): UploadNotice {
  const succeeded = results.filter((result) => result.success);
  if (succeeded.length < results.length) return { text: `Kısmi başarı ${succeeded.length}/${results.length}`, tone: 'error' };
  const errors = succeeded.reduce((sum, result) => sum + result.errorCount, 0);
  const skipped = succeeded.reduce((sum, result) => sum + result.skippedCount, 0);
  // A dry run skipped nothing: it says what an import would have skipped.
  const skippedVerb = isDryRun ? 'atlanacaktı' : 'atlandı';
  const problems = [errors > 0 ? `${formatCount(errors)} satır hatalı` : null, skipped > 0 ? `${formatCount(skipped)} satır ${skippedVerb}` : null]
    .filter(Boolean)
    .join(', ');
  if (isDryRun) {
    const done = 'Deneme tamamlandı: tüm dosyalar okundu ve denetlendi, kayda hiçbir şey yazılmadı.';
    return problems === '' ? { text: done, tone: 'success' } : { text: `${done} ${problems}; ayrıntılar aşağıda.`, tone: 'warning' };
  }
  return problems === '' ? { text: 'Tüm dosyalar başarıyla yüklendi.', tone: 'success' } : { text: `Tüm dosyalar yüklendi; ${problems}: ayrıntılar aşağıda.`, tone: 'warning' };
}
