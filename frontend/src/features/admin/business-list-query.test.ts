import { describe, expect, it } from 'vitest';
import {
  buildBusinessListSearch,
  DEFAULT_LIST_QUERY,
  nextSort,
  parseBusinessListQuery,
  lastPage,
  MAX_OFFSET_PAGE,
  pageAfter,
  pageBefore,
  toggleSortOrder,
  withCategory,
  withFilter,
  type BusinessListQuery,
} from './business-list-query.ts';

const onPage3: BusinessListQuery = { ...DEFAULT_LIST_QUERY, page: 3 };

describe('the business list sort rules', () => {
  it('flips asc/desc when the current key is clicked again', () => {
    const byName = { ...onPage3, sortBy: 'name', sortOrder: 'asc' } as const;
    expect(nextSort(byName, 'name')).toMatchObject({ sortBy: 'name', sortOrder: 'desc' });
    expect(nextSort(nextSort(byName, 'name'), 'name')).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
  });

  it('sorts a newly chosen figure or date best first (descending) and a name A to Z, whatever the order was', () => {
    expect(nextSort({ ...onPage3, sortBy: 'createdAt', sortOrder: 'asc' }, 'rating')).toMatchObject({ sortBy: 'rating', sortOrder: 'desc' });
    expect(nextSort({ ...onPage3, sortBy: 'rating', sortOrder: 'asc' }, 'reviewCount')).toMatchObject({ sortBy: 'reviewCount', sortOrder: 'desc' });
    expect(nextSort({ ...onPage3, sortBy: 'name', sortOrder: 'asc' }, 'createdAt')).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(nextSort({ ...onPage3, sortBy: 'rating', sortOrder: 'desc' }, 'name')).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
    // A second click on the key flips it.
    expect(nextSort(nextSort({ ...onPage3, sortBy: 'name', sortOrder: 'asc' }, 'rating'), 'rating')).toMatchObject({ sortBy: 'rating', sortOrder: 'asc' });
  });

  it('has a separate asc/desc toggle that keeps the key', () => {
    expect(toggleSortOrder({ ...onPage3, sortBy: 'rating', sortOrder: 'asc' })).toMatchObject({ sortBy: 'rating', sortOrder: 'desc' });
    expect(toggleSortOrder(DEFAULT_LIST_QUERY)).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc' });
  });
});

describe('the business list filters', () => {
  it('go back to page 1 when the search text or the category changes', () => {
    expect(withFilter(onPage3, '  pizza ')).toMatchObject({ filter: 'pizza', page: 1 });
    expect(withCategory(onPage3, 'Dentist')).toMatchObject({ category: 'Dentist', page: 1 });
    expect(withCategory(onPage3, '')).toMatchObject({ category: 'all', page: 1 });
  });
});

describe('the business list URL', () => {
  it('round-trips a list state and leaves defaults out', () => {
    const state: BusinessListQuery = { page: 4, filter: 'joe’s pizza', category: 'Pizza & Pasta', sortBy: 'rating', sortOrder: 'desc', after: null, before: null };
    const search = buildBusinessListSearch(state);
    expect(parseBusinessListQuery(new URLSearchParams(search))).toEqual(state);
    expect(buildBusinessListSearch(DEFAULT_LIST_QUERY)).toBe('');
    expect(buildBusinessListSearch({ ...DEFAULT_LIST_QUERY, filter: 'x' })).toBe('?filter=x');
  });

  it('reads unknown or broken values as the defaults', () => {
    expect(parseBusinessListQuery(new URLSearchParams('page=-2&sortBy=phone&sortOrder=up&category='))).toEqual(DEFAULT_LIST_QUERY);
    expect(parseBusinessListQuery(new URLSearchParams('sortBy=name'))).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
    expect(parseBusinessListQuery(new URLSearchParams('sortBy=rating'))).toMatchObject({ sortBy: 'rating', sortOrder: 'desc' });
  });
});

describe('the business list past its numbered pages (keyset paging)', () => {
  const deep: BusinessListQuery = { ...DEFAULT_LIST_QUERY, page: 4_000, after: 'WyIyMDIwIiwxMl0' };

  it('keeps the cursor and the page label in the URL', () => {
    expect(parseBusinessListQuery(new URLSearchParams(buildBusinessListSearch(deep)))).toEqual(deep);
    expect(buildBusinessListSearch(lastPage(DEFAULT_LIST_QUERY, 50_000))).toBe('?page=50000&before=end');
  });

  it(`reads a bare page number past ${MAX_OFFSET_PAGE} as page 1 (the server pages there only by cursor), and a broken cursor as none`, () => {
    expect(parseBusinessListQuery(new URLSearchParams(`page=${MAX_OFFSET_PAGE + 1}`)).page).toBe(1);
    expect(parseBusinessListQuery(new URLSearchParams(`page=${MAX_OFFSET_PAGE}`)).page).toBe(MAX_OFFSET_PAGE);
    expect(parseBusinessListQuery(new URLSearchParams('page=7&after=no%20way'))).toMatchObject({ page: 7, after: null, before: null });
  });

  it('steps to the neighbouring pages by the server\'s cursors', () => {
    expect(pageAfter(deep, 'next')).toMatchObject({ page: 4_001, after: 'next', before: null });
    expect(pageBefore(deep, 'prev')).toMatchObject({ page: 3_999, after: null, before: 'prev' });
  });

  it('drops the cursor when the order or the filters change (a cursor belongs to its order)', () => {
    expect(nextSort(deep, 'name')).toMatchObject({ sortBy: 'name', page: 1, after: null, before: null });
    expect(toggleSortOrder(deep)).toMatchObject({ sortOrder: 'asc', page: 1, after: null });
    expect(nextSort(onPage3, 'name')).toMatchObject({ page: 3, after: null });
    expect(withFilter(deep, 'pizza')).toMatchObject({ page: 1, after: null, before: null });
  });
});
