import type { AdminActivityItem } from '@directory/backend/shared/admin-types.ts';
import { Link } from '../../../components/link.tsx';
import { actionLabel } from '../activity-labels.ts';
import { activityTarget, requestFieldLabels } from '../activity-target.ts';
import { activityDetailText, activityQuote } from '../activity-text.ts';
import { formatDateTime } from '../admin-format.ts';

export const ACTIVITY_RESULT_TEXT: Record<AdminActivityItem['result'], string> = {
  success: 'Başarılı',
  info: 'Bilgi',
  warning: 'Uyarı',
  error: 'Hata',
};

/** What the entry is about: a link while its record is kept (or to the screen a refused request came from), else its name. */
function ActivityTarget({ item }: { item: AdminActivityItem }) {
  const target = activityTarget(item);
  if (target === null) return null;
  return (
    <>
      {' · '}
      {target.href === null ? (
        <span className="admin-activity-target">{target.label}</span>
      ) : (
        <Link to={target.href} className="admin-activity-target" title={target.raw ?? undefined}>
          {target.label}
        </Link>
      )}
    </>
  );
}

/** The detail in Turkish; an entry stored before details had codes shows its English words, marked as English. */
function ActivityDetail({ item }: { item: AdminActivityItem }) {
  if (item.outcome === null) return item.detail === null ? null : <p className="admin-activity-detail" lang="en">{item.detail}</p>;
  const text = activityDetailText(item.outcome, requestFieldLabels(item.subject));
  const quote = activityQuote(item.outcome);
  if (text === '' && quote === null) return null;
  return (
    <p className="admin-activity-detail">
      {text}
      {quote !== null && (
        <>
          {' '}
          <q lang="en" className="admin-activity-quote">{quote}</q>
        </>
      )}
    </p>
  );
}

/** One audit-log line, coloured by its result. */
export function ActivityLine({ item }: { item: AdminActivityItem }) {
  return (
    <li className={`admin-activity admin-activity-${item.result}`}>
      <span className={`admin-status admin-status-${item.result}`}>{ACTIVITY_RESULT_TEXT[item.result]}</span>
      <div className="admin-activity-text">
        <p>
          <strong title={item.action}>{actionLabel(item.action)}</strong>
          <ActivityTarget item={item} />
        </p>
        <ActivityDetail item={item} />
        <p className="muted">
          {formatDateTime(item.at)}
          {item.address && <> · {item.address}</>}
        </p>
      </div>
    </li>
  );
}
