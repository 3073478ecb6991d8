import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { hasFilters, useSearchRoute, withoutFilters } from '../use-search-route.ts';

const NARROW_SCREEN = '(max-width: 860px)';

/**
 * The filters column; on narrow screens a "Filters" disclosure. It arrives closed, so the results
 * below it never move when the page comes alive (it used to arrive open and close on hydration:
 * a layout shift of the whole result list); wide screens show its content anyway (search.css),
 * and open it once the page is live.
 */
export function FilterPanel({ children }: { children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const { route, show, pathOf } = useSearchRoute();
  useEffect(() => {
    const narrow = window.matchMedia(NARROW_SCREEN);
    // On a wide screen the disclosure has no summary to close it with: keep it open there.
    const openWhenWide = () => {
      if (details.current && !narrow.matches) details.current.open = true;
    };
    openWhenWide();
    narrow.addEventListener('change', openWhenWide);
    return () => narrow.removeEventListener('change', openWhenWide);
  }, []);
  const cleared = withoutFilters(route);
  const handleClear = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    show(cleared);
  };
  return (
    <aside className="search-filters" aria-label="Filters">
      <details ref={details}>
        <summary className="search-filters-summary">Filters</summary>
        <div className="search-filters-body">
          {hasFilters(route) && (
            <a className="filter-clear" href={pathOf(cleared)} onClick={handleClear}>
              Clear all filters
            </a>
          )}
          {children}
        </div>
      </details>
    </aside>
  );
}
