/**
 * Instant search on the embedded index.
 *
 * Bounded work, whatever the query:
 * - Candidates: at most {@link CANDIDATE_LIMIT} documents are ever read and ranked. FTS5 yields
 *   matches in rowid order and rowids (`pos`) are popularity ranks, so the candidates of a broad
 *   query are its most popular matches. Without words, the R*Tree (geo) or the docs indexes
 *   (category, country/city) drive, still under the same LIMIT.
 * - Totals: exact below the bound; at the bound the answer says `isTotalExact: false`. Browsing
 *   everything, or one category/country/city list alone, takes exact totals from the aggregates.
 * - Facets: with no words and no filters they come from the precomputed aggregate tables (exact);
 *   otherwise they are counted over the candidates and flagged `isFacetExact: false` when the
 *   candidates were capped. A GROUP BY over every match is what this avoids (~190 ms at 1M).
 * - Typos: each word of 5+ letters (1 typo; 9+: 2) is compared with the `vocab` terms of the same
 *   first letter and a length within the budget (one index range, capped), by Damerau-Levenshtein;
 *   up to {@link MAX_TYPO_TERMS} corrections are ORed with the word's prefix in the MATCH.
 *   Matches without typos rank first (a second MATCH runs with the corrections).
 * - Ranking: fewest typos, then the best column a word matched in (name 10, category 8, place 3,
 *   about 1, the bm25 column weights), then popularity.
 * - Highlights: name and category with matched words wrapped in `<mark>`…`</mark>`.
 */
import type { Statement } from 'better-sqlite3';
import { countryName } from '@directory/data/countries.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import type { BusinessDocument } from '../document.ts';
import {
  DEFAULT_MAX_FACET_VALUES,
  FACET_NAMES,
  MAX_FACET_VALUES,
  MAX_PER_PAGE,
  cityKey,
  isGeoRadius,
  type FacetCounts,
  type FacetName,
  type FacetValue,
  type GeoFilter,
  type GeoRadius,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
} from '../search-types.ts';
import type { IndexDatabase } from './index-file.ts';
import { boxOf, centerOf, distanceKm } from './search-geo.ts';
import { isOpenAt, minuteOfWeekCache } from './search-hours.ts';
import { resolveLocation, type LocationLookup, type LocationPart } from './search-location.ts';
import {
  highlight,
  placeExpression,
  queryWords,
  tokenize,
  typoBudget,
  typoDistance,
  wordExpression,
  type ExpandedWord,
  type HighlightTerms,
} from './search-text.ts';
import { presentDoc, type DocRow } from './sqlite-engine.ts';

/** Most documents one search reads and ranks. */
export const CANDIDATE_LIMIT = 1000;
/** Most vocabulary terms compared with one query word. */
const VOCAB_SCAN_LIMIT = 20_000;
/** Most typo corrections ORed in for one query word. */
export const MAX_TYPO_TERMS = 8;
const BM25_COLUMNS = "bm25(docs_fts, 1, 0, 0, 0) AS s_name, bm25(docs_fts, 0, 1, 0, 0) AS s_category, bm25(docs_fts, 0, 0, 1, 0) AS s_place, bm25(docs_fts, 0, 0, 0, 1) AS s_about";
const STATEMENT_CACHE_SIZE = 256;
/** More than there are ISO country codes. */
const COUNTRY_ROWS = 1000;

/** The columns ranking, facets and distances need; full rows are read for the page only. */
const CANDIDATE_COLUMNS = 'd.pos, d.rating, d.reviews, d.latitude, d.longitude, d.category_slug, d.country_code, d.city_slug';
type CandidateRow = Pick<DocRow, 'pos' | 'rating' | 'reviews' | 'latitude' | 'longitude' | 'category_slug' | 'country_code' | 'city_slug'>;

interface ScoredRow extends CandidateRow {
  s_name?: number;
  s_category?: number;
  s_place?: number;
  s_about?: number;
}

interface Candidate {
  row: CandidateRow;
  typoTier: number;
  columnTier: number;
  distanceKm: number | null;
}


/** SQL conditions on `docs d` and their parameters. */
class Conditions {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: string, ...params: unknown[]): void {
    this.clauses.push(clause);
    this.params.push(...params);
  }

  sql(prefix: string): string {
    return this.clauses.length === 0 ? '' : `${prefix} ${this.clauses.join(' AND ')}`;
  }
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** Which single facet dimension a request filters on, when it filters on nothing else. */
type SingleDimension = { facet: FacetName; values: string[] } | null;

