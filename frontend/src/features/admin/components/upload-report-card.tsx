import type { UploadReport } from '@directory/backend/shared/admin-types.ts';
import { formatCount, formatDateTime, formatDecimal, formatPercent } from '../admin-format.ts';
import { REPEATED_LABEL, repeatedHint, repeatedText, UPDATED_HINT } from '../upload-report-figures.ts';
import { DryRunBadge } from './dry-run-badge.tsx';
import { UploadReportNotes } from './upload-report-notes.tsx';

const STATUS_TEXT: Record<UploadReport['status'], string> = {
  running: 'Sürüyor',
  completed: 'Tamamlandı',
  failed: 'Başarısız',
  interrupted: 'Yarıda kaldı',
};

const STATUS_TONE: Record<UploadReport['status'], string> = { running: 'info', completed: 'success', failed: 'error', interrupted: 'warning' };

/** A share of the file's rows, computed from the counts (the contract leaves the rates' unit open). */
const shareOf = (count: number, total: number) => formatPercent(total > 0 ? count / total : 0);

/** One upload report: file, state, how many rows went where (updates of the record apart from in-file repeats, as the report card says). */
export function UploadReportCard({ report }: { report: UploadReport }) {
  const { summary, results } = report;
  return (
    <article className="admin-report">
      <header className="admin-report-head">
        <h3 title={summary.fileName}>{summary.fileName}</h3>
        <span className="admin-report-badges">
          {report.isDryRun && <DryRunBadge />}
          <span className={`admin-status admin-status-${STATUS_TONE[report.status]}`}>{STATUS_TEXT[report.status]}</span>
        </span>
      </header>
      <p className="muted admin-report-meta">
        {formatDateTime(report.timestamp)} · {formatDecimal(summary.fileSizeMB)} MB · {formatDecimal(summary.processingTimeSeconds)} sn
      </p>
      <UploadReportNotes report={report} />
      <dl className="admin-report-figures">
        <div>
          <dt>Kayıt</dt>
          <dd>{formatCount(summary.totalRecords)}</dd>
        </div>
        <div>
          <dt>Eklenen</dt>
          <dd>{formatCount(results.inserted)}</dd>
        </div>
        <div>
          <dt>Güncellenen</dt>
          <dd title={UPDATED_HINT}>
            {formatCount(results.updated)} <small>({shareOf(results.updated, summary.totalRecords)})</small>
          </dd>
        </div>
        <div>
          <dt>Atlanan</dt>
          <dd>
            {formatCount(results.skipped)} <small>({shareOf(results.skipped, summary.totalRecords)})</small>
          </dd>
        </div>
        <div>
          <dt>Hata</dt>
          <dd>{formatCount(results.errors)}</dd>
        </div>
        <div>
          <dt>{REPEATED_LABEL}</dt>
          <dd title={repeatedHint(results.repeated)}>{repeatedText(results.repeated)}</dd>
        </div>
      </dl>
    </article>
  );
}
