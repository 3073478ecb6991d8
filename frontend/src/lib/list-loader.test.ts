import { describe, expect, it } from 'vitest';
import { filterTextFromUrl, pagePath, readServerPage } from './list-loader.ts';

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
