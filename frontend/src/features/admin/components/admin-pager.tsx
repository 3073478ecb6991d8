import { Link } from '../../../components/link.tsx';
import { formatCount } from '../admin-format.ts';

/** `search` with `page` set (page 1 left out, so it has one address). */
export function withPage(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** First / previous / "page n of m" / next / last, as links (the admin lists can run to thousands of pages). */
export function AdminPager({ page, totalPages, hrefFor, label }: { page: number; totalPages: number; hrefFor: (page: number) => string; label: string }) {
  if (totalPages <= 1) return null;
  const step = (target: number, text: string, rel?: string) =>
    target >= 1 && target <= totalPages && target !== page ? (
      <Link className="admin-button" to={hrefFor(target)} {...(rel ? { rel } : {})}>
        {text}
      </Link>
    ) : (
      <span className="admin-button" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="admin-pager" aria-label={label}>
      {step(1, '« İlk')}
      {step(page - 1, '‹ Önceki', 'prev')}
      <span className="admin-pager-current" aria-current="page">
        Sayfa {formatCount(page)} / {formatCount(totalPages)}
      </span>
      {step(page + 1, 'Sonraki ›', 'next')}
      {step(totalPages, 'Son »')}
    </nav>
  );
}
