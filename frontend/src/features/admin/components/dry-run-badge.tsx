/** Marks a dry run's report: its counts are what the file would have written, and nothing was. */
export function DryRunBadge() {
  return (
    <span className="admin-status admin-status-warning" title="Dosya okundu ve denetlendi; kayda hiçbir şey yazılmadı">
      deneme (yazılmadı)
    </span>
  );
}
