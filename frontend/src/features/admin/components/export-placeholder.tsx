/**
 * LEAD (merge): replace this placeholder with the import helper's dialog, e.g.
 * `<ExportDialog csrfToken={csrfToken} onClose={onClose} />` from features/admin-import/.
 * It is the business list's only export entry point.
 */
export function ExportPlaceholder({ onClose }: { onClose: () => void }) {
  return (
    <section className="admin-panel admin-placeholder" aria-labelledby="export-title">
      <h2 id="export-title">CSV Dışa Aktarma</h2>
      <p className="muted">Dışa aktarma penceresi birleştirme sırasında buraya bağlanacak.</p>
      <button type="button" className="admin-button" onClick={onClose}>
        Kapat
      </button>
    </section>
  );
}
