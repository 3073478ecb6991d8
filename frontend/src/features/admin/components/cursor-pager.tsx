import { Link } from '../../../components/link.tsx';
import { formatCount } from '../admin-format.ts';

/** Where each step of a cursor-paged list leads (null: not available from this page). */
export interface CursorPagerLinks {
  first: string | null;
  prev: string | null;
  next: string | null;
  last: string | null;
}

/**
 * First / previous / "page n of m" / next / last for a list the server pages by cursor: the
 * steps are the server's cursors, so a page 4,000 deep costs what page 2 costs. Without an
 * exact total there is no "last" and the count of pages is left out.
 */
export function CursorPager({ page, totalPages, isTotalExact, links, label }: {
  page: number;
  totalPages: number;
  isTotalExact: boolean;
  links: CursorPagerLinks;
  label: string;
}) {
  if (links.first === null && links.prev === null && links.next === null) return null;
  const step = (href: string | null, text: string, rel?: string) =>
    href !== null ? (
      <Link className="admin-button" to={href} {...(rel ? { rel } : {})}>
        {text}
      </Link>
    ) : (
      <span className="admin-button" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="admin-pager" aria-label={label}>
      {step(links.first, '« İlk')}
      {step(links.prev, '‹ Önceki', 'prev')}
      <span className="admin-pager-current" aria-current="page">
        Sayfa {formatCount(page)}
        {isTotalExact ? ` / ${formatCount(totalPages)}` : ''}
      </span>
      {step(links.next, 'Sonraki ›', 'next')}
      {step(isTotalExact ? links.last : null, 'Son »')}
    </nav>
  );
}
