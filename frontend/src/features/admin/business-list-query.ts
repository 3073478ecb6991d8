/**
 * The business list's state (search, category, sort, page) as it lives in the URL, and the
 * spec's rules for changing it: a sort key clicked again flips the order, a new key starts
 * ascending; a new search text or category goes back to page 1.
 */
import type { AdminSortBy, AdminSortOrder } from '@directory/backend/shared/admin-types.ts';

export interface BusinessListQuery {
  page: number;
  /** Name search. */
  filter: string;
  /** An exact category, or 'all'. */
  category: string;
  sortBy: AdminSortBy;
  sortOrder: AdminSortOrder;
}

/** The spec's admin page size. */
export const ADMIN_PAGE_SIZE = 20;
/** The category filter lists at most this many categories. */
export const CATEGORY_FILTER_LIMIT = 20;
export const SORT_KEYS: readonly AdminSortBy[] = ['name', 'rating', 'reviewCount', 'createdAt'];

export const DEFAULT_LIST_QUERY: BusinessListQuery = { page: 1, filter: '', category: 'all', sortBy: 'createdAt', sortOrder: 'desc' };

const isSortKey = (value: string | null): value is AdminSortBy => value !== null && (SORT_KEYS as readonly string[]).includes(value);

/** Reads the list state from a query string; anything unreadable falls back to the default. */
export function parseBusinessListQuery(search: URLSearchParams): BusinessListQuery {
  const page = search.get('page');
  const sortBy = search.get('sortBy');
  const sortOrder = search.get('sortOrder');
  return {
    page: page !== null && /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1,
    filter: (search.get('filter') ?? '').trim(),
    category: search.get('category')?.trim() || 'all',
    sortBy: isSortKey(sortBy) ? sortBy : DEFAULT_LIST_QUERY.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : isSortKey(sortBy) ? 'asc' : DEFAULT_LIST_QUERY.sortOrder,
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
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Clicking a sort key: the same key flips asc/desc, a new key sorts ascending. The page stays. */
export function nextSort(query: BusinessListQuery, key: AdminSortBy): BusinessListQuery {
  if (query.sortBy === key) return { ...query, sortOrder: query.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { ...query, sortBy: key, sortOrder: 'asc' };
}

/** The separate asc/desc toggle. */
export function toggleSortOrder(query: BusinessListQuery): BusinessListQuery {
  return { ...query, sortOrder: query.sortOrder === 'asc' ? 'desc' : 'asc' };
}

/** A new search text: back to page 1. */
export const withFilter = (query: BusinessListQuery, filter: string): BusinessListQuery => ({ ...query, filter: filter.trim(), page: 1 });

/** A new category ('all' = none): back to page 1. */
export const withCategory = (query: BusinessListQuery, category: string): BusinessListQuery => ({ ...query, category: category || 'all', page: 1 });

/** The category filter's options: the first 20 non-blank categories. */
export function categoryFilterOptions(categories: readonly string[]): string[] {
  return categories.filter((category) => category.trim() !== '').slice(0, CATEGORY_FILTER_LIMIT);
}
