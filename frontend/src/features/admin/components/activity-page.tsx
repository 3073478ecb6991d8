import { useLoaderData, useLocation } from 'react-router-dom';
import { formatCount } from '../admin-format.ts';
import type { activityLoader } from '../loaders.ts';
import { ActivityLine } from './activity-line.tsx';
import { PageHeader } from './page-header.tsx';
import { AdminPager, withPage } from './admin-pager.tsx';

/** The whole audit log, newest first, 20 a page. */
export function ActivityPage() {
  const { activity } = useLoaderData<typeof activityLoader>();
  const location = useLocation();
  return (
    <>
      <PageHeader title="Etkinlik Kaydı" description={`Her giriş denemesi ve her yönetim işlemi: ${formatCount(activity.pagination.total)} kayıt.`} />
      <section className="admin-panel">
        {activity.items.length === 0 ? (
          <p className="muted">Kayıtlı etkinlik yok.</p>
        ) : (
          <ul className="admin-activity-list">
            {activity.items.map((item) => (
              <ActivityLine key={item.id} item={item} />
            ))}
          </ul>
        )}
        <AdminPager
          page={activity.pagination.page}
          totalPages={activity.pagination.totalPages}
          hrefFor={(page) => withPage(location.pathname, location.search, page)}
          label="Etkinlik sayfaları"
        />
      </section>
    </>
  );
}