class SqliteSearcher {
  private readonly statements = new Map<string, Statement>();
  private readonly vocabRange: Statement<[string, number, number, number], { term: string; docs: number }>;
  private readonly addTerm: Statement<[string, number, string]>;
  private readonly countryCodes: Statement<[string, string], string>;
  private readonly citiesBySlug: Statement<[string], { countryCode: string; citySlug: string }>;
  private readonly categoryName: Statement<[string], string | undefined>;
  private readonly cityName: Statement<[string, string], string | undefined>;
  private readonly businessCount: Statement<[], string | undefined>;
  private readonly categoryCount: Statement<[string], number | undefined>;
  private readonly countryCount: Statement<[string], number | undefined>;
  private readonly cityCount: Statement<[string, string], number | undefined>;
  private readonly topFacet: Record<FacetName, Statement<[number], FacetValue>>;
  private readonly facetByLetter: Record<'category' | 'city', Statement<[string], FacetValue>>;

  constructor(private readonly db: IndexDatabase) {
    registerFunctions(db);
    this.vocabRange = db.prepare('SELECT term, docs FROM vocab WHERE head = ? AND len BETWEEN ? AND ? LIMIT ?');
    this.addTerm = db.prepare(
      'INSERT INTO vocab (head, len, term, docs) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET docs = docs + 1',
    );
    this.countryCodes = db.prepare('SELECT code FROM countries WHERE code = ? OR slug = ?').pluck() as Statement<[string, string], string>;
    this.citiesBySlug = db.prepare('SELECT country_code AS countryCode, slug AS citySlug FROM cities WHERE slug = ?');
    this.categoryName = db.prepare('SELECT name FROM categories WHERE slug = ?').pluck() as Statement<[string], string | undefined>;
    this.cityName = db.prepare('SELECT name FROM cities WHERE country_code = ? AND slug = ?').pluck() as Statement<
      [string, string],
      string | undefined
    >;
    this.businessCount = db.prepare("SELECT value FROM meta WHERE key = 'business_count'").pluck() as Statement<[], string | undefined>;
    this.categoryCount = db.prepare('SELECT business_count FROM categories WHERE slug = ?').pluck() as Statement<[string], number | undefined>;
    this.countryCount = db.prepare('SELECT business_count FROM countries WHERE code = ?').pluck() as Statement<[string], number | undefined>;
    this.cityCount = db.prepare('SELECT business_count FROM cities WHERE country_code = ? AND slug = ?').pluck() as Statement<
      [string, string],
      number | undefined
    >;
    const categoryColumns = 'slug AS value, name AS label, business_count AS count FROM categories';
    const countryColumns = 'code AS value, name AS label, business_count AS count FROM countries';
    const cityColumns = "country_code || ':' || slug AS value, name AS label, business_count AS count FROM cities";
    const byCount = 'ORDER BY business_count DESC, name';
    this.topFacet = {
      category: db.prepare(`SELECT ${categoryColumns} ${byCount} LIMIT ?`),
      country: db.prepare(`SELECT ${countryColumns} ${byCount} LIMIT ?`),
      city: db.prepare(`SELECT ${cityColumns} ${byCount} LIMIT ?`),
    };
    this.facetByLetter = {
      category: db.prepare(`SELECT ${categoryColumns} WHERE letter = ? ${byCount}`),
      city: db.prepare(`SELECT ${cityColumns} WHERE letter = ? ${byCount}`),
    };
  }

