/**
 * The business list's state (search, category, sort, page, cursor) as it lives in the URL, and
 * the rules for changing it: a sort key clicked again flips the order; a new key starts in its
 * first order (the spec starts every key ascending, which puts the worst-rated first: see
 * FIRST_SORT_ORDER); a new search text or category goes back to page 1. Pages up to MAX_OFFSET_PAGE
 * have a number of their own; past them, the server pages by cursor (`after` / `before`, whose
 * `page` is only the label) and refuses a bare page number.
 */
import type { AdminSortBy, AdminSortOrder } from '@directory/backend/shared/admin-types.ts';
import { adminErrorText, issuesOf } from './api/admin-error-text.ts';
import { BUSINESS_LIST_LABELS } from './screen-field-labels.ts';

export interface BusinessListQuery {
  page: number;
  /** Name search. */
  filter: string;
  /** An exact category, or 'all'. */
  category: string;
  sortBy: AdminSortBy;
  sortOrder: AdminSortOrder;
  /** The server's cursor of the rows this page follows, or null. */
  after: string | null;
  /** The server's cursor of the rows this page precedes, 'end' for the last page, or null. */
  before: string | null;
}

/** The last page the server serves by number; later pages go by cursor. */
export const MAX_OFFSET_PAGE = 50;

/** The spec's admin page size. */
export const ADMIN_PAGE_SIZE = 20;
export const SORT_KEYS: readonly AdminSortBy[] = ['name', 'rating', 'reviewCount', 'createdAt'];

/** The order a key sorts in when chosen: the best rated, most reviewed and newest first; names A to Z. */
export const FIRST_SORT_ORDER: Readonly<Record<AdminSortBy, AdminSortOrder>> = { name: 'asc', rating: 'desc', reviewCount: 'desc', createdAt: 'desc' };

export const DEFAULT_LIST_QUERY: BusinessListQuery = { page: 1, filter: '', category: 'all', sortBy: 'createdAt', sortOrder: 'desc', after: null, before: null };

const isCursor = (value: string | null): value is string => value !== null && /^[A-Za-z0-9_-]{1,1000}$/.test(value);

const isSortKey = (value: string | null): value is AdminSortBy => value !== null && (SORT_KEYS as readonly string[]).includes(value);

/** Reads the list state from a query string; anything unreadable falls back to the default. */
export function parseBusinessListQuery(search: URLSearchParams): BusinessListQuery {
  const page = search.get('page');
  const sortBy = search.get('sortBy');
  const sortOrder = search.get('sortOrder');
  const after = search.get('after');
  const before = search.get('before');
  const cursors = isCursor(after) ? { after, before: null } : isCursor(before) ? { after: null, before } : { after: null, before: null };
  const pageNumber = page !== null && /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1;
  return {
    page: cursors.after === null && cursors.before === null && pageNumber > MAX_OFFSET_PAGE ? 1 : pageNumber,
    filter: (search.get('filter') ?? '').trim(),
    category: search.get('category')?.trim() || 'all',
    sortBy: isSortKey(sortBy) ? sortBy : DEFAULT_LIST_QUERY.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : isSortKey(sortBy) ? FIRST_SORT_ORDER[sortBy] : DEFAULT_LIST_QUERY.sortOrder,
    ...cursors,
  };
}

/** The query string of a list state ('' for the default), leaving out what is at its default. */
export function buildBusinessListSearch(query: BusinessListQuery): string {
  const search = new URLSearchParams();
  if (query.filter) search.set('filter', query.filter);
  if (query.category !== 'all') search.set('category', query.category);
  if (query.sortBy !== DEFAULT_LIST_QUERY.sortBy || query.sortOrder !== DEFAULT_LIST_QUERY.sortOrder) {
    search.set('sortBy', query.sortBy);
    search.set('sortOrder', query.sortOrder);
  }
  if (query.page > 1) search.set('page', String(query.page));
  if (query.after !== null) search.set('after', query.after);
  else if (query.before !== null) search.set('before', query.before);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Another order keeps the page number where it has one of its own (a cursor belongs to the
 * order it came from, so it is dropped; a page reached by cursor falls back to page 1).
 */
const reordered = (query: BusinessListQuery, sortBy: AdminSortBy, sortOrder: AdminSortOrder): BusinessListQuery => ({
  ...query,
  sortBy,
  sortOrder,
  page: query.after === null && query.before === null ? query.page : 1,
  after: null,
  before: null,
});

/** Clicking a sort key: the same key flips asc/desc, a new key sorts in its first order. The page stays (see `reordered`). */
export function nextSort(query: BusinessListQuery, key: AdminSortBy): BusinessListQuery {
  if (query.sortBy === key) return reordered(query, key, query.sortOrder === 'asc' ? 'desc' : 'asc');
  return reordered(query, key, FIRST_SORT_ORDER[key]);
}

/** The separate asc/desc toggle. */
export function toggleSortOrder(query: BusinessListQuery): BusinessListQuery {
  return reordered(query, query.sortBy, query.sortOrder === 'asc' ? 'desc' : 'asc');
}

/** A new search text: back to page 1. */
export const withFilter = (query: BusinessListQuery, filter: string): BusinessListQuery => ({ ...query, filter: filter.trim(), page: 1, after: null, before: null });

/** A new category ('all' = none): back to page 1. */
export const withCategory = (query: BusinessListQuery, category: string): BusinessListQuery => ({
  ...query, category: category || 'all', page: 1, after: null, before: null,
});

/** The neighbouring pages, as the server's cursors lead to them. */
export const pageAfter = (query: BusinessListQuery, cursor: string): BusinessListQuery => ({ ...query, page: query.page + 1, after: cursor, before: null });
export const pageBefore = (query: BusinessListQuery, cursor: string): BusinessListQuery => ({
  ...query, page: Math.max(1, query.page - 1), after: null, before: cursor,
});
/** The first page, and the last one (by `before=end`; `lastPage` is its label). */
export const firstPage = (query: BusinessListQuery): BusinessListQuery => ({ ...query, page: 1, after: null, before: null });
export const lastPage = (query: BusinessListQuery, lastPageNumber: number): BusinessListQuery => ({ ...query, page: lastPageNumber, after: null, before: 'end' });

/**
 * A refused list query (400) as the screen says it, field by field ("Arama: En fazla 200
 * karakter olabilir."); the screen keeps its filters, so the operator can change them.
 */
export function listRefusalText(error: unknown): string {
  return issuesOf(error).length > 0 ? adminErrorText(error, BUSINESS_LIST_LABELS) : 'Bu liste gösterilemiyor. Filtreleri değiştirip yeniden deneyin.';
}
