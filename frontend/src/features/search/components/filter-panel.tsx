import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { hasFilters, useSearchRoute, withoutFilters } from '../use-search-route.ts';

const NARROW_SCREEN = '(max-width: 860px)';

/** The filters column; on narrow screens a "Filters" disclosure, closed once the page is live. */
export function FilterPanel({ children }: { children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const { route, show, pathOf } = useSearchRoute();
  useEffect(() => {
    const narrow = window.matchMedia(NARROW_SCREEN);
    if (details.current && narrow.matches) details.current.open = false;
    // On a wide screen the disclosure has no summary to open it with: keep it open there.
    const handleChange = () => {
      if (details.current && !narrow.matches) details.current.open = true;
    };
    narrow.addEventListener('change', handleChange);
    return () => narrow.removeEventListener('change', handleChange);
  }, []);
  const cleared = withoutFilters(route);
  const handleClear = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    show(cleared);
  };
  return (
    <aside className="search-filters" aria-label="Filters">
      <details ref={details} open>
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