  /** Adds an upserted document's terms to the typo vocabulary (incremental changes). */
  addVocabulary(doc: BusinessDocument): void {
    const text = [doc.name, doc.category, doc.type, doc.city, doc.country, doc.countryCode, doc.postalCode, doc.aboutText]
      .filter(Boolean)
      .join(' ');
    for (const term of new Set(tokenize(text))) this.addTerm.run(term.charAt(0), term.length, term);
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    const started = performance.now();
    checkRequest(request);
    const filters = request.filters ?? {};
    const conditions = new Conditions();
    const matchParts: string[] = [];
    if (filters.categorySlugs?.length) conditions.add(`d.category_slug IN (${placeholders(filters.categorySlugs.length)})`, ...filters.categorySlugs);
    if (filters.countryCodes?.length) {
      const codes = filters.countryCodes.map((code) => code.toUpperCase());
      conditions.add(`d.country_code IN (${placeholders(codes.length)})`, ...codes);
    }
    if (filters.cities?.length) {
      conditions.add(
        `(${filters.cities.map(() => '(d.country_code = ? AND d.city_slug = ?)').join(' OR ')})`,
        ...filters.cities.flatMap((city) => [city.countryCode.toUpperCase(), city.citySlug]),
      );
    }
    if (filters.minRating !== undefined) conditions.add('d.rating >= ?', filters.minRating);
    if (filters.openNow) conditions.add('is_open_at(d.open_hours, d.time_zone, ?)', (request.now ?? new Date()).getTime());

    const location = await resolveLocation(request.location, this.locationLookup());
    for (const part of location) this.addLocationPart(part, conditions, matchParts);

    const words = queryWords(request.query).map((word): ExpandedWord => ({ word, typoTerms: this.typoTerms(word) }));
    const point = request.aroundPoint ?? (filters.geo ? centerOf(filters.geo) : null);
    if (request.sort === 'distance' && point === null) throw new RangeError('Sorting by distance needs a point or a geo filter.');
    const maxFacetValues = Math.min(request.maxFacetValues ?? DEFAULT_MAX_FACET_VALUES, MAX_FACET_VALUES);
    const isBrowsing = words.length === 0 && matchParts.length === 0 && conditions.clauses.length === 0 && !filters.geo;

    const sort = request.sort ?? 'relevance';
    let candidates: Candidate[] = [];
    let isCapped = false;
    if (isBrowsing && sort === 'relevance') {
      // Plain browsing pages through the popularity order itself: no candidates to rank.
    } else if (words.length > 0 || matchParts.length > 0) {
      ({ candidates, isCapped } = this.textCandidates(words, matchParts, conditions, filters.geo));
    } else {
      // The R*Tree box is the prefilter; the exact radius is checked on the rows it yields.
      if (filters.geo && isGeoRadius(filters.geo)) addRadiusCondition(conditions, filters.geo);
      const box = filters.geo ? rtreeBox(filters.geo) : null;
      const rows = box
        ? this.rows<CandidateRow>(`SELECT ${CANDIDATE_COLUMNS} FROM docs_geo g JOIN docs d ON d.pos = g.pos WHERE ${box.sql} ${conditions.sql('AND')} LIMIT ?`, [
            ...box.params,
            ...conditions.params,
            CANDIDATE_LIMIT,
          ])
        : this.rows<CandidateRow>(`SELECT ${CANDIDATE_COLUMNS} FROM docs d ${conditions.sql('WHERE')} ORDER BY d.pos LIMIT ?`, [...conditions.params, CANDIDATE_LIMIT]);
      candidates = rows.map((row) => ({ row, typoTier: 0, columnTier: 0, distanceKm: null }));
      isCapped = rows.length >= CANDIDATE_LIMIT;
    }
    for (const candidate of candidates) {
      const { latitude, longitude } = candidate.row;
      candidate.distanceKm = point && latitude !== null && longitude !== null ? distanceKm(point.lat, point.lng, latitude, longitude) : null;
    }
    candidates.sort(comparator(sort));

    let total = candidates.length;
    let isTotalExact = !isCapped;
    let window = CANDIDATE_LIMIT;
    let pageRows = candidates.slice((request.page - 1) * request.perPage, request.page * request.perPage);
    if (isBrowsing) {
      total = Number(this.businessCount.get() ?? '0');
      isTotalExact = true;
      if (sort === 'relevance') {
        window = Number.POSITIVE_INFINITY;
        pageRows = this.rows<CandidateRow>(`SELECT ${CANDIDATE_COLUMNS} FROM docs d ORDER BY d.pos LIMIT ? OFFSET ?`, [
          request.perPage,
          (request.page - 1) * request.perPage,
        ]).map((row) => ({ row, typoTier: 0, columnTier: 0, distanceKm: null }));
      }
    } else if (isCapped && words.length === 0 && matchParts.length === 0 && !filters.geo) {
      const exact = this.exactTotal(singleDimension(request, location));
      if (exact !== null) {
        total = exact;
        isTotalExact = true;
      }
    }

    const terms: HighlightTerms = {
      prefixes: words.map((word) => word.word),
      exact: new Set(words.flatMap((word) => word.typoTerms)),
    };
    const fullRows = new Map(
      this.rows<DocRow>('SELECT * FROM docs WHERE pos IN (SELECT value FROM json_each(?))', [JSON.stringify(pageRows.map((c) => c.row.pos))]).map(
        (row) => [row.pos, row],
      ),
    );
    const hits = pageRows.map((candidate) => toHit(candidate, fullRows.get(candidate.row.pos)!, terms));
    const requested = new Set(request.facets ?? []);
    if (request.facetSearch) requested.add(request.facetSearch.facet);
    const allCounts = isBrowsing ? null : this.countFacets(candidates, requested);
    const facets: FacetCounts = {};
    for (const facet of request.facets ?? []) {
      facets[facet] = allCounts ? allCounts[facet]!.slice(0, maxFacetValues) : this.topFacet[facet].all(maxFacetValues);
    }
    const response: SearchResponse = {
      hits,
      total,
      isTotalExact,
      page: request.page,
      perPage: request.perPage,
      totalPages: Math.ceil(Math.min(total, window) / request.perPage),
      facets,
      isFacetExact: isBrowsing || !isCapped,
      processingTimeMs: 0,
    };
    if (request.facetSearch) {
      const { facet, query } = request.facetSearch;
      response.facetHits = allCounts
        ? allCounts[facet]!.filter((value) => labelMatches(value.label, query)).slice(0, maxFacetValues)
        : this.searchFacetAggregates(facet, query, maxFacetValues);
    }
    response.processingTimeMs = Math.round(performance.now() - started);
    return response;
  }

