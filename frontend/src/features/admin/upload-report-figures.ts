/**
 * An upload report's figures as the dashboard and the import history show them, worded as the
 * import's report card (features/admin-import/components/file-report.tsx) words them.
 */
import { formatCount } from './admin-format.ts';

/** Rows repeating a place of an earlier row of their file (the last one wins). */
export const REPEATED_LABEL = 'Dosyada tekrar eden';

/** What "Güncellenen" counts, as a hint on its figure. */
export const UPDATED_HINT = 'Kayıtta zaten olan işletmeler';

/** A report's repeats; a dash for a report that did not count them apart (its updates include them). */
export const repeatedText = (repeated: number | null) => (repeated === null ? '—' : formatCount(repeated));

/** The hint of a dash: why a report has no count of repeats. */
export const repeatedHint = (repeated: number | null) =>
  repeated === null ? 'Bu rapor tekrar eden satırları ayrı saymadı; Güncellenen onları da içerir.' : undefined;
