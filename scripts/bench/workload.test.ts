import { describe, expect, it } from 'vitest';
import { Random } from '@directory/data/demo/random.ts';
import { buildAdminRows, buildMixRow, buildPageRows, buildRows, indexPagesRows, keptSearchRows, makeTypo, multiSearchBody, wordsOf, WRITE_EVERY_MS, type Sample } from './workload.ts';

/** Levenshtein distance, to check that a typo is one edit away (a swap counts as two). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

describe('bench workload', () => {
  it('splits names into folded words of letters', () => {
    expect(wordsOf("Joe's Café & Bar 24h")).toEqual(['joe', 'cafe', 'bar']);
  });

  it('makes typos one edit away (a swap: two) that keep the first letter', () => {
    const random = new Random(7);
    for (const word of ['restaurant', 'plumber', 'dentist', 'bakery']) {
      for (let i = 0; i < 20; i += 1) {
        const typo = makeTypo(word, random);
        expect(typo[0]).toBe(word[0]);
        expect(distance(word, typo)).toBeGreaterThanOrEqual(1);
        expect(distance(word, typo)).toBeLessThanOrEqual(2);
      }
    }
    expect(() => makeTypo('spa', random)).toThrow(/5 letters/);
  });

  it('sends the body the /search page sends after a facet click', () => {
    const body = JSON.parse(multiSearchBody('pizza', 'pizza-restaurant')) as { requests: Array<{ params: Record<string, unknown> }> };
    expect(body.requests).toHaveLength(2);
    expect(body.requests[0]!.params).toMatchObject({ query: 'pizza', facetFilters: [['category:pizza-restaurant']], hitsPerPage: 20 });
    expect(body.requests[1]!.params).toMatchObject({ query: 'pizza', facets: ['category'], hitsPerPage: 0 });
  });

  it('draws many different requests per search row from the sample', () => {
    const sample: Sample = {
      categoryWords: ['pizza', 'restaurant', 'dentist', 'plumber', 'bakery'],
      nameWords: ['roma', 'golden', 'dragon', 'smile'],
      businessNames: ['Pizza Roma', 'Golden Dragon', 'Smile Dental'],
      slugs: ['pizza-roma-xyz', 'golden-dragon-abc', 'smile-dental-def'],
      places: [
        { category: 'Pizza restaurant', categorySlug: 'pizza-restaurant', city: 'Roma', citySlug: 'roma', countryCode: 'IT', latitude: 41.9, longitude: 12.5 },
        { category: 'Dentist', categorySlug: 'dentist', city: 'Tōkyō', citySlug: 'tokyo', countryCode: 'JP', latitude: 35.7, longitude: 139.7 },
      ],
    };
    const rows = buildRows(sample, 60, new Random(1));
    const filters = rows.find((row) => row.name.includes('filters'))!;
    expect(filters.requests.length).toBe(60);
    expect(new Set(filters.requests.map((request) => request.path))).toEqual(
      new Set(['/api/search?q=pizza&category=pizza-restaurant&country=IT&city=IT%3Aroma', '/api/search?q=dentist&category=dentist&country=JP&city=JP%3Atokyo']),
    );
    const typos = rows.find((row) => row.name.includes('typo'))!;
    expect(new Set(typos.requests.map((request) => request.path)).size).toBeGreaterThan(20);
    const where = rows.find((row) => row.name.includes('city (q='))!;
    expect(where.requests.map((request) => request.path)).toContain('/api/search?q=dentist+tokyo');
  });

  it('asks for many business pages, real /search pages, the biggest lists and the last sitemap file', () => {
    const sample: Sample = {
      categoryWords: ['pizza', 'dentist'],
      nameWords: ['roma'],
      businessNames: ['Pizza Roma', 'Smile Dental'],
      slugs: ['pizza-roma-xyz', 'smile-dental-def', 'golden-dragon-abc'],
      places: [
        { category: 'Pizza restaurant', categorySlug: 'pizza-restaurant', city: 'Roma', citySlug: 'roma', countryCode: 'IT', latitude: 41.9, longitude: 12.5 },
        { category: 'Dentist', categorySlug: 'dentist', city: 'Tōkyō', citySlug: 'tokyo', countryCode: 'JP', latitude: 35.7, longitude: 139.7 },
      ],
    };
    const rows = buildPageRows(sample, { categorySlug: 'restaurant', city: { countryCode: 'US', slug: 'new-york' } }, '/sitemaps/businesses/page-21.xml', 60, new Random(3));
    const paths = (name: string) => new Set(rows.find((row) => row.name.includes(name))!.requests.map((request) => request.path));
    expect(paths('/business/')).toEqual(new Set(['/business/pizza-roma-xyz', '/business/smile-dental-def', '/business/golden-dragon-abc']));
    // The kept page rows are asked once before they are measured (their first renders are printed apart); the uncached ones are not.
    const readyNames = rows.filter((row) => row.isReadyAnswer && row.name.startsWith('page:')).map((row) => row.name);
    expect(readyNames).toEqual(['page: /business/{slug}', 'page: /search?q=…&location=…', 'page: big category, pages 1..20', 'page: big city, pages 1..20']);
    expect(paths('/search?')).toEqual(new Set(['/search?q=pizza&location=Roma', '/search?q=dentist&location=T%C5%8Dky%C5%8D']));
    // The uncached row asks each search of the sample once per round.
    const uncached = rows.find((row) => row.name.includes('/search?') && row.name.includes('uncached'))!;
    expect(uncached.name).toBe('page: /search?q=…&location=…, 2 searches (uncached)');
    expect(uncached.requests.map((request) => request.path)).toEqual(['/search?q=pizza&location=Roma', '/search?q=dentist&location=T%C5%8Dky%C5%8D']);
    expect(paths('big city')).toContain('/cities/us/new-york?page=20');
    expect(paths('big category')).toContain('/categories/restaurant');
    expect(paths('/api/cities/{biggest}')).toContain('/api/cities/US/new-york?page=1');
    expect(paths('last business sitemap')).toEqual(new Set(['/sitemaps/businesses/page-21.xml']));
    // The sitemap file kept in gzip, and written for each request to a client without gzip.
    const sitemapRows = rows.filter((row) => row.name.startsWith('last business sitemap'));
    expect(sitemapRows.map((row) => [row.isReadyAnswer ?? false, row.requests[0]!.headers?.['accept-encoding']])).toEqual([[true, undefined], [false, 'identity']]);
    expect(paths('page: /categories')).toContain('/categories?letter=B');

    // The kept index pages, interleaved (home, a /search page, a page of the big category), as they are and under writes.
    const indexPages = indexPagesRows(rows);
    expect(indexPages.map((row) => row.name)).toEqual([
      'pages kept: home, /search, big category',
      `pages kept: home, /search, big category, a business written every ${WRITE_EVERY_MS} ms`,
    ]);
    expect(indexPages.every((row) => row.isReadyAnswer && row.requests === indexPages[0]!.requests)).toBe(true);
    expect(indexPages[0]!.requests.slice(0, 3).map((request) => request.path)).toEqual(['/', '/search?q=pizza&location=Roma', '/categories/restaurant']);
    expect(new Set(indexPages[0]!.requests.map((request) => request.path)).size).toBe(1 + 2 + 20);

    const mix = buildMixRow([...rows, ...buildRows(sample, 60, new Random(4))]);
    // Five kinds of 60 requests each (business pages, /search pages, the home page, real searches, typos):
    // the row asking every search of the sample once is left out.
    expect(mix.requests).toHaveLength(5 * 60);
    const kinds = new Set(mix.requests.slice(0, 5).map((request) => request.path.split(/[/?]/)[1] + (request.path.startsWith('/api/search') ? '/search' : '')));
    // Interleaved: the first five requests are one of each kind (home, business, search page, two API searches).
    expect(kinds).toEqual(new Set(['', 'business', 'search', 'api/search']));

    // The kept-answer rows: the same requests as the rotation and the multi-search, asked once before they are measured.
    const searchRows = buildRows(sample, 60, new Random(4));
    const kept = keptSearchRows([...searchRows, ...rows]);
    expect(kept.map((row) => row.name)).toEqual([
      'search/multi: the /search page after a facet click (answers kept)',
      'search: 60 real searches in rotation (answers kept)',
    ]);
    expect(kept.every((row) => row.isReadyAnswer)).toBe(true);
    expect(kept[1]!.requests).toEqual(searchRows.find((row) => row.name === 'search: 60 real searches in rotation')!.requests);
  });

  it("drives the admin list as a signed-in operator: name searches, category filters, every sort, first pages", () => {
    const sample = { nameWords: ['roma', 'golden', 'dragon', 'smile'] } as Sample;
    const rows = buildAdminRows(sample, ['Restaurant', 'Dentist'], 'directory_session=abc', 200, new Random(3));
    expect(rows.map((row) => row.name)).toEqual([
      'admin list: name search, each sort',
      'admin list: category filter, each sort',
      'admin list: each sort, pages 1..50',
      'admin list: one operator (1 connection), the three rows above mixed',
    ]);
    const [alone] = rows.splice(3, 1);
    expect(alone!.connections).toBe(1);
    const requests = rows.flatMap((row) => row.requests);
    const paths = new Set(requests.map((request) => request.path));
    expect(alone!.requests.length).toBe(requests.length);
    expect(alone!.requests.every((request) => paths.has(request.path) && request.headers?.cookie === 'directory_session=abc')).toBe(true);
    expect(requests.every((request) => request.method === 'GET' && request.headers?.cookie === 'directory_session=abc')).toBe(true);
    const params = requests.map((request) => new URL(request.path, 'http://bench').searchParams);
    expect(new Set(requests.map((request) => new URL(request.path, 'http://bench').pathname))).toEqual(new Set(['/api/admin/businesses']));
    expect(new Set(params.map((param) => `${param.get('sortBy')} ${param.get('sortOrder')}`)).size).toBe(8);
    expect(new Set(params.flatMap((param) => param.get('filter') ?? []))).toEqual(new Set(sample.nameWords));
    expect(new Set(params.flatMap((param) => param.get('category') ?? []))).toEqual(new Set(['Restaurant', 'Dentist']));
    expect(Math.max(...params.map((param) => Number(param.get('page'))))).toBeLessThanOrEqual(50);
    expect(params.every((param) => param.get('limit') === '20')).toBe(true);
  });
});