  private locationLookup(): LocationLookup {
    return {
      countries: (code, slug) => this.countryCodes.all(code ?? '', slug),
      citiesBySlug: (slug) => this.citiesBySlug.all(slug),
    };
  }

  private addLocationPart(part: LocationPart, conditions: Conditions, matchParts: string[]): void {
    switch (part.kind) {
      case 'country':
        conditions.add(`d.country_code IN (${placeholders(part.countryCodes.length)})`, ...part.countryCodes);
        return;
      case 'city':
        conditions.add(
          `(${part.cities.map(() => '(d.country_code = ? AND d.city_slug = ?)').join(' OR ')})`,
          ...part.cities.flatMap((city) => [city.countryCode, city.citySlug]),
        );
        return;
      case 'postal':
        matchParts.push(placeExpression(part.words, 'phrase'));
        return;
      case 'words':
        matchParts.push(placeExpression(part.words, 'prefix'));
        return;
    }
  }

  /** Vocabulary terms within the word's typo budget, closest and most frequent first. */
  private typoTerms(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0) return [];
    const found: { term: string; distance: number; docs: number }[] = [];
    for (const { term, docs } of this.vocabRange.all(word.charAt(0), word.length - budget, word.length + budget, VOCAB_SCAN_LIMIT)) {
      if (term.startsWith(word)) continue; // the prefix match already finds it
      const distance = typoDistance(word, term, budget);
      if (distance <= budget) found.push({ term, distance, docs });
    }
    found.sort((a, b) => a.distance - b.distance || b.docs - a.docs);
    return found.slice(0, MAX_TYPO_TERMS).map((entry) => entry.term);
  }

  private textCandidates(
    words: ExpandedWord[],
    matchParts: string[],
    conditions: Conditions,
    geo: GeoFilter | undefined,
  ): { candidates: Candidate[]; isCapped: boolean } {
    if (geo) addGeoConditions(conditions, geo);
    const run = (withTypos: boolean) => {
      const expression = [...words.map((word) => wordExpression(word, withTypos)), ...matchParts].join(' AND ');
      return this.rows<ScoredRow>(
        `SELECT ${CANDIDATE_COLUMNS}, ${BM25_COLUMNS} FROM docs_fts JOIN docs d ON d.pos = docs_fts.rowid
         WHERE docs_fts MATCH ? ${conditions.sql('AND')} LIMIT ?`,
        [expression, ...conditions.params, CANDIDATE_LIMIT],
      );
    };
    const exact = run(false);
    const candidates = exact.map((row) => toCandidate(row, 0));
    if (!words.some((word) => word.typoTerms.length > 0)) return { candidates, isCapped: exact.length >= CANDIDATE_LIMIT };
    const seen = new Set(exact.map((row) => row.pos));
    const withTypos = run(true);
    for (const row of withTypos) {
      if (candidates.length >= CANDIDATE_LIMIT) break;
      if (!seen.has(row.pos)) candidates.push(toCandidate(row, 1));
    }
    return { candidates, isCapped: withTypos.length >= CANDIDATE_LIMIT };
  }

  private rows<T>(sql: string, params: unknown[]): T[] {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...params) as T[];
  }

  /** Facet counts over the candidates, most frequent first, every value. */
  private countFacets(candidates: Candidate[], facets: Set<FacetName>): Record<FacetName, FacetValue[]> {
    const counts: Record<FacetName, Map<string, number>> = { category: new Map(), country: new Map(), city: new Map() };
    for (const { row } of candidates) {
      if (row.category_slug) bump(counts.category, row.category_slug);
      if (row.country_code) bump(counts.country, row.country_code);
      if (row.country_code && row.city_slug) bump(counts.city, cityKey(row.country_code, row.city_slug));
    }
    const result: Record<FacetName, FacetValue[]> = { category: [], country: [], city: [] };
    for (const facet of FACET_NAMES) {
      if (!facets.has(facet)) continue;
      result[facet] = [...counts[facet]]
        .map(([value, count]) => ({ value, label: this.labelOf(facet, value), count }))
        .sort(byCountThenLabel);
    }
    return result;
  }

  private labelOf(facet: FacetName, value: string): string {
    if (facet === 'category') return this.categoryName.get(value) ?? value;
    if (facet === 'country') return countryName(value);
    const [code = '', slug = ''] = value.split(':');
    return this.cityName.get(code, slug) ?? slug;
  }

  /** Facet search with no query and no filters: the aggregates of the values' first letter. */
  private searchFacetAggregates(facet: FacetName, query: string, limit: number): FacetValue[] {
    const folded = slugify(query);
    if (folded === '') return this.topFacet[facet].all(limit);
    // Countries are a few hundred rows; categories and cities are narrowed by their letter index.
    const rows = facet === 'country' ? this.topFacet.country.all(COUNTRY_ROWS) : this.facetByLetter[facet].all(letterOf(folded));
    return rows.filter((row) => labelMatches(row.label, query)).slice(0, limit);
  }

  private exactTotal(dimension: SingleDimension): number | null {
    if (dimension === null) return null;
    let total = 0;
    for (const value of new Set(dimension.values)) {
      if (dimension.facet === 'category') total += this.categoryCount.get(value) ?? 0;
      else if (dimension.facet === 'country') total += this.countryCount.get(value.toUpperCase()) ?? 0;
      else {
        const [code = '', slug = ''] = value.split(':');
        total += this.cityCount.get(code.toUpperCase(), slug) ?? 0;
      }
    }
    return total;
  }
}

