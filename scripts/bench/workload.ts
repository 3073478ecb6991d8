/**
 * The benchmark's requests, drawn from the record: real category and business words, real
 * cities with their coordinates and slugs, typos made from real words. Deterministic for a
 * given record (a seeded generator), so two runs on one data set send the same requests.
 */
import Database from 'better-sqlite3';
import type { Random } from '@directory/data/demo/random.ts';
import { foldText, slugify } from '@directory/data/slug.ts';

/** One request of a rotation. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Sent with the request (the admin rows' session cookie). */
  headers?: Record<string, string>;
}

/** A row of the table: one kind of request, many different instances in rotation. */
export interface BenchRow {
  name: string;
  requests: BenchRequest[];
  /** Connections for this row when not the run's (one operator works alone). */
  connections?: number;
  /**
   * Answers the server computes once per index change and then keeps (ready list answers): each
   * distinct request is asked once before the row, those first answers timed apart, so the row
   * measures what visitors get between two index changes and the first computation is reported too.
   */
  isReadyAnswer?: boolean;
  /**
   * Followed by a second baseline: the row's answers, recorded from the server, replayed by a bare
   * Koa app (common.ts `replayBaseline`). For the list rows, whose answers are ready bytes: it
   * tells the server's work apart from what the load generator spends on those bytes.
   */
  hasReplayBaseline?: boolean;
}

/** What the requests are made of. */
export interface Sample {
  categoryWords: string[];
  nameWords: string[];
  businessNames: string[];
  /** Slugs of the sampled businesses: their pages. */
  slugs: string[];
  /** Businesses with a category and a city: the values their filters take. */
  places: Array<{ category: string; categorySlug: string; city: string; citySlug: string; countryCode: string; latitude: number; longitude: number }>;
}

const ADMIN_SORTS = ['name', 'rating', 'reviewCount', 'createdAt'] as const;

/**
 * The admin area's business list at full size, as an operator signed in with `cookie` uses it:
 * a name search (a word of a business name), a category filter, each sort in both orders, and
 * the first pages, 20 a page (`GET /api/admin/businesses`).
 */
export function buildAdminRows(sample: Sample, categories: string[], cookie: string, perRow: number, random: Random): BenchRow[] {
  const sorted = () => {
    const sortBy = ADMIN_SORTS[random.int(ADMIN_SORTS.length)]!;
    return { sortBy, sortOrder: random.int(2) === 0 ? 'asc' : 'desc' };
  };
  const list = (params: Record<string, string>): BenchRequest => ({
    method: 'GET',
    path: `/api/admin/businesses?${new URLSearchParams({ limit: '20', ...params }).toString()}`,
    headers: { cookie },
  });
  const page = () => String(1 + random.int(5));
  const rows: BenchRow[] = [
    {
      name: 'admin list: name search, each sort',
      requests: pick(sample.nameWords, perRow, random).map((filter) => list({ filter, page: page(), ...sorted() })),
    },
    {
      name: 'admin list: category filter, each sort',
      requests: pick(categories, perRow, random).map((category) => list({ category, page: page(), ...sorted() })),
    },
    {
      name: 'admin list: each sort, pages 1..50',
      requests: Array.from({ length: perRow }, () => list({ page: String(1 + random.int(50)), ...sorted() })),
    },
  ];
  // The admin list's promise is for an operator at work: one request at a time, each answered
  // well under 100 ms (the rows above measure the list under load).
  const everyRequest = rows.flatMap((row) => row.requests);
  const alone = pick(everyRequest, everyRequest.length, random);
  return [...rows, { name: 'admin list: one operator (1 connection), the three rows above mixed', requests: alone, connections: 1 }];
}

