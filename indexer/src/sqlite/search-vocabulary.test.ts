import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openIndexDatabase, type IndexDatabase } from './index-file.ts';
import { SEARCH_TABLES_DDL, VOCAB_INDEXES_SQL } from './index-schema.ts';
import { HEAD_SCAN_LIMIT, MAX_PREFIX_TERMS, Vocabulary } from './search-vocabulary.ts';

/** The i-th word of three letters after `start` ("parkaaaa", "parkaaab", …, in alphabetical order). */
function wordAt(start: string, i: number): string {
  return start + [Math.floor(i / 676), Math.floor(i / 26) % 26, i % 26].map((at) => String.fromCharCode(97 + at)).join('');
}

describe('prefix expansion through the vocabulary', () => {
  let db: IndexDatabase;
  let vocabulary: Vocabulary;

  beforeEach(() => {
    db = openIndexDatabase(':memory:');
    db.exec(SEARCH_TABLES_DDL);
    db.exec(VOCAB_INDEXES_SQL);
    vocabulary = new Vocabulary(db);
  });

  afterEach(() => db.close());

  /** Counts the terms as a sync does, each held by `docs` documents. */
  const hold = (terms: string[], docs: number) => {
    for (const term of terms) vocabulary.add(Array<string>(docs).fill(term));
    vocabulary.flushAdded();
  };
  const words = (start: string, count: number) => Array.from({ length: count }, (_, i) => wordAt(start, i));

  it('stores a synced term\'s first letter and length as the rebuild does, a letter outside the BMP counted once', () => {
    hold(['𠀀𠀁abc', 'café', 'plain'], 1);
    const rows = db.prepare('SELECT term, head, len, head = substr(term, 1, 1) AND len = length(term) AS asRebuilt FROM vocab ORDER BY term').all();
    expect(rows).toEqual([
      { term: 'café', head: 'c', len: 4, asRebuilt: 1 },
      { term: 'plain', head: 'p', len: 5, asRebuilt: 1 },
      { term: '𠀀𠀁abc', head: '𠀀', len: 5, asRebuilt: 1 },
    ]);
  });

  it('expands a word of four letters to its most frequent terms, however many of its head sort before them', () => {
    hold(words('parka', 2_500), 2);
    hold(['parkway'], 7);
    hold(['parkz'], 50);
    const park = vocabulary.expand('park');
    expect(park.terms).toEqual(['parkz', 'parkway', ...words('parka', MAX_PREFIX_TERMS - 2)]);
    expect(park).toMatchObject({ isTruncated: true, bound: 50 + 7 + 2 * (MAX_PREFIX_TERMS - 2) });
  });

  it('reads a bounded number of terms of a head in frequency order for a longer word: past them, the first of the word in alphabetical order', () => {
    // 450 terms of "parki" held by one document sort before "parking", held by five.
    hold(words('parki', 450), 1);
    hold(['parking'], 5);
    // Terms of the head held by ten, ten fewer than the read takes: "parking" comes right after them in frequency order.
    hold(words('parka', HEAD_SCAN_LIMIT - 10), 10);
    expect(vocabulary.expand('parki').terms).toEqual(['parking', ...words('parki', MAX_PREFIX_TERMS - 1)]);
    // Twenty more: the read stops before reaching it.
    hold(words('parkb', 20), 10);
    const parki = vocabulary.expand('parki');
    expect(parki.terms).toEqual(words('parki', MAX_PREFIX_TERMS));
    expect(parki).toMatchObject({ isTruncated: true, bound: MAX_PREFIX_TERMS });
  });
});
