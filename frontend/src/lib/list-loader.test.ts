import { describe, expect, it } from 'vitest';
import { filterTextFromUrl, pagePath } from './list-loader.ts';

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
