import type { ReactNode } from 'react';

/** The title row of an admin screen: heading, one line saying what it is for, its actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <header className="admin-page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="muted">{description}</p>}
      </div>
      {actions && <div className="admin-page-actions">{actions}</div>}
    </header>
  );
}

/** One figure of a card grid. */
export function StatCard({ label, value, detail, tone }: { label: string; value: string; detail?: string; tone?: 'primary' | 'success' | 'warning' | 'danger' }) {
  return (
    <div className={`admin-stat${tone ? ` admin-stat-${tone}` : ''}`}>
      <p className="admin-stat-label">{label}</p>
      <p className="admin-stat-value">{value}</p>
      {detail && <p className="admin-stat-detail">{detail}</p>}
    </div>
  );
}

/** A 0..1 share drawn as a bar, with its text for screen readers. */
export function ShareBar({ share, label }: { share: number; label: string }) {
  const percent = Math.min(100, Math.max(0, share * 100));
  return (
    <div className="admin-share" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Number(percent.toFixed(1))}>
      <div className="admin-share-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