/** The 20 biggest categories (the admin area's category filter offers them first). */
export function biggestCategories(recordFile: string): string[] {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT value FROM business_counts WHERE dimension = 'category' AND n > 0 ORDER BY n DESC LIMIT 20`).pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Lower-case words of letters only, at least `minLength` long. */
export function wordsOf(text: string, minLength = 3): string[] {
  return foldText(text)
    .split(/[^a-z]+/)
    .filter((word) => word.length >= minLength);
}

/**
 * One edit of a word the search should still forgive: two neighbouring letters swapped, one
 * letter dropped or one letter replaced, never the first letter (like a hurried typist).
 */
export function makeTypo(word: string, random: Random): string {
  if (word.length < 5) throw new RangeError(`a typo needs a word of 5 letters or more, got "${word}"`);
  const at = 1 + random.int(word.length - 2);
  switch (random.int(3)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    default: {
      const letters = 'abcdefghijklmnopqrstuvwxyz'.replace(word[at]!, '');
      return word.slice(0, at) + letters[random.int(letters.length)] + word.slice(at + 1);
    }
  }
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/** Picks `count` values of `values` with the generator (repeats allowed, order random). */
function pick<T>(values: T[], count: number, random: Random): T[] {
  if (values.length === 0) throw new Error('nothing to pick from: is the record empty?');
  return Array.from({ length: count }, () => values[random.int(values.length)]!);
}

/** Reads `size` businesses spread over the record (by random id) and the words of their names and categories. */
export function sampleRecord(recordFile: string, size: number, random: Random): Sample {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const maxId = db.prepare('SELECT coalesce(max(id), 0) FROM businesses').pluck().get() as number;
    const byId = db.prepare(
      'SELECT name, slug, category, city, country_code, latitude, longitude FROM businesses WHERE id >= ? ORDER BY id LIMIT 1',
    );
    interface Row {
      name: string;
      slug: string;
      category: string | null;
      city: string | null;
      country_code: string | null;
      latitude: number | null;
      longitude: number | null;
    }
    const rows: Row[] = [];
    for (let i = 0; i < size; i += 1) {
      const row = byId.get(1 + random.int(maxId)) as Row | undefined;
      if (row) rows.push(row);
    }
    const places = rows.flatMap((row) =>
      row.category && row.city && row.country_code && row.latitude !== null && row.longitude !== null
        ? [{
            category: row.category,
            categorySlug: slugify(row.category),
            city: row.city,
            citySlug: slugify(row.city),
            countryCode: row.country_code,
            latitude: row.latitude,
            longitude: row.longitude,
          }]
        : [],
    );
    return {
      categoryWords: distinct(rows.flatMap((row) => wordsOf(row.category ?? ''))),
      nameWords: distinct(rows.flatMap((row) => wordsOf(row.name))),
      businessNames: distinct(rows.map((row) => row.name)),
      slugs: distinct(rows.map((row) => row.slug)),
      places,
    };
  } finally {
    db.close();
  }
}

const get = (path: string): BenchRequest => ({ method: 'GET', path });
const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The two requests the /search page sends after a click on a category facet. */
export function multiSearchBody(text: string, categorySlug: string): string {
  const base = { query: text, hitsPerPage: 20, page: 0, maxValuesPerFacet: 10, highlightPreTag: '<mark>', highlightPostTag: '</mark>' };
  return JSON.stringify({
    requests: [
      { indexName: 'businesses', params: { ...base, facets: ['category', 'country', 'city'], facetFilters: [[`category:${categorySlug}`]] } },
      { indexName: 'businesses', params: { ...base, hitsPerPage: 0, facets: ['category'] } },
    ],
  });
}

/** Every row of the table, `perRow` different requests each (fewer where the record has fewer). */
export function buildRows(sample: Sample, perRow: number, random: Random): BenchRow[] {
  const words = distinct([...sample.categoryWords, ...sample.nameWords]);
  const prefixes = distinct(words.map((word) => word.slice(0, 2)));
  const typoWords = words.filter((word) => word.length >= 5);
  const places = sample.places;
  const realSearches = [
    ...pick(sample.businessNames, perRow / 3, random).map((name) => ({ q: name })),
    ...pick(sample.categoryWords, perRow / 3, random).map((word) => ({ q: word })),
    ...pick(places, perRow / 3, random).map((place) => ({ q: wordsOf(place.category)[0] ?? place.category, location: place.city })),
  ];
  return [
    { name: 'search: broad 2-letter prefix (q=re)', requests: pick(prefixes, perRow, random).map((q) => get(`/api/search?${query({ q })}`)) },
    { name: 'search: typo of a real word (q=resturant)', requests: pick(typoWords, perRow, random).map((word) => get(`/api/search?${query({ q: makeTypo(word, random) })}`)) },
    {
      name: 'search: geo, 10 km around a real city',
      requests: pick(places, perRow, random).map((place) => get(`/api/search?${query({ lat: place.latitude, lng: place.longitude, radiusKm: 10, sort: 'distance' })}`)),
    },
    {
      name: 'search: category word + city (q=pizza rome)',
      requests: pick(places, perRow, random).map((place) => get(`/api/search?${query({ q: `${wordsOf(place.category)[0] ?? ''} ${foldText(place.city)}`.trim() })}`)),
    },
    { name: 'search: one letter (q=a)', requests: LETTERS.map((letter) => get(`/api/search?q=${letter.toLowerCase()}`)) },
    {
      name: 'search: word + category + country + city filters',
      requests: pick(places, perRow, random).map((place) =>
        get(`/api/search?${query({ q: wordsOf(place.category)[0] ?? '', category: place.categorySlug, country: place.countryCode, city: `${place.countryCode}:${place.citySlug}` })}`),
      ),
    },
    {
      name: 'search/multi: the /search page after a facet click',
      requests: pick(places, perRow, random).map((place) => ({ method: 'POST', path: '/api/search/multi', body: multiSearchBody(wordsOf(place.category)[0] ?? '', place.categorySlug) })),
    },
    { name: `search: ${realSearches.length} real searches in rotation`, requests: realSearches.map((params) => get(`/api/search?${query(params)}`)) },
    { name: '/api/categories (+ ?letter=)', requests: [get('/api/categories'), ...LETTERS.map((letter) => get(`/api/categories?letter=${letter}`))], isReadyAnswer: true, hasReplayBaseline: true },
    { name: '/api/cities?letter=', requests: LETTERS.map((letter) => get(`/api/cities?letter=${letter}`)), isReadyAnswer: true, hasReplayBaseline: true },
    { name: '/api/countries', requests: [get('/api/countries')], isReadyAnswer: true, hasReplayBaseline: true },
    { name: '/api/homepage-data', requests: [get('/api/homepage-data')], isReadyAnswer: true, hasReplayBaseline: true },
    { name: '/api/businesses?page=1..100', requests: Array.from({ length: 100 }, (_, i) => get(`/api/businesses?page=${i + 1}`)), isReadyAnswer: true, hasReplayBaseline: true },
  ];
}

/** `count` slugs of businesses picked at random over the whole record (repeats dropped). */
export function randomSlugs(recordFile: string, count: number, random: Random): string[] {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const maxId = db.prepare('SELECT coalesce(max(id), 0) FROM businesses').pluck().get() as number;
    const byId = db.prepare('SELECT slug FROM businesses WHERE id >= ? ORDER BY id LIMIT 1').pluck();
    return distinct(Array.from({ length: count }, () => byId.get(1 + random.int(maxId)) as string | undefined).filter((slug): slug is string => slug !== undefined));
  } finally {
    db.close();
  }
}

/** The biggest category and the biggest city of the record: the longest list pages. */
export interface BigPlaces {
  categorySlug: string;
  city: { countryCode: string; slug: string };
}

/** Reads the category and the city with the most businesses (one scan of the record). */
export function biggestPlaces(recordFile: string): BigPlaces {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const category = db
      .prepare('SELECT category FROM businesses WHERE category IS NOT NULL GROUP BY category ORDER BY count(*) DESC LIMIT 1')
      .pluck()
      .get() as string | undefined;
    const city = db
      .prepare(
        'SELECT country_code AS countryCode, city FROM businesses WHERE city IS NOT NULL AND country_code IS NOT NULL GROUP BY country_code, city ORDER BY count(*) DESC LIMIT 1',
      )
      .get() as { countryCode: string; city: string } | undefined;
    if (!category || !city) throw new Error('nothing to pick from: is the record empty?');
    return { categorySlug: slugify(category), city: { countryCode: city.countryCode, slug: slugify(city.city) } };
  } finally {
    db.close();
  }
}

/**
 * The server-rendered pages of the table: many business pages, many /search pages, the lists,
 * the sitemaps (`lastBusinessSitemap` is read from /sitemap.xml at run time) and the pages of
 * the biggest category and city, first pages and deep ones.
 */
export function buildPageRows(
  sample: Sample,
  big: BigPlaces,
  lastBusinessSitemap: string,
  perRow: number,
  random: Random,
  manySlugs: string[] = [],
): BenchRow[] {
  const cityPath = `/cities/${big.city.countryCode.toLowerCase()}/${big.city.slug}`;
  const pages = Array.from({ length: 20 }, (_, i) => i + 1);
  const searchPage = (place: Sample['places'][number]) => get(`/search?${query({ q: wordsOf(place.category)[0] ?? place.category, location: place.city })}`);
  const searchPages = [...new Map(sample.places.map(searchPage).map((request) => [request.path, request])).values()];
  return [
    { name: 'page: / (home)', requests: [get('/')] },
    // Kept pages after their first render (asked once before the row; a business page stays kept until its Open badge would change).
    { name: 'page: /business/{slug}', requests: pick(sample.slugs, perRow, random).map((slug) => get(`/business/${encodeURIComponent(slug)}`)), isReadyAnswer: true },
    // More different pages than a run requests: every page is rendered, none comes from the page cache.
    ...(manySlugs.length > 0
      ? [{ name: `page: /business/{slug}, ${manySlugs.length} slugs (uncached)`, requests: manySlugs.map((slug) => get(`/business/${encodeURIComponent(slug)}`)) }]
      : []),
    // Kept pages after their first render, as visitors who search the same get them.
    { name: 'page: /search?q=…&location=…', requests: pick(sample.places, perRow, random).map(searchPage), isReadyAnswer: true },
    // Every search of the sample once: more different pages than a run requests, each rendered.
    { name: `page: /search?q=…&location=…, ${searchPages.length} searches (uncached)`, requests: searchPages },
    { name: 'page: /categories (+ letters)', requests: [get('/categories'), ...LETTERS.map((letter) => get(`/categories?letter=${letter}`))] },
    { name: 'page: /cities (+ letters)', requests: [get('/cities'), ...LETTERS.map((letter) => get(`/cities/${letter}`))] },
    // Kept pages after their first render (printed under the table, as the ready answers' first computations).
    { name: 'page: big category, pages 1..20', requests: pages.map((page) => get(`/categories/${big.categorySlug}${page > 1 ? `?page=${page}` : ''}`)), isReadyAnswer: true },
    { name: 'page: big city, pages 1..20', requests: pages.map((page) => get(`${cityPath}${page > 1 ? `?page=${page}` : ''}`)), isReadyAnswer: true },
    { name: '/api/categories/{biggest}?page=1..20', requests: pages.map((page) => get(`/api/categories/${big.categorySlug}?page=${page}`)), isReadyAnswer: true, hasReplayBaseline: true },
    { name: '/api/cities/{biggest}?page=1..20', requests: pages.map((page) => get(`/api/cities/${big.city.countryCode}/${big.city.slug}?page=${page}`)), isReadyAnswer: true, hasReplayBaseline: true },
    // Kept in gzip for their index generation once written (asked once before the row)…
    { name: '/sitemap.xml', requests: [get('/sitemap.xml')], isReadyAnswer: true },
    { name: 'last business sitemap file', requests: [get(lastBusinessSitemap)], isReadyAnswer: true },
    // …and written for each request to a client that does not take gzip.
    { name: 'last business sitemap file, written per request (no gzip)', requests: [{ ...get(lastBusinessSitemap), headers: { 'accept-encoding': 'identity' } }] },
  ];
}

/**
 * The rows' requests taken in turn, one of each row, the shorter rows going round again, until
 * the longest has given all of its own: every slice of a run carries every kind of request.
 */
function interleave(rows: BenchRow[]): BenchRequest[] {
  const requests: BenchRequest[] = [];
  const longest = Math.max(0, ...rows.map((row) => row.requests.length));
  for (let i = 0; i < longest; i += 1) for (const row of rows) requests.push(row.requests[i % row.requests.length]!);
  return requests;
}

/** How often the writes row changes a business (an operator at work, a small import). */
export const WRITE_EVERY_MS = 250;

/**
 * The kept index pages (home, `/search` pages, the big category's pages), interleaved: measured
 * as they are, then while a business is written every {@link WRITE_EVERY_MS} (each write moves
 * the index generation those pages are kept by). Asked once before each row.
 */
export function indexPagesRows(rows: BenchRow[]): BenchRow[] {
  const wanted = ['page: / (home)', 'page: /search?q=…&location=…', 'page: big category, pages 1..20'];
  const requests = interleave(wanted.map((name) => rows.find((row) => row.name === name)).filter((row): row is BenchRow => row !== undefined));
  const name = 'pages kept: home, /search, big category';
  return [
    { name, requests, isReadyAnswer: true },
    { name: `${name}, a business written every ${WRITE_EVERY_MS} ms`, requests, isReadyAnswer: true },
  ];
}

/** The page and search mix measured idle and again while a large import runs. */
export function buildMixRow(rows: BenchRow[]): BenchRow {
  const wanted = ['page: /business/{slug}', 'page: /search?q=…&location=…', 'page: / (home)', 'real searches in rotation', 'search: typo'];
  // The same requests as before the /search page had an uncached row: that row (every search of the sample once) is left out.
  const chosen = rows.filter((row) => wanted.some((name) => row.name.includes(name)) && !row.name.endsWith('searches (uncached)'));
  return { name: 'mix: pages + searches', requests: interleave(chosen) };
}

/**
 * Searches as the server keeps them: the rotation of real searches and the /search page's
 * multi-search, their distinct requests asked once first (the answers computed then kept), then
 * measured like every row. The other search rows run on a server that keeps no answer.
 */
export function keptSearchRows(rows: BenchRow[]): BenchRow[] {
  const wanted = ['real searches in rotation', 'search/multi: the /search page'];
  return rows
    .filter((row) => wanted.some((name) => row.name.includes(name)))
    .map((row) => ({ ...row, name: `${row.name} (answers kept)`, isReadyAnswer: true }));
}
