import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { AdminStats, UploadReport } from '@directory/backend/shared/admin-types.ts';
import { formatBytes, formatCount, formatDuration, formatPercent } from '../admin-format.ts';
import type { dashboardLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader, ShareBar, StatCard } from './page-header.tsx';
import { UploadReportCard } from './upload-report-card.tsx';
import { ActivityLine } from './activity-line.tsx';
import { VisitorsChart } from './visitors-chart.tsx';

/** The spec refetches upload reports every 5 seconds on the dashboard. */
const UPLOAD_REPORT_POLL_MS = 5000;
const RECENT_REPORTS = 3;

/** The latest upload reports, kept fresh while the dashboard is open. */
function useLatestUploadReports(initial: UploadReport[]): UploadReport[] {
  const api = useAdminApi();
  const [reports, setReports] = useState(initial);
  useEffect(() => setReports(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(() => {
      // A failed poll keeps the last reports on screen; the next tick tries again.
      api.uploadReports().then(setReports, () => undefined);
    }, UPLOAD_REPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [api]);
  return reports.slice(0, RECENT_REPORTS);
}

/** Why a site figure is the record's: the index, which says what visitors see, did not answer. */
const siteDetail = (stats: AdminStats) => (stats.siteFigures === 'record' ? 'Arama dizinine ulaşılamadı: kayıttaki sayı' : undefined);

/**
 * The record's category names beside the categories visitors see, when they differ (two spellings
 * of one category, or a category of no public business): the names the business list filters by.
 */
function categoryDetail(stats: AdminStats): string | undefined {
  if (stats.siteFigures === 'record') return siteDetail(stats);
  return stats.categoryNames !== stats.totalCategories ? `Kayıtta ${formatCount(stats.categoryNames)} farklı ad` : undefined;
}

export function DashboardPage() {
  const { stats, uploadReports, activity } = useLoaderData<typeof dashboardLoader>();
  const reports = useLatestUploadReports(uploadReports);
  const approvedShare = stats.totalBusinesses > 0 ? stats.approvedBusinesses / stats.totalBusinesses : 0;
  const { system } = stats;

  return (
    <>
      <PageHeader title="Ana Sayfa" description="Dizinin güncel rakamları, son yüklemeler ve yönetim etkinliği." />
      <section className="admin-stats" aria-label="Özet">
        <StatCard label="Toplam İşletme" value={formatCount(stats.totalBusinesses)} tone="primary" />
        <StatCard label="Onaylı İşletme" value={formatCount(stats.approvedBusinesses)} detail={`Toplamın ${formatPercent(approvedShare)}`} tone="success" />
        <StatCard label="Sitedeki Kategori" value={formatCount(stats.totalCategories)} detail={categoryDetail(stats)} />
        <StatCard label="Sitedeki Ülke" value={formatCount(stats.totalCountries)} detail={siteDetail(stats)} />
        <StatCard label="Sitedeki Şehir" value={formatCount(stats.totalCities)} detail={siteDetail(stats)} />
        <StatCard label="Okunmamış Mesaj" value={formatCount(stats.unreadMessages)} tone={stats.unreadMessages > 0 ? 'warning' : undefined} />
        <StatCard label="Bugünkü Ziyaretçi" value={formatCount(stats.visitors.today)} detail="Çerezsiz, sunucuda sayılır" />
      </section>

      <div className="admin-grid">
        <section className="admin-panel admin-span-2" aria-labelledby="visitors-title">
          <h2 id="visitors-title">Günlük Ziyaretçiler (30 gün)</h2>
          <VisitorsChart days={stats.visitors.days} />
        </section>

        <section className="admin-panel" aria-labelledby="uploads-title">
          <div className="admin-panel-head">
            <h2 id="uploads-title">Son Yüklemeler</h2>
            <Link to="/admin/reports">Tümü</Link>
          </div>
          {reports.length === 0 ? (
            <p className="muted">Henüz yükleme yok.</p>
          ) : (
            <div className="admin-report-list">
              {reports.map((report) => (
                <UploadReportCard key={report.id} report={report} />
              ))}
            </div>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="categories-title">
          <h2 id="categories-title">En Büyük 8 Kategori</h2>
          {stats.categories.length === 0 ? (
            <p className="muted">Kategori yok.</p>
          ) : (
            <ol className="admin-category-list">
              {stats.categories.map((category) => (
                <li key={category.category}>
                  <div className="admin-category-row">
                    <span className="admin-category-name">{category.category}</span>
                    <span className="muted">
                      {formatCount(category.count)} · {formatPercent(category.share)}
                    </span>
                  </div>
                  <ShareBar share={category.share} label={`${category.category}: ${formatPercent(category.share)}`} />
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="activity-title">
          <div className="admin-panel-head">
            <h2 id="activity-title">Son Etkinlik</h2>
            <Link to="/admin/activity">Tüm kayıt</Link>
          </div>
          {activity.items.length === 0 ? (
            <p className="muted">Kayıtlı etkinlik yok.</p>
          ) : (
            <ul className="admin-activity-list">
              {activity.items.map((item) => (
                <ActivityLine key={item.id} item={item} />
              ))}
            </ul>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="system-title">
          <h2 id="system-title">Sistem</h2>
          <dl className="admin-facts">
            <div>
              <dt>Kayıt (SQLite)</dt>
              <dd>{formatBytes(system.recordBytes)}</dd>
            </div>
            <div>
              <dt>Arama indeksi</dt>
              <dd>{formatBytes(system.indexBytes)}</dd>
            </div>
            <div>
              <dt>İndeks gecikmesi</dt>
              <dd>
                {system.indexLag.pendingChanges === 0
                  ? 'Güncel'
                  : `${formatCount(system.indexLag.pendingChanges)} değişiklik bekliyor${
                      system.indexLag.oldestPendingSeconds !== null ? ` (en eskisi ${formatDuration(system.indexLag.oldestPendingSeconds)})` : ''
                    }`}
              </dd>
            </div>
            <div>
              <dt>Bellek (RSS)</dt>
              <dd>{formatBytes(system.memoryRssBytes)}</dd>
            </div>
            <div>
              <dt>Çalışma süresi</dt>
              <dd>{formatDuration(system.uptimeSeconds)}</dd>
            </div>
            <div>
              <dt>Arama motoru</dt>
              <dd>{system.engine === 'sqlite' ? 'SQLite FTS5 (gömülü)' : 'Meilisearch'}</dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}
