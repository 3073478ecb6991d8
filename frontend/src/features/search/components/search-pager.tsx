import type { MouseEvent } from 'react';
import { usePagination } from 'react-instantsearch';
import { toRelativeUrl } from '../search-url.ts';
import { PAGINATION_PARAMS } from '../widget-params.ts';
import '../../../components/pager.css';

/** Previous, numbered pages and Next, as real links to each page's URL (they work without JavaScript). */
export function SearchPager() {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination(PAGINATION_PARAMS);
  if (nbPages <= 1) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, page: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    refine(page);
    document.getElementById('search-results-title')?.closest('section')?.scrollIntoView({ block: 'start' });
  };
  const link = (page: number) => toRelativeUrl(createURL(page));
  return (
    <nav className="pager-nav" aria-label="Search result pages">
      <ul className="pager">
        <li>
          {isFirstPage ? (
            <span className="pager-step" aria-disabled="true">
              <span aria-hidden="true">‹</span> <span className="pager-step-text">Previous</span>
            </span>
          ) : (
            <a href={link(currentRefinement - 1)} rel="prev" className="pager-step" onClick={(event) => go(event, currentRefinement - 1)}>
              <span aria-hidden="true">‹</span> <span className="pager-step-text">Previous</span>
            </a>
          )}
        </li>
        {pages.map((page) => (
          <li key={page}>
            <a
              href={link(page)}
              aria-current={page === currentRefinement ? 'page' : undefined}
              aria-label={`Page ${page + 1}`}
              onClick={(event) => go(event, page)}
            >
              {page + 1}
            </a>
          </li>
        ))}
        <li>
          {isLastPage ? (
            <span className="pager-step" aria-disabled="true">
              <span className="pager-step-text">Next</span> <span aria-hidden="true">›</span>
            </span>
          ) : (
            <a href={link(currentRefinement + 1)} rel="next" className="pager-step" onClick={(event) => go(event, currentRefinement + 1)}>
              <span className="pager-step-text">Next</span> <span aria-hidden="true">›</span>
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
