/**
 * The controls that move through a list by its URL query (so they work server-side, without
 * JavaScript and with the back button): the pager, the text filter box, the letter strip and
 * the grid/list toggle, plus the pure paging helpers behind them.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from './link.tsx';
import { Tooltip } from './tooltip.tsx';
import './pager.css';

/** One slot of a pager: a page number, or a gap shown as an ellipsis. */
export type PagerItem = number | 'gap';

/** Up to `size` consecutive page numbers around `current`, sliding at both ends. */
export function getSlidingPages(current: number, totalPages: number, size = 5): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The business list's rule: first and last page, `siblings` pages either side of `current`,
 * and a gap where pages are left out (a gap never hides a single page: that page is shown).
 */
export function getEdgePages(current: number, totalPages: number, siblings = 2): PagerItem[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  const from = Math.max(2, page - siblings);
  const to = Math.min(totalPages - 1, page + siblings);
  const items: PagerItem[] = [1];
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to === totalPages - 2) items.push(totalPages - 1);
  else if (to < totalPages - 2) items.push('gap');
  if (totalPages > 1) items.push(totalPages);
  return items;
}

/** One page of a list; `page` is clamped to the pages that exist. */
export interface PageSlice<T> {
  items: T[];
  page: number;
  totalPages: number;
  total: number;
  /** 1-based position of the first and last item shown; 0 and 0 for an empty list. */
  first: number;
  last: number;
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): PageSlice<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const offset = (current - 1) * perPage;
  const slice = items.slice(offset, offset + perPage);
  return {
    items: slice,
    page: current,
    totalPages,
    total: items.length,
    first: slice.length ? offset + 1 : 0,
    last: offset + slice.length,
  };
}

/** The slice of a list the server pages: its page `page` (a page that exists) holds `items` of `total`. */
export function pageSliceOf<T>(items: T[], page: number, total: number, perPage: number): PageSlice<T> {
  const offset = (page - 1) * perPage;
  return {
    items,
    page,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
    total,
    first: items.length ? offset + 1 : 0,
    last: offset + items.length,
  };
}

/**
 * `pathname` with `search` where `changes` are applied: a value sets a parameter, null or ''
 * removes it, and `page` 1 is always left out so page one has one address.
 */
