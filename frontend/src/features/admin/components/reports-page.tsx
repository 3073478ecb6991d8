import { useLoaderData } from 'react-router-dom';
import type { AdminShare } from '@directory/backend/shared/admin-types.ts';
import { formatCount, formatDateTime, formatDecimal, formatPercent } from '../admin-format.ts';
import { REPEATED_LABEL, repeatedHint, repeatedText, UPDATED_HINT } from '../upload-report-figures.ts';
import type { reportsLoader } from '../loaders.ts';
import { DryRunBadge } from './dry-run-badge.tsx';
import { PageHeader, ShareBar, StatCard } from './page-header.tsx';
import { UploadReportNotes } from './upload-report-notes.tsx';

const MISSING_LABELS: { key: 'phone' | 'coordinates' | 'hours' | 'photo'; label: string }[] = [
  { key: 'phone', label: 'Telefonu olmayan' },
  { key: 'coordinates', label: 'Koordinatı olmayan' },
  { key: 'hours', label: 'Çalışma saati olmayan' },
  { key: 'photo', label: 'Fotoğrafı olmayan' },
];

const IMPORT_STATUS_TEXT = { running: 'Sürüyor', completed: 'Tamamlandı', failed: 'Başarısız', interrupted: 'Yarıda kaldı' } as const;
const IMPORT_STATUS_TONE = { running: 'info', completed: 'success', failed: 'error', interrupted: 'warning' } as const;

function MissingLine({ label, share }: { label: string; share: AdminShare }) {
  return (
    <li>
      <div className="admin-category-row">
        <span>{label}</span>
        <span className="muted">
          {formatCount(share.count)} · {formatPercent(share.share)}
        </span>
      </div>
      <ShareBar share={share.share} label={`${label}: ${formatPercent(share.share)}`} />
    </li>
  );
}

export function ReportsPage() {
  const { reports } = useLoaderData<typeof reportsLoader>();
  const share = (count: number) => (reports.total > 0 ? count / reports.total : 0);
  return (
    <>
      <PageHeader title="Raporlar" description="İçerik raporları ve içe aktarma geçmişi." />
      <section className="admin-stats admin-stats-compact" aria-label="Özet">
        <StatCard label="Toplam İşletme" value={formatCount(reports.total)} tone="primary" />
        <StatCard label="Onay Bekleyen" value={formatCount(reports.notApproved)} detail={formatPercent(share(reports.notApproved))} tone="warning" />
        <StatCard label="Ülke" value={formatCount(reports.byCountry.length)} />
        <StatCard label="İçe Aktarma" value={formatCount(reports.imports.length)} />
      </section>
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="missing-title">
          <h2 id="missing-title">Eksik Bilgiler</h2>
          <ul className="admin-category-list">
            {MISSING_LABELS.map(({ key, label }) => (
              <MissingLine key={key} label={label} share={reports.missing[key]} />
            ))}
          </ul>
        </section>
        <section className="admin-panel" aria-labelledby="countries-title">
          <h2 id="countries-title">Ülkelere Göre İşletmeler</h2>
          <div className="admin-table-wrap admin-scroll">
            <table className="admin-table admin-table-plain">
              <thead>
                <tr>
                  <th scope="col">Ülke</th>
                  <th scope="col" className="admin-num">
                    İşletme
                  </th>
                  <th scope="col" className="admin-num">
                    Pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {reports.byCountry.map((country) => (
                  <tr key={country.code}>
                    <td>
                      {country.name} <span className="muted">({country.code})</span>
                    </td>
                    <td className="admin-num">{formatCount(country.count)}</td>
                    <td className="admin-num">{formatPercent(share(country.count))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="admin-panel" aria-labelledby="report-categories-title">
          <h2 id="report-categories-title">Kategorilere Göre İşletmeler (ilk 50)</h2>
          <div className="admin-table-wrap admin-scroll">
            <table className="admin-table admin-table-plain">
              <thead>
                <tr>
                  <th scope="col">Kategori</th>
                  <th scope="col" className="admin-num">
                    İşletme
                  </th>
                  <th scope="col" className="admin-num">
                    Pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {reports.byCategory.map((category) => (
                  <tr key={category.category}>
                    <td>{category.category}</td>
                    <td className="admin-num">{formatCount(category.count)}</td>
                    <td className="admin-num">{formatPercent(share(category.count))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="admin-panel admin-span-2" aria-labelledby="imports-title">
          <h2 id="imports-title">İçe Aktarma Geçmişi</h2>
          {reports.imports.length === 0 ? (
            <p className="muted">Henüz içe aktarma yok.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table-cards">
                <thead>
                  <tr>
                    <th scope="col">Dosya</th>
                    <th scope="col">Tarih</th>
                    <th scope="col">Durum</th>
                    <th scope="col" className="admin-num">
                      Kayıt
                    </th>
                    <th scope="col" className="admin-num">
                      Eklenen
                    </th>
                    <th scope="col" className="admin-num">
                      Güncellenen
                    </th>
                    <th scope="col" className="admin-num">
                      Atlanan
                    </th>
                    <th scope="col" className="admin-num">
                      Hata
                    </th>
                    <th scope="col" className="admin-num">
                      {REPEATED_LABEL}
                    </th>
                    <th scope="col" className="admin-num">
                      Süre
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {reports.imports.map((report) => (
                    <tr key={report.id}>
                      <td data-label="Dosya" className="admin-break">
                        {report.summary.fileName}
                        <span className="admin-row-sub">{formatDecimal(report.summary.fileSizeMB)} MB</span>
                      </td>
                      <td data-label="Tarih" className="admin-nowrap">
                        {formatDateTime(report.timestamp)}
                      </td>
                      <td data-label="Durum" className="admin-report-state">
                        <span className={`admin-status admin-status-${IMPORT_STATUS_TONE[report.status]}`}>{IMPORT_STATUS_TEXT[report.status]}</span>
                        {report.isDryRun && <> <DryRunBadge /></>}
                        <UploadReportNotes report={report} />
                      </td>
                      <td data-label="Kayıt" className="admin-num">
                        {formatCount(report.summary.totalRecords)}
                      </td>
                      <td data-label="Eklenen" className="admin-num">
                        {formatCount(report.results.inserted)}
                      </td>
                      <td data-label="Güncellenen" className="admin-num" title={UPDATED_HINT}>
                        {formatCount(report.results.updated)}
                      </td>
                      <td data-label="Atlanan" className="admin-num">
                        {formatCount(report.results.skipped)}
                      </td>
                      <td data-label="Hata" className="admin-num">
                        {formatCount(report.results.errors)}
                      </td>
                      <td data-label={REPEATED_LABEL} className="admin-num" title={repeatedHint(report.results.repeated)}>
                        {repeatedText(report.results.repeated)}
                      </td>
                      <td data-label="Süre" className="admin-num">
                        {formatDecimal(report.summary.processingTimeSeconds)} sn
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
