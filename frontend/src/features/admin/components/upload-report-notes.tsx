import type { UploadReport } from '@directory/backend/shared/admin-types.ts';
import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';

/** What an upload report says beside its figures: why it failed or stopped, and its error and skipped rows as CSV. */
export function UploadReportNotes({ report }: { report: UploadReport }) {
  if (report.message === null && report.errorsCsvUrl === null) return null;
  return (
    <div className="admin-report-notes">
      {report.failure !== null ? (
        <p className="admin-report-message">{importReasonTurkish(report.failure)}</p>
      ) : (
        // A report stored before reasons had codes: its English words, as they were stored.
        report.message !== null && <p className="admin-report-message" lang="en">{report.message}</p>
      )}
      {report.errorsCsvUrl !== null && (
        // A file download, not a page: a plain link the router leaves alone.
        <a href={report.errorsCsvUrl} download aria-label={`Hatalı ve atlanan satırlar (CSV): ${report.summary.fileName}`}>
          Hatalı ve atlanan satırlar (CSV)
        </a>
      )}
    </div>
  );
}