function checkRequest(request: SearchRequest): void {
  if (!Number.isInteger(request.page) || request.page < 1) throw new RangeError('page must be a whole number from 1.');
  if (!Number.isInteger(request.perPage) || request.perPage < 1 || request.perPage > MAX_PER_PAGE) {
    throw new RangeError(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`);
  }
}

/** The one facet dimension a request filters on when nothing else narrows it (exact totals from the aggregates). */
function singleDimension(request: SearchRequest, location: LocationPart[]): SingleDimension {
  const filters = request.filters ?? {};
  if (filters.minRating !== undefined || filters.openNow || filters.geo) return null;
  const dimensions: NonNullable<SingleDimension>[] = [];
  if (filters.categorySlugs?.length) dimensions.push({ facet: 'category', values: filters.categorySlugs });
  if (filters.countryCodes?.length) dimensions.push({ facet: 'country', values: filters.countryCodes });
  if (filters.cities?.length) dimensions.push({ facet: 'city', values: filters.cities.map((c) => cityKey(c.countryCode, c.citySlug)) });
  for (const part of location) {
    if (part.kind === 'country') dimensions.push({ facet: 'country', values: part.countryCodes });
    else if (part.kind === 'city') dimensions.push({ facet: 'city', values: part.cities.map((c) => cityKey(c.countryCode, c.citySlug)) });
    else return null;
  }
  return dimensions.length === 1 ? dimensions[0]! : null;
}

function toCandidate(row: ScoredRow, typoTier: number): Candidate {
  let columnTier = 0;
  if ((row.s_name ?? 0) < 0) columnTier = 10;
  else if ((row.s_category ?? 0) < 0) columnTier = 8;
  else if ((row.s_place ?? 0) < 0) columnTier = 3;
  else if ((row.s_about ?? 0) < 0) columnTier = 1;
  return { row, typoTier, columnTier, distanceKm: null };
}

function comparator(sort: NonNullable<SearchRequest['sort']>): (a: Candidate, b: Candidate) => number {
  const byPopularity = (a: Candidate, b: Candidate) => a.row.pos - b.row.pos;
  switch (sort) {
    case 'relevance':
      return (a, b) => a.typoTier - b.typoTier || b.columnTier - a.columnTier || byPopularity(a, b);
    case 'rating':
      return (a, b) => (b.row.rating ?? -1) - (a.row.rating ?? -1) || b.row.reviews - a.row.reviews || byPopularity(a, b);
    case 'reviews':
      return (a, b) => b.row.reviews - a.row.reviews || byPopularity(a, b);
    case 'distance':
      return (a, b) => (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) || byPopularity(a, b);
  }
}

function toHit(candidate: Candidate, row: DocRow, terms: HighlightTerms): SearchHit {
  const summary = presentDoc(row);
  return {
    ...summary,
    _highlight: {
      name: highlight(summary.name, terms),
      category: summary.category === null ? null : highlight(summary.category, terms),
    },
    _distanceKm: candidate.distanceKm === null ? null : Math.round(candidate.distanceKm * 1000) / 1000,
  };
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function byCountThenLabel(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || compareText(a.label, b.label) || compareText(a.value, b.value);
}

/** Facet search: the label starts with the query, accents and case folded. */
export function labelMatches(label: string, query: string): boolean {
  return slugify(label).startsWith(slugify(query));
}

/**
 * Box (and radius) conditions checked row by row, when full-text drives: the matches arrive in
 * popularity order, so a per-row check beats materialising every R*Tree entry of a large box.
 */
function addGeoConditions(conditions: Conditions, geo: GeoFilter): void {
  const box = boxOf(geo);
  conditions.add('d.latitude BETWEEN ? AND ?', box.south, box.north);
  if (box.west <= box.east) conditions.add('d.longitude BETWEEN ? AND ?', box.west, box.east);
  else conditions.add('(d.longitude >= ? OR d.longitude <= ?)', box.west, box.east);
  if (isGeoRadius(geo)) addRadiusCondition(conditions, geo);
}

function addRadiusCondition(conditions: Conditions, geo: GeoRadius): void {
  conditions.add('geo_km(d.latitude, d.longitude, ?, ?) <= ?', geo.lat, geo.lng, geo.radiusKm);
}

/** The box condition on the R*Tree `g` (points are stored as degenerate boxes). */
function rtreeBox(geo: GeoFilter): { sql: string; params: number[] } {
  const box = boxOf(geo);
  const lng = box.west <= box.east ? 'g.min_lng >= ? AND g.max_lng <= ?' : '(g.min_lng >= ? OR g.max_lng <= ?)';
  return { sql: `g.min_lat >= ? AND g.max_lat <= ? AND ${lng}`, params: [box.south, box.north, box.west, box.east] };
}

const registered = new WeakSet<IndexDatabase>();

/** SQL functions the search statements use: great-circle distance and "open at". */
function registerFunctions(db: IndexDatabase): void {
  if (registered.has(db)) return;
  registered.add(db);
  db.function('geo_km', { deterministic: true }, (lat: unknown, lng: unknown, toLat: unknown, toLng: unknown) =>
    typeof lat === 'number' && typeof lng === 'number' ? distanceKm(lat, lng, Number(toLat), Number(toLng)) : null,
  );
  let memoNow = Number.NaN;
  let minuteIn = minuteOfWeekCache(new Date(0));
  db.function('is_open_at', (hours: unknown, timeZone: unknown, nowMs: unknown) => {
    if (typeof hours !== 'string' || typeof timeZone !== 'string') return 0;
    if (nowMs !== memoNow) {
      memoNow = Number(nowMs);
      minuteIn = minuteOfWeekCache(new Date(memoNow));
    }
    const minute = minuteIn(timeZone);
    return minute !== null && isOpenAt(hours, minute) ? 1 : 0;
  });
}

const searchers = new WeakMap<IndexDatabase, SqliteSearcher>();

function searcherFor(db: IndexDatabase): SqliteSearcher {
  let searcher = searchers.get(db);
  if (!searcher) {
    searcher = new SqliteSearcher(db);
    searchers.set(db, searcher);
  }
  return searcher;
}

/** Runs a search on an open index file. */
export function searchIndex(db: IndexDatabase, request: SearchRequest): Promise<SearchResponse> {
  return searcherFor(db).search(request);
}

/** Adds an upserted document's words to the typo vocabulary. */
export function addToVocabulary(db: IndexDatabase, doc: BusinessDocument): void {
  searcherFor(db).addVocabulary(doc);
}
