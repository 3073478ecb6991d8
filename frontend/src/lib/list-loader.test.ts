import { describe, expect, it } from 'vitest';
import { filterTextFromUrl, pagePath, readPageOrLast, readServerPage } from './list-loader.ts';

describe('list URLs', () => {
  it('reads the text filter from ?q=, trimmed, empty when absent', () => {
    expect(filterTextFromUrl('http://x/categories?q=%20%20pl%20')).toBe('pl');
    expect(filterTextFromUrl('http://x/categories')).toBe('');
  });

  it('keeps page 1 out of canonical paths', () => {
    expect(pagePath('/categories/plumber', 1)).toBe('/categories/plumber');
    expect(pagePath('/categories/plumber', 3)).toBe('/categories/plumber?page=3');
  });
});

describe('readServerPage', () => {
  const items = Array.from({ length: 30 }, (_, i) => i + 1);
  const serve = (asked: number[]) => async (page: number) => {
    asked.push(page);
    return { items: items.slice((page - 1) * 12, page * 12), total: items.length };
  };

  it('reads the page asked for', async () => {
    const asked: number[] = [];
    const { slice } = await readServerPage(2, 12, serve(asked), (response) => response.items);
    expect(slice).toMatchObject({ items: items.slice(12, 24), page: 2, totalPages: 3, first: 13 });
    expect(asked).toEqual([2]);
  });

  it('reads the last page for a page past the end', async () => {
    const asked: number[] = [];
    const { slice, response } = await readServerPage(9, 12, serve(asked), (answer) => answer.items);
    expect(slice).toMatchObject({ items: items.slice(24), page: 3, first: 25, last: 30 });
    expect(response.items).toEqual(items.slice(24));
    expect(asked).toEqual([9, 3]);
  });

  it('asks the API for no page beyond the largest safe integer', async () => {
    const asked: number[] = [];
    expect((await readServerPage(1e30, 12, serve(asked), (answer) => answer.items)).slice.page).toBe(3);
    expect(asked).toEqual([Number.MAX_SAFE_INTEGER, 3]);
  });
});

describe('readPageOrLast', () => {
  const serve = (asked: number[], totalPages: number) => async (page: number) => {
    asked.push(page);
    return { currentPage: page, totalPages };
  };

  it('reads the page asked for when it exists', async () => {
    const asked: number[] = [];
    expect(await readPageOrLast(3, serve(asked, 17))).toEqual({ currentPage: 3, totalPages: 17 });
    expect(asked).toEqual([3]);
  });

  it('reads the last page for a page past the end (the category page at ?page=99)', async () => {
    const asked: number[] = [];
    expect(await readPageOrLast(99, serve(asked, 17))).toEqual({ currentPage: 17, totalPages: 17 });
    expect(asked).toEqual([99, 17]);
  });

  it('reads page 1 of an empty list once, and keeps a missing list missing', async () => {
    const asked: number[] = [];
    expect(await readPageOrLast(1, serve(asked, 0))).toEqual({ currentPage: 1, totalPages: 0 });
    expect(asked).toEqual([1]);
    expect(await readPageOrLast(5, async () => null)).toBeNull();
  });
});
