/**
 * The Meilisearch engine's aggregates follow the embedded engine's rules (bulk-aggregates.ts),
 * so both engines name and rate a category or city alike: names by SQLite's text order, rating
 * totals as SQLite's `total()` sums them.
 */
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import type { BusinessDocument } from '../document.ts';
import { AggregateBuilder, MEILI_INDEX_FORMAT, appliedSeqOf, byCountThenName, leastName, searchWords } from './meili-documents.ts';

function doc(overrides: Partial<BusinessDocument>): BusinessDocument {
  return {
    id: 1, slug: 'a', name: 'A', category: 'Café', categorySlug: 'cafe', type: null, city: 'Oslo', citySlug: 'oslo',
    countryCode: 'NO', country: 'Norway', postalCode: null, address: null, phone: null, photo: null, rating: null, reviews: 0,
    isApproved: true, verified: false, createdAt: '2025-01-01', updatedAt: '2025-01-01', placeId: null, url: null,
    latitude: null, longitude: null, timeZone: null, workingHours: null, isTemporarilyClosed: false, aboutText: '',
    ...overrides,
  };
}

it('names a city by the least spelling in UTF-8 byte order, not JavaScript order', () => {
  const builder = new AggregateBuilder();
  // JavaScript's `<` would pick the emoji (its first UTF-16 unit, 0xD83D, is below 0xFF5E).
  builder.add(doc({ city: 'Tromsø 😀', citySlug: 'tromso' }));
  builder.add(doc({ city: 'Tromsø ～', citySlug: 'tromso' }));
  expect(builder.cityDocuments()).toMatchObject([{ key: 'NO:tromso', name: 'Tromsø ～', businessCount: 2 }]);
  expect(leastName(['Tromsø 😀', 'Tromsø ～'])).toBe('Tromsø ～');
  expect(leastName([])).toBe('');
});

it('totals ratings as SQLite total() does', () => {
  const ratings = [0.1, 0.2, 0.3, 4.7, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
  const builder = new AggregateBuilder();
  for (const rating of ratings) builder.add(doc({ rating }));
  const sqlite = new Database(':memory:');
  const total = sqlite.prepare(`SELECT total(value) FROM json_each(?)`).pluck().get(JSON.stringify(ratings)) as number;
  sqlite.close();
  // A plain running sum ends elsewhere.
  expect(ratings.reduce((sum, rating) => sum + rating, 0)).not.toBe(total);
  expect(builder.categoryDocuments()).toMatchObject([{ slug: 'cafe', ratingSum: total, ratedCount: ratings.length, businessCount: ratings.length }]);
});

it('sorts by count, then by name in UTF-8 byte order', () => {
  const items = [{ name: 'ﬀ', n: 1 }, { name: '𝔸', n: 1 }, { name: 'b', n: 2 }];
  expect(items.sort(byCountThenName((item) => item.n)).map((item) => item.name)).toEqual(['b', 'ﬀ', '𝔸']);
});

it('gives Meilisearch the joined words the embedded engine stores, so "wifi" finds "Wi-Fi" without a split query', () => {
  const words = searchWords(doc({ name: 'Mike’s Bar-Grill', category: "Women's clothing store", aboutText: 'Free Wi-Fi\nDine-in' }));
  expect(words.joined).toBe('mikes bargrill womens wifi dinein');
  expect(searchWords(doc({ name: 'Pizza Roma' })).joined).toBe('');
});

it('counts an index built in another format, or before formats were named, as not built: the server rebuilds it at start', () => {
  expect(appliedSeqOf(null)).toBe(-1);
  expect(appliedSeqOf({ key: 'state', appliedSeq: 42, businessCount: 7, format: MEILI_INDEX_FORMAT })).toBe(42);
  // Built before the `joined` field: its searches would not find "wifi" in "Wi-Fi".
  expect(appliedSeqOf({ key: 'state', appliedSeq: 42, businessCount: 7 })).toBe(-1);
  expect(appliedSeqOf({ key: 'state', appliedSeq: 42, businessCount: 7, format: '1' })).toBe(-1);
});
