import { describe, expect, it } from 'vitest';
import { IndexMemo } from './index-memo.ts';

describe('IndexMemo', () => {
  it('reads once per index generation and key', async () => {
    let generation = 'index-a:1';
    const memo = new IndexMemo(async () => generation, { maxEntries: 10 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [`countries read ${reads}`];
    };
    expect(await memo.get('countries', read)).toEqual(['countries read 1']);
    expect(await memo.get('countries', read)).toEqual(['countries read 1']);
    expect(await memo.get('categories', read)).toEqual(['countries read 2']);
    generation = 'index-a:2';
    expect(await memo.get('countries', read)).toEqual(['countries read 3']);
    expect(reads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const memo = new IndexMemo(async () => 'g', { maxEntries: 10 });
    await expect(memo.get('home', () => Promise.reject(new Error('index gone')))).rejects.toThrow('index gone');
    expect(await memo.get('home', async () => 'home data')).toBe('home data');
  });

  it('holds at most maxEntries keys', async () => {
    const memo = new IndexMemo(async () => 'g', { maxEntries: 2 });
    let reads = 0;
    const read = async () => ++reads;
    for (const key of ['a', 'b', 'c']) await memo.get(key, read);
    expect(await memo.get('c', read)).toBe(3);
    expect(await memo.get('a', read)).toBe(4);
  });
});
