import { Link } from './link.tsx';
import { formatNumber } from '../lib/format.ts';

export interface TopListItem {
  name: string;
  to: string;
  count: number;
}

/** The side card of a category or city page: its top places or kinds, each with its count. */
export function TopListSidebar({ titleId, title, items, emptyText }: { titleId: string; title: string; items: TopListItem[]; emptyText: string }) {
  return (
    <aside className="card browse-sidebar" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {items.length ? (
        <ol>
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>
                <span>{item.name}</span>
                <span className="count">{formatNumber(item.count)}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{emptyText}</p>
      )}
    </aside>
  );
}