export function hrefWith(pathname: string, search: string | URLSearchParams, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && Number(value) <= 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export interface PagerProps {
  page: number;
  totalPages: number;
  /** The address of a page, e.g. `(n) => hrefWith(pathname, search, { page: n })`. */
  hrefFor: (page: number) => string;
  /**
   * A number: that many sliding page buttons (5 on most lists). 'edges': the business list's
   * rule, 2 either side of the current page plus the first and last with ellipses.
   */
  window?: number | 'edges';
  /** The last page that may be offered (the business list stops at 100). */
  maxPage?: number;
  label?: string;
}

/** Previous, numbered pages and Next, as real links (they work without JavaScript). */
export function Pager({ page, totalPages, hrefFor, window = 5, maxPage, label = 'Pagination' }: PagerProps) {
  const lastPage = Math.min(totalPages, maxPage ?? totalPages);
  if (lastPage <= 1) return null;
  const items = window === 'edges' ? getEdgePages(page, lastPage) : getSlidingPages(page, lastPage, window);
  return (
    <nav className="pager-nav" aria-label={label}>
      <ul className="pager">
        <li>
          {page > 1 ? (
            <Tooltip content="Previous page" className="pager-tooltip">
              {(describedBy) => (
                <Link to={hrefFor(page - 1)} rel="prev" className="pager-step" {...describedBy}>
                  <span aria-hidden="true">‹</span> <span className="pager-step-text">Previous</span>
                </Link>
              )}
            </Tooltip>
          ) : (
            <span className="pager-step" aria-disabled="true">
              <span aria-hidden="true">‹</span> <span className="pager-step-text">Previous</span>
            </span>
          )}
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link to={hrefFor(item)} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`}>
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Tooltip content="Next page" className="pager-tooltip">
              {(describedBy) => (
                <Link to={hrefFor(page + 1)} rel="next" className="pager-step" {...describedBy}>
                  <span className="pager-step-text">Next</span> <span aria-hidden="true">›</span>
                </Link>
              )}
            </Tooltip>
          ) : (
            <span className="pager-step" aria-disabled="true">
              <span className="pager-step-text">Next</span> <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** Brings a paged list back to the top when its page changes in the browser (not on first render). */
export function useScrollToTopOnPageChange(page: number): void {
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current !== page) window.scrollTo({ top: 0 });
    previous.current = page;
  }, [page]);
}

/** Query parameters a form must carry along, as hidden inputs, when it submits without JavaScript. */
function HiddenParams({ search, omit }: { search: string; omit: string[] }) {
  const kept = [...new URLSearchParams(search)].filter(([key]) => !omit.includes(key));
  return (
    <>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

export const FILTER_DEBOUNCE_MS = 250;

export interface FilterBoxProps {
  /** Accessible name of the box ("Search categories"). */
  label: string;
  placeholder: string;
}

/**
 * A text filter held in `?q=`: typing replaces the URL after a short pause and goes back to
 * page 1; Enter applies it at once; without JavaScript the form submits the same query.
 */
export function FilterBox({ label, placeholder }: FilterBoxProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const urlText = new URLSearchParams(location.search).get('q') ?? '';
  const [text, setText] = useState(urlText);
  const sent = useRef(urlText);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const where = useRef(location);
  useEffect(() => {
    where.current = location;
  });

  // The URL moved on its own (back button, a link): show what it says.
  useEffect(() => {
    if (urlText !== sent.current) {
      sent.current = urlText;
      setText(urlText);
    }
  }, [urlText]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim();
    const { pathname, search } = where.current;
    if (next === (new URLSearchParams(search).get('q') ?? '')) return;
    sent.current = next;
    void navigate(hrefWith(pathname, search, { q: next, page: null }), { replace: true, preventScrollReset: true });
  };

  const handleChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value), FILTER_DEBOUNCE_MS);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(text);
  };

  return (
    <form className="filter-box" role="search" method="get" action={location.pathname} onSubmit={handleSubmit}>
      <HiddenParams search={location.search} omit={['q', 'page']} />
      <svg className="filter-box-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
        />
      </svg>
      <input
        className="input filter-box-input"
        type="search"
        name="q"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        onChange={(event) => handleChange(event.target.value)}
      />
    </form>
  );
}

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

export interface LetterStripProps {
  /** Accessible name of the strip's navigation landmark. */
  label: string;
  /** The letter shown now, null for all. */
  current: string | null;
  hrefFor: (letter: string) => string;
  /** Where 'All' goes; no 'All' link without it. */
  allHref?: string;
}

/** A–Z links (and 'All'); the current one is marked for sight and for screen readers. */
export function LetterStrip({ label, current, hrefFor, allHref }: LetterStripProps) {
  return (
    <nav className="letter-strip" aria-label={label}>
      <ul>
        {allHref !== undefined && (
          <li>
            <Link to={allHref} className="letter-strip-all" aria-current={current === null ? 'page' : undefined}>
              All
            </Link>
          </li>
        )}
        {LETTERS.map((letter) => (
          <li key={letter}>
            <Link to={hrefFor(letter)} aria-current={current === letter ? 'page' : undefined}>
              {letter}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type ListView = 'grid' | 'list';

/** True when two addresses differ only in `?view=`: the loader's data is the same, no reload needed. */
export function isOnlyViewChange(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('view');
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next) && current.searchParams.get('view') !== next.searchParams.get('view');
}

/** `?view=list` shows a list; anything else the grid. */
export const viewFromSearch = (search: URLSearchParams): ListView => (search.get('view') === 'list' ? 'list' : 'grid');

/** Grid / list switch kept in `?view=`; the buttons submit a plain form when JavaScript is off. */
export function ViewToggle({ view }: { view: ListView }) {
  const location = useLocation();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLButtonElement>, next: ListView) => {
    event.preventDefault();
    if (next === view) return;
    void navigate(hrefWith(location.pathname, location.search, { view: next === 'list' ? 'list' : null }), {
      replace: true,
      preventScrollReset: true,
    });
  };
  return (
    <form className="view-toggle" method="get" action={location.pathname} role="group" aria-label="Layout">
      <HiddenParams search={location.search} omit={['view']} />
      <button type="submit" name="view" value="grid" aria-pressed={view === 'grid'} onClick={(event) => handleClick(event, 'grid')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 3h8v8H3V3zm10 0h8v8h-8V3zM3 13h8v8H3v-8zm10 0h8v8h-8v-8z" />
        </svg>
        Grid
      </button>
      <button type="submit" name="view" value="list" aria-pressed={view === 'list'} onClick={(event) => handleClick(event, 'list')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 4h18v3H3V4zm0 6.5h18v3H3v-3zM3 17h18v3H3v-3z" />
        </svg>
        List
      </button>
    </form>
  );
}
