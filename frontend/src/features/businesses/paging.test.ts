import { describe, expect, it } from 'vitest';
import { businessPageFromQuery, reachablePages, showingRange } from './paging.ts';

describe('businessPageFromQuery', () => {
  it('accepts whole numbers from 1 to 100', () => {
    expect(businessPageFromQuery('1')).toBe(1);
    expect(businessPageFromQuery('2')).toBe(2);
    expect(businessPageFromQuery('100')).toBe(100);
  });

  it('reads a whole number past 100 as the last page the list may reach', () => {
    for (const raw of ['101', '500', '99999', '99999999999999999999999']) expect(businessPageFromQuery(raw)).toBe(100);
  });

  it('treats anything else as page 1', () => {
    for (const raw of [null, '', 'abc', '0', '-3', '2.5', '1e2', ' 2', '0x10']) {
      expect(businessPageFromQuery(raw)).toBe(1);
    }
  });
});

describe('reachablePages', () => {
  it('caps the pages at 100', () => {
    expect(reachablePages(250)).toBe(100);
    expect(reachablePages(7)).toBe(7);
  });
});

describe('showingRange', () => {
  it('numbers the businesses of a page from 1', () => {
    expect(showingRange(2, 20, 20)).toEqual({ first: 21, last: 40 });
    expect(showingRange(3, 20, 5)).toEqual({ first: 41, last: 45 });
  });

  it('is 0-0 for an empty page', () => {
    expect(showingRange(1, 20, 0)).toEqual({ first: 0, last: 0 });
  });
});
