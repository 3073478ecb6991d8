import { describe, expect, it } from 'vitest';
import { getEdgePages, getSlidingPages, hrefWith, isOnlyViewChange, pageSliceOf, paginate, viewFromSearch } from './pager.tsx';

describe('getSlidingPages (window of 5)', () => {
  it('starts at page 1 near the start', () => {
    expect(getSlidingPages(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getSlidingPages(2, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in the middle', () => {
    expect(getSlidingPages(7, 20)).toEqual([5, 6, 7, 8, 9]);
  });

  it('stops at the last page near the end', () => {
    expect(getSlidingPages(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getSlidingPages(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(getSlidingPages(2, 3)).toEqual([1, 2, 3]);
    expect(getSlidingPages(1, 0)).toEqual([]);
  });
});

describe('getEdgePages (2 either side, first and last)', () => {
  it('puts gaps between the ends and the window', () => {
    expect(getEdgePages(50, 100)).toEqual([1, 'gap', 48, 49, 50, 51, 52, 'gap', 100]);
  });

  it('has no gap at the start on the first pages', () => {
    expect(getEdgePages(1, 100)).toEqual([1, 2, 3, 'gap', 100]);
    expect(getEdgePages(3, 100)).toEqual([1, 2, 3, 4, 5, 'gap', 100]);
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(getEdgePages(5, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 100]);
    expect(getEdgePages(96, 100)).toEqual([1, 'gap', 94, 95, 96, 97, 98, 99, 100]);
  });

  it('has no gap at the end on the last pages', () => {
    expect(getEdgePages(100, 100)).toEqual([1, 'gap', 98, 99, 100]);
  });

  it('handles short lists', () => {
    expect(getEdgePages(1, 1)).toEqual([1]);
    expect(getEdgePages(2, 3)).toEqual([1, 2, 3]);
    expect(getEdgePages(1, 0)).toEqual([]);
  });
});

describe('pageSliceOf', () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);

  it('describes a server page exactly as paginate describes the same page of the whole list', () => {
    for (const page of [1, 2, 3]) expect(pageSliceOf(items.slice((page - 1) * 12, page * 12), page, 30, 12)).toEqual(paginate(items, page, 12));
    expect(pageSliceOf([], 1, 0, 12)).toEqual(paginate([], 1, 12));
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);

  it('cuts a page and tells its positions', () => {
    expect(paginate(items, 2, 12)).toEqual({ items: items.slice(12, 24), page: 2, totalPages: 3, total: 30, first: 13, last: 24 });
    expect(paginate(items, 3, 12)).toMatchObject({ first: 25, last: 30 });
  });

  it('clamps a page past the end to the last page', () => {
    expect(paginate(items, 9, 12)).toMatchObject({ page: 3, first: 25 });
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 1, 12)).toEqual({ items: [], page: 1, totalPages: 1, total: 0, first: 0, last: 0 });
  });
});

describe('hrefWith', () => {
  it('sets a parameter and keeps the others', () => {
    expect(hrefWith('/categories', '?letter=P&q=pl', { page: 3 })).toBe('/categories?letter=P&q=pl&page=3');
  });

  it('leaves page 1 and empty values out', () => {
    expect(hrefWith('/categories', '?page=4&q=pl', { page: 1 })).toBe('/categories?q=pl');
    expect(hrefWith('/categories', '?q=pl', { q: '' })).toBe('/categories');
  });
});

describe('views', () => {
  it('reads ?view=list, grid otherwise', () => {
    expect(viewFromSearch(new URLSearchParams('view=list'))).toBe('list');
    expect(viewFromSearch(new URLSearchParams('view=other'))).toBe('grid');
  });

  it('knows when only the view changed', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    expect(isOnlyViewChange(at('/categories?q=a'), at('/categories?q=a&view=list'))).toBe(true);
    expect(isOnlyViewChange(at('/categories?q=a'), at('/categories?q=b&view=list'))).toBe(false);
    expect(isOnlyViewChange(at('/categories'), at('/countries?view=list'))).toBe(false);
  });
});
