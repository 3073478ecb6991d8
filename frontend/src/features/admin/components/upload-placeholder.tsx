import { PageHeader } from './page-header.tsx';

/**
 * LEAD (merge): replace this placeholder with the import helper's screen,
 * `<UploadScreen csrfToken={csrfToken} />` from features/admin-import/ (the /admin/upload route).
 */
export function UploadPlaceholder() {
  return (
    <>
      <PageHeader title="Excel Yükleme" />
      <section className="admin-panel admin-placeholder">
        <p className="muted">Excel yükleme ekranı birleştirme sırasında buraya bağlanacak.</p>
      </section>
    </>
  );
}
