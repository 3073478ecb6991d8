/**
 * Instant search on the embedded index. The rows one search reads are bounded by constants, not
 * by how many documents match, though one search may pay several of them (the remaining cost that
 * grows with the data is inside FTS5: an AND of two words skips through the rarer one's doclist,
 * a 2–3 letter prefix reads its prefix index doclist only as far as the LIMIT):
 * - Drivers. A read takes candidates from one ordered source and stops: the full-text
 *   index (words); the docs index of the narrowest filter by the precomputed counts (category,
 *   country, city, or a category in some cities / countries); the R*Tree (geo box; nearest-first
 *   rings for a distance sort); or every document in popularity order (browsing). All but the
 *   R*Tree yield positions in popularity order (`pos`). A read takes at most {@link SCAN_LIMIT}
 *   positions and keeps at most {@link CANDIDATE_LIMIT} that pass every filter, with these
 *   exceptions: a distance sort over a filter of at most SCAN_LIMIT documents keeps them all; a
 *   distance sort with words may read a match's positions whole (up to MATCH_SET_LIMIT (search-nearest.ts)
 *   plain numbers) and test up to 5 × SCAN_LIMIT R*Tree entries against them.
 * - Reads per search (`textCandidates`): the categories the words name (MAX_EXACT_CATEGORIES in search-ranking.ts,
 *   each keeping the page plus {@link RANKING_MARGIN}), the exact words (again with synonyms when
 *   they find less than a page), then the words with typos when the page is not full (they add
 *   candidates only up to 2 × CANDIDATE_LIMIT in all). Each of these reads keeps at most
 *   CANDIDATE_LIMIT (the distance-sort exceptions above aside), so a search holds at most
 *   (MAX_EXACT_CATEGORIES + 1) × CANDIDATE_LIMIT candidates (2,500). When nothing matches every
 *   word, the whole again without the last word, once per word dropped (at most MAX_QUERY_WORDS
 *   words).
 * - The total and facets count every candidate found; the first CANDIDATE_LIMIT in the sort's
 *   order are paged (`totalPages` never goes past them, like Meilisearch's `maxTotalHits`).
 * - Candidates' values (filters, sort keys, facet values, the texts ranking looks at) come from
 *   the in-memory columns (doc-columns.ts), a few array reads a position; `docs` is read for the
 *   rows of the page only.
 * - Words. A 2–3 letter prefix is read through FTS5's prefix index, lazily; a longer one is
 *   expanded to its most frequent vocabulary terms (search-vocabulary.ts). The rarest of the
 *   category / country / city filters joins the MATCH as a column phrase, so FTS5 intersects the
 *   word with the doclist of, say, "tokyo" instead of every match of the word being read and
 *   checked; the columns then check every filter exactly.
 * - Typos: only when the exact words do not fill the page (Typesense's typo_tokens_threshold),
 *   each word of 4+ letters (8+: two typos; a 4-letter word only when no indexed word starts
 *   with it) gets up to {@link MAX_TYPO_TERMS} corrections from
 *   the most frequent vocabulary terms of its first letter and a length within the budget.
 * - Ranking: fewest typos, then the best field a word matched in (name, category, place, about),
 *   then popularity. The field is found on the texts of the first page plus
 *   {@link RANKING_MARGIN} candidates (in popularity order, exact matches first), not with
 *   bm25(), whose statistics read every match. Other sorts (rating, reviews) order the
 *   candidates, so they are the best of the most popular matches; a distance sort without words
 *   reads every document of a filter under the scan bound, else walks the R*Tree nearest first;
 *   with words, it walks rings of the grid cells each point is indexed in (the full-text index
 *   intersects the words with the cells), checking the matches in them only.
 * - Totals are exact when the driver ran out of rows before either bound; otherwise the answer
 *   says `isTotalExact: false` and the total is a lower bound. Browsing everything, or one
 *   category/country/city list alone, takes exact totals from the aggregates.
 * - Facets: with no words and no filters they come from the precomputed aggregate tables (exact);
 *   otherwise they are counted over the candidates, flagged `isFacetExact: false` when bounded.
 * - Highlights: name and category with matched words wrapped in `<mark>`…`</mark>`.
 * - Parts: the query's units (search-query.ts), the filters (search-conditions.ts), the candidates
 *   and their bounded reads (search-candidates.ts), the distance sort's walks (search-nearest.ts;
 *   their geometry in search-geo.ts), ranking by field (search-ranking.ts), facets
 *   (search-facets.ts). This file runs a search from them: the drivers, the totals and the page.
 */
import type { Statement } from 'better-sqlite3';
import { slugify } from '@directory/data/slug.ts';
import {
  DEFAULT_MAX_FACET_VALUES,
  MAX_FACET_VALUES,
  MAX_PER_PAGE,
  cityKey,
  isGeoRadius,
  type CityRef,
  type FacetCounts,
  type FacetName,
  type GeoFilter,
  type GeoPoint,
  type GeoRadius,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
} from '../search-types.ts';
import { perIndexDatabase, type IndexDatabase } from './index-file.ts';
import { DocDensity } from './doc-density.ts';
import { labelMatches } from '../facet-values.ts';
import { boxOf, centerOf, distanceKm } from '../geo-distance.ts';
import { rtreeBox } from './search-geo.ts';
import { PlaceIndex, type PlaceCatalogue } from '../places/place-index.ts';
import { postalExpression } from '../places/postal-code.ts';
import { DocColumns, NONE } from './doc-columns.ts';
import {
  aroundPartOf,
  chosenCityOf,
  locationCorrection,
  resolveLocation,
  searchAround,
  unknownPlaceResponse,
  unmatchedPlaceOf,
  type CityPlace,
  type LocationLookup,
  type LocationPart,
} from '../search-location.ts';
import {
  columnFilter,
  highlight,
  unitBound,
  unitExpression,
  type FtsColumn,
  type HighlightTerms,
  type QueryUnit,
} from './search-text.ts';
import { MAX_TYPO_TERMS, Vocabulary } from './search-vocabulary.ts';
import { parseQuery } from './search-query.ts';
import { COMPLETED_CATEGORY_TIER, ColumnTiers, ExactCategories, categoryTiers, textRow } from './search-ranking.ts';
import { presentDoc, type DocRow } from './sqlite-engine.ts';
import {
  CANDIDATE_LIMIT,
  SCAN_LIMIT,
  comparator,
  firstPassing,
  rowsAt,
  rowsIn,
  toCandidate,
  type Candidate,
  type Found,
  type MatchCount,
} from './search-candidates.ts';
import { Conditions, NOTHING, addGeoConditions, dimensionStream, holdsOneOf, openAt, type Dimension, type Stream } from './search-conditions.ts';
import { MATCH_POSITIONS_SQL, NearestWalks } from './search-nearest.ts';
import { Facets, requestedFacets } from './search-facets.ts';
import { nearbyIndex } from './sqlite-nearby.ts';

export { CANDIDATE_LIMIT, MAX_TYPO_TERMS, SCAN_LIMIT };
export { CELL_MATCH_SQL, DISTANCE_COUNT_LIMIT } from './search-nearest.ts';

/**
 * How many candidates past the end of the page are ranked by field (name, category, place,
 * about); the others keep their popularity order below them.
 */
export const RANKING_MARGIN = 100;
/** Half the Earth's circumference: every point is within this distance. */
const MAX_DISTANCE_KM = 20_038;
const STATEMENT_CACHE_SIZE = 256;

/** Which single facet dimension a request filters on, when it filters on nothing else. */
type SingleDimension = { facet: FacetName; values: string[] } | null;

class SqliteSearcher {
  private readonly statements = new Map<string, Statement>();
  /** Every statement a search ran with its last parameters, when a plan test asked for them. */
  trace: Map<string, unknown[]> | null = null;
  private readonly vocabulary: Vocabulary;
  private densityOf: { columns: DocColumns; density: DocDensity } | null = null;
  private readonly placeCountries: Statement<[], PlaceCatalogue['countries'][number]>;
  private readonly placeCities: Statement<[], PlaceCatalogue['cities'][number]>;
  /** The where box's knowledge, built on first use and again when a change brings a new city or country. */
  private places: PlaceIndex | null = null;
  private readonly categoryName: Statement<[string], string | undefined>;
  private readonly exactCategories: ExactCategories;
  private readonly cityName: Statement<[string, string], string | undefined>;
  private readonly businessCount: Statement<[], string | undefined>;
  private readonly categoryCount: Statement<[string], number | undefined>;
  private readonly countryCount: Statement<[string], number | undefined>;
  private readonly cityCount: Statement<[string, string], number | undefined>;
  private readonly cityCategoryCount: Statement<[string, string, string], number | undefined>;
  private readonly categoryCountryCount: Statement<[string, string], number | undefined>;
  /** Facet counts and facet search (search-facets.ts). */
  private readonly facets: Facets;
  /**
   * What the index looked like when the facet labels were read and {@link loadedColumns} last brought
   * up to date: its data version (other connections' commits) and this connection's changes.
   */
  private seenVersion = '';
  private readonly indexVersion: Statement<[], string>;
  /** The candidates' columns, loaded at the first search and brought up to date before each (doc-columns.ts). */
  private loadedColumns: DocColumns | null = null;

  /** The nearest candidates of a distance sort (search-nearest.ts). */
  private readonly walks = new NearestWalks({
    column: (sql, params) => this.column(sql, params),
    columns: () => this.columns(),
    density: () => this.density(),
    documents: () => Number(this.businessCount.get() ?? '0'),
  });

  constructor(private readonly db: IndexDatabase) {
    this.vocabulary = new Vocabulary(db);
    this.placeCountries = db.prepare('SELECT code, name, business_count AS businessCount FROM countries');
    this.placeCities = db.prepare('SELECT country_code AS countryCode, slug, name, business_count AS businessCount FROM cities');
    this.categoryName = db.prepare('SELECT name FROM categories WHERE slug = ?').pluck() as Statement<[string], string | undefined>;
    this.exactCategories = new ExactCategories(db);
    this.cityName = db.prepare('SELECT name FROM cities WHERE country_code = ? AND slug = ?').pluck() as Statement<
      [string, string],
      string | undefined
    >;
    this.indexVersion = db.prepare('SELECT (SELECT data_version FROM pragma_data_version) || \':\' || total_changes()').pluck() as Statement<[], string>;
    this.businessCount = db.prepare("SELECT value FROM meta WHERE key = 'business_count'").pluck() as Statement<[], string | undefined>;
    this.categoryCount = db.prepare('SELECT business_count FROM categories WHERE slug = ?').pluck() as Statement<[string], number | undefined>;
    this.countryCount = db.prepare('SELECT business_count FROM countries WHERE code = ?').pluck() as Statement<[string], number | undefined>;
    this.cityCount = db.prepare('SELECT business_count FROM cities WHERE country_code = ? AND slug = ?').pluck() as Statement<
      [string, string],
      number | undefined
    >;
    this.cityCategoryCount = db
      .prepare('SELECT business_count FROM city_category WHERE country_code = ? AND city_slug = ? AND category_slug = ?')
      .pluck() as Statement<[string, string, string], number | undefined>;
    this.categoryCountryCount = db
      .prepare('SELECT business_count FROM category_country WHERE category_slug = ? AND country_code = ?')
      .pluck() as Statement<[string, string], number | undefined>;
    this.facets = new Facets(db, { category: this.categoryName, city: this.cityName });
  }

  /** Writes the vocabulary counts summed by {@link addVocabulary} since the last flush. */
  flushVocabulary(): void {
    this.vocabulary.flushAdded();
  }

  /** Adds an upserted document's terms to the vocabulary (incremental changes; written by {@link flushVocabulary}). */
  addVocabulary(texts: Record<FtsColumn, string>, place: { countryCode: string | null; citySlug: string | null }): void {
    const terms = new Set(Object.values(texts).flatMap((text) => text.split(' ').filter(Boolean)));
    this.vocabulary.add(terms);
    const places = this.places;
    // A document in a city or country the where box has not seen: its knowledge is rebuilt at the next search.
    const { countryCode, citySlug } = place;
    if (places !== null && countryCode !== null && (!places.hasCountry(countryCode) || (citySlug !== null && !places.hasCity(countryCode, citySlug)))) {
      this.places = null;
    }
  }

  /**
   * The other spellings of a full-text term that share its slug: "københavn" and "kobenhavn" share
   * the city slug `kobenhavn` but not a full-text term (special_terms, one key range).
   */
  private readonly spellings = (token: string): string[] => {
    const slug = slugify(token);
    return [slug, ...this.vocabulary.specialSpellingsOf(slug)];
  };

  async search(request: SearchRequest): Promise<SearchResponse> {
    const started = performance.now();
    checkRequest(request);
    const columns = this.upToDate();
    const filters = request.filters ?? {};
    const conditions = new Conditions();
    const dimensions: Dimension[] = [];
    const matchParts: string[] = [];
    const locationWords: string[] = [];
    if (filters.categorySlugs?.length) this.addCategories([...new Set(filters.categorySlugs)], conditions, dimensions);
    if (filters.countryCodes?.length) this.addCountries([...new Set(filters.countryCodes.map((code) => code.toUpperCase()))], conditions, dimensions);
    if (filters.cities?.length) {
      this.addCities(
        filters.cities.map((city) => ({ countryCode: city.countryCode.toUpperCase(), citySlug: city.citySlug })),
        conditions,
        dimensions,
      );
    }
    if (filters.minRating !== undefined) {
      const minRating = filters.minRating;
      conditions.add((pos) => columns.numbers.rating[pos]! >= minRating);
    }
    if (filters.openNow) conditions.add(openAt(columns, request.now ?? new Date()));

    const location = await resolveLocation(request.location, this.locationLookup());
    const around = aroundPartOf(location);
    if (around !== null) {
      const hasBusinessWithin = (point: GeoPoint, maxKm: number) => Promise.resolve(nearbyIndex(this.db, { point, excludeIds: [], limit: 1, maxKm }).length > 0);
      return searchAround(request, around, (nearby) => this.search(nearby), hasBusinessWithin);
    }
    for (const part of location) {
      switch (part.kind) {
        case 'country':
          this.addCountries(part.countryCodes, conditions, dimensions);
          break;
        case 'city':
          this.addCities(part.cities, conditions, dimensions);
          break;
        case 'postal':
          matchParts.push(postalExpression(part.postalCode));
          conditions.add(holdsOneOf(columns, 'postal', [part.postalCode]));
          locationWords.push(...part.words);
          break;
        case 'unknown':
          return unknownPlaceResponse(request, part, started);
      }
    }

    const units = parseQuery(request.query, this.vocabulary);
    const point = request.aroundPoint ?? (filters.geo ? centerOf(filters.geo) : null);
    const sort = request.sort ?? 'relevance';
    if (sort === 'distance' && point === null) throw new RangeError('Sorting by distance needs a point or a geo filter.');
    const maxFacetValues = Math.min(request.maxFacetValues ?? DEFAULT_MAX_FACET_VALUES, MAX_FACET_VALUES);
    const hasText = units.length > 0 || matchParts.length > 0;
    let usedUnits = units;
    const isBrowsing = !hasText && conditions.isEmpty && !filters.geo;

    let candidates: Candidate[] = [];
    let isCapped = false;
    /** The number of matches, when a distance walk that stopped at the page counted them besides the candidates. */
    let matched: MatchCount | null = null;
    const pageEnd = request.page * request.perPage;
    if (isBrowsing && sort === 'relevance') {
      // Plain browsing is the popularity order itself: read the page, nothing to rank.
      const rows = pageEnd <= CANDIDATE_LIMIT ? rowsIn(this.columns(), columns.firstPositions(pageEnd), conditions, pageEnd) : [];
      candidates = rows.map((row) => toCandidate(row, 0, 0));
    } else if (hasText) {
      if (filters.geo) addGeoConditions(conditions, columns, filters.geo);
      // Like Meilisearch's matching strategy "last": when nothing matches every word, drop words from the end.
      // A distance sort reads the nearest matches, not the most popular ones.
      const nearest = sort === 'distance' && point !== null ? { point, maxKm: filters.geo && isGeoRadius(filters.geo) ? filters.geo.radiusKm : MAX_DISTANCE_KM } : null;
      for (let used = units.length; ; used -= 1) {
        usedUnits = units.slice(0, used);
        ({ candidates, isCapped, matched } = this.textCandidates(usedUnits, matchParts, pageEnd, conditions, dimensions, filters.geo, sort, nearest));
        if (candidates.length > 0 || used <= 1) break;
      }
    } else {
      if (filters.geo) addGeoConditions(conditions, columns, filters.geo);
      // A distance sort needs the nearest, not the most popular: every document of a narrow filter,
      // otherwise a nearest-first walk.
      const isNarrow = dimensions.some((dimension) => dimension.count <= SCAN_LIMIT);
      let found: Found;
      if (sort !== 'distance' || point === null) found = this.filterCandidates(conditions, dimensions, filters.geo, CANDIDATE_LIMIT);
      else if (isNarrow) found = this.filterCandidates(conditions, dimensions, filters.geo, SCAN_LIMIT);
      else found = this.walks.nearestFirst(point, filters.geo && isGeoRadius(filters.geo) ? filters.geo.radiusKm : MAX_DISTANCE_KM, conditions);
      candidates = found.rows.map((row) => toCandidate(row, 0, 0));
      isCapped = found.isCapped;
    }
    for (const candidate of candidates) {
      const { latitude, longitude } = candidate.row;
      candidate.distanceKm = point && latitude !== null && longitude !== null ? distanceKm(point.lat, point.lng, latitude, longitude) : null;
    }
    candidates.sort(comparator(sort));
    // Facets and the total count every candidate found; a distance sort may find up to
    // SCAN_LIMIT of them, and only the nearest are paged through.
    let total = Math.max(candidates.length, matched?.count ?? 0);
    const allCounts = isBrowsing ? null : this.facets.count(this.columns(), candidates, requestedFacets(request), maxFacetValues, request.facetSearch?.facet);
    if (candidates.length > CANDIDATE_LIMIT) candidates = candidates.slice(0, CANDIDATE_LIMIT);
    if (hasText && sort === 'relevance') {
      // Exact matches come first, each group in popularity order: rank the first page-plus-margin by field.
      const ranked = candidates.slice(0, pageEnd + RANKING_MARGIN);
      this.rankByField(ranked, new ColumnTiers(usedUnits, locationWords, categoryTiers(usedUnits)));
      ranked.sort(comparator(sort));
      candidates = [...ranked, ...candidates.slice(ranked.length)];
    }

    let isTotalExact = !isCapped || matched?.isExact === true;
    const pageRows = candidates.slice((request.page - 1) * request.perPage, pageEnd);
    if (isBrowsing) {
      total = Number(this.businessCount.get() ?? '0');
      isTotalExact = true;
    } else if (isCapped && !hasText && !filters.geo) {
      const exact = this.exactTotal(singleDimension(request, location));
      if (exact !== null) {
        total = exact;
        isTotalExact = true;
      }
    }

    const usedWords = usedUnits.flatMap((unit) => unit.alternatives.flat());
    const terms: HighlightTerms = {
      prefixes: usedWords.filter((word) => word.phrase === null).map((word) => word.word),
      exact: new Set(usedWords.flatMap((word) => [...word.typoTerms, ...word.exactTerms])),
    };
    const fullRows = new Map(
      this.rows<DocRow>('SELECT * FROM docs WHERE pos IN (SELECT value FROM json_each(?))', [JSON.stringify(pageRows.map((c) => c.row.pos))]).map(
        (row) => [row.pos, row],
      ),
    );
    const hits = pageRows.map((candidate) => toHit(candidate, fullRows.get(candidate.row.pos)!, terms));
    const facets: FacetCounts = {};
    for (const facet of request.facets ?? []) {
      facets[facet] = allCounts ? allCounts[facet]!.slice(0, maxFacetValues) : this.facets.top(facet, maxFacetValues);
    }
    const response: SearchResponse = {
      hits,
      total,
      isTotalExact,
      page: request.page,
      perPage: request.perPage,
      totalPages: Math.ceil(Math.min(total, CANDIDATE_LIMIT) / request.perPage),
      facets,
      isFacetExact: isBrowsing || !isCapped,
      processingTimeMs: 0,
    };
    const correctedLocation = locationCorrection(location);
    if (correctedLocation) response.correctedLocation = correctedLocation;
    const chosenCity = chosenCityOf(location);
    if (chosenCity) response.chosenCity = chosenCity;
    const unmatchedPlace = unmatchedPlaceOf(location);
    if (unmatchedPlace) response.unmatchedPlace = unmatchedPlace;
    if (usedUnits.length < units.length) {
      response.queryWords = { used: usedUnits.flatMap((unit) => unit.typed), dropped: units.slice(usedUnits.length).flatMap((unit) => unit.typed) };
    }
    if (request.facetSearch) {
      const { facet, query } = request.facetSearch;
      response.facetHits = allCounts
        ? allCounts[facet]!.filter((value) => labelMatches(value.label, query)).slice(0, maxFacetValues)
        : this.facets.searchAggregates(facet, query, maxFacetValues);
    }
    response.processingTimeMs = Math.round(performance.now() - started);
    return response;
  }

  private locationLookup(): LocationLookup {
    return {
      places: () => {
        this.places ??= new PlaceIndex({ countries: this.placeCountries.all(), cities: this.placeCities.all() });
        return this.places;
      },
    };
  }

  private addCategories(slugs: string[], conditions: Conditions, dimensions: Dimension[]): void {
    conditions.add(holdsOneOf(this.columns(), 'category', slugs));
    const names = slugs.map((slug) => this.categoryName.get(slug));
    dimensions.push({
      facet: 'category',
      values: slugs,
      count: sum(slugs.map((slug) => this.categoryCount.get(slug) ?? 0)),
      ...this.phraseOf('category', names),
    });
  }

  private addCountries(codes: string[], conditions: Conditions, dimensions: Dimension[]): void {
    conditions.add(holdsOneOf(this.columns(), 'country', codes));
    dimensions.push({
      facet: 'country',
      values: codes,
      count: sum(codes.map((code) => this.countryCount.get(code) ?? 0)),
      ...this.phraseOf('place', codes),
    });
  }

  /**
   * The city filter (any of the cities), its dimension counted by the aggregates: an upper bound
   * for a city restricted to circles (`near`), tested on each candidate's coordinates.
   */
  private addCities(cities: CityPlace[], conditions: Conditions, dimensions: Dimension[]): void {
    const unique = [...new Map(cities.map((city) => [cityKey(city.countryCode, city.citySlug), city])).values()];
    const columns = this.columns();
    const { latitude, longitude } = columns.numbers;
    // Unknown coordinates are NaN: such a business lies in no circle.
    const isNear = (pos: number, circles: GeoRadius[]) => circles.some((circle) => distanceKm(latitude[pos]!, longitude[pos]!, circle.lat, circle.lng) <= circle.radiusKm);
    const pairs = unique
      .map((city) => ({ country: columns.strings.country.find(city.countryCode), slug: columns.strings.city.find(city.citySlug), near: city.near }))
      .filter(({ country, slug }) => country !== NONE && slug !== NONE);
    conditions.add(
      pairs.length === 0
        ? NOTHING
        : (pos) => pairs.some(({ country, slug, near }) => columns.ids.country[pos] === country && columns.ids.city[pos] === slug && (near === undefined || isNear(pos, near))),
    );
    const names = unique.map((city) => this.cityName.get(city.countryCode, city.citySlug));
    dimensions.push({
      facet: 'city',
      values: unique,
      count: sum(unique.map((city) => this.cityCount.get(city.countryCode, city.citySlug) ?? 0)),
      ...this.phraseOf('place', names),
    });
  }

  /** A filter's column phrase, and how many documents it can match at most. */
  private phraseOf(column: 'category' | 'place', texts: (string | undefined)[]): Pick<Dimension, 'phrase' | 'phraseBound'> {
    const known = texts.filter((text): text is string => text !== undefined);
    const filter = known.length === texts.length ? columnFilter(column, known, this.spellings, (term) => this.vocabulary.docsOf(term)) : null;
    return filter === null ? { phrase: null, phraseBound: Number.POSITIVE_INFINITY } : { phrase: filter.phrase, phraseBound: filter.bound };
  }

  /**
   * Full-text driven candidates: the MATCH holds the words, the location words and the rarest
   * filter's column phrase; the columns check every filter exactly. Exact words first; typo
   * corrections only when the exact words did not fill the page (then the total counts them too).
   */
  private textCandidates(
    units: QueryUnit[],
    matchParts: string[],
    pageEnd: number,
    conditions: Conditions,
    dimensions: Dimension[],
    geo: GeoFilter | undefined,
    sort: NonNullable<SearchRequest['sort']>,
    nearest: { point: GeoPoint; maxKm: number } | null,
  ): { candidates: Candidate[]; isCapped: boolean; matched: MatchCount | null } {
    const words = units.flatMap((unit) => unit.alternatives[0]!);
    // One filter narrows the MATCH, the one with the fewest documents: more phrases only add
    // position-list checks (a city implies its country).
    const narrowest = dimensions
      .filter((dimension) => dimension.phrase !== null)
      .reduce<Dimension | null>((best, dimension) => (best === null || dimension.phraseBound < best.phraseBound ? dimension : best), null);
    const phrases = narrowest === null ? [] : [narrowest.phrase!];
    // Synonyms join the MATCH only when the typed words find less than a page (each adds its own
    // prefix expansion to every row FTS5 reads). A distance sort reads no category first, so it
    // needs them in the MATCH; a ranked search reads the synonyms' categories first anyway.
    const hasSynonyms = units.some((unit) => unit.alternatives.length > 1);
    const typedUnits = units.map((unit) => ({ typed: unit.typed, alternatives: [unit.alternatives[0]!] }));
    let matchUnits = hasSynonyms && sort !== 'distance' ? typedUnits : units;
    const expressionOf = (withTypos: boolean) => [...matchUnits.map((unit) => unitExpression(unit, withTypos)), ...matchParts, ...phrases].join(' AND ');
    // The MATCH cannot yield more documents than its rarest part: below the scan bound, no need to check whether the scan stopped.
    const boundOf = (of: QueryUnit[]) => Math.min(narrowest?.phraseBound ?? Number.POSITIVE_INFINITY, ...of.map(unitBound));
    // A query naming a category ("bars", "physician") reads that category first, through its index:
    // its businesses are the best answers however many names or about texts hold the word.
    const candidates: Candidate[] = [];
    let isCapped = false;
    let isCategoryCapped = false;
    const seen = new Set<number>();
    // A distance sort does not rank by field, and the category's businesses match the words anyway.
    for (const [slug, tier] of sort === 'distance' ? [] : this.exactCategories.of(units)) {
      const narrowed = new Conditions();
      narrowed.tests.push(...conditions.tests);
      const categoryDimensions = [...dimensions];
      this.addCategories([slug], narrowed, categoryDimensions);
      // Only the first page plus the ranking margin is ranked, and category rows sort before every
      // other row: more of them would change no page. The rest of the category is in the text
      // match (its name's words are in the MATCH, directly or as a synonym), which counts it.
      const found = this.filterCandidates(narrowed, categoryDimensions, geo, Math.min(CANDIDATE_LIMIT, pageEnd + RANKING_MARGIN));
      // Location words are MATCH parts the category read does not check: then the text match is no superset.
      if (matchParts.length > 0) isCapped ||= found.isCapped;
      isCategoryCapped ||= found.isCapped;
      for (const row of found.rows) {
        if (seen.has(row.pos)) continue;
        seen.add(row.pos);
        // A category the query may be completing ranks below what the typed words find: its rows
        // join the others in popularity order, not ahead of them, until ranking sets their tier.
        candidates.push(toCandidate(row, 0, tier > COMPLETED_CATEGORY_TIER ? tier : 0));
      }
    }
    const hasText = matchParts.length > 0 || units.length > 0;
    // Typo corrections make an expression of many terms, too costly to probe entry by entry: their match is read.
    const read = (expression: string, bound: number, withTypos = false): Found =>
      nearest
        ? this.walks.nearestMatches(expression, nearest.point, nearest.maxKm, conditions, pageEnd, bound, !withTypos)
        : this.matchRows(expression, conditions, bound);
    let exact: Found = hasText ? read(expressionOf(false), boundOf(matchUnits)) : { rows: [], isCapped: false };
    if (matchUnits !== units && exact.rows.length < pageEnd) {
      matchUnits = units;
      exact = read(expressionOf(false), boundOf(matchUnits));
    }
    for (const row of exact.rows) {
      if (seen.has(row.pos)) continue;
      seen.add(row.pos);
      candidates.push(toCandidate(row, 0, 0));
    }
    const isTruncated = units.some((unit) => unit.alternatives.some((alternative) => alternative.some((word) => word.isTruncated)));
    isCapped ||= exact.isCapped || isTruncated;
    let matched = exact.matched ? { count: exact.matched.count, isExact: exact.matched.isExact && !isTruncated } : null;
    // Without the synonyms in the MATCH, the text match does not hold (nor count) the rest of their categories.
    if (matchUnits !== units) isCapped ||= isCategoryCapped;
    // Like Typesense's typo_tokens_threshold: corrections only when the exact words do not fill the page.
    if (candidates.length < pageEnd) {
      // A word shorter than 5 letters gets its typo only when no indexed word starts with it ("saon"): "rome" or
      // "bank" would otherwise OR eight look-alikes into every search that holds them (measured: 3x slower at 1M).
      for (const word of words) {
        const isKnownShortWord = word.word.length < 5 && word.terms !== null && word.terms.length > 0;
        if (word.phrase === null && !isKnownShortWord) word.typoTerms = this.vocabulary.typoTerms(word.word);
      }
      if (words.some((word) => word.typoTerms.length > 0)) {
        const withTypos = read(expressionOf(true), Number.POSITIVE_INFINITY, true);
        for (const row of withTypos.rows) {
          if (candidates.length >= 2 * CANDIDATE_LIMIT) break;
          if (!seen.has(row.pos)) candidates.push(toCandidate(row, 1, 0));
        }
        isCapped ||= withTypos.isCapped;
        // The corrections' match holds the exact words' match.
        if (withTypos.matched) matched = { count: withTypos.matched.count, isExact: withTypos.matched.isExact && !isTruncated };
      }
    }
    return { candidates, isCapped, matched };
  }

  /** Sets each candidate's best matched field, from its texts. */
  private rankByField(candidates: Candidate[], tiers: ColumnTiers): void {
    const columns = this.columns();
    for (const candidate of candidates) candidate.columnTier = tiers.of(textRow(columns, candidate.row.pos), candidate.typoTier > 0);
  }

  /** The first matches of an FTS5 expression that pass the conditions, reading at most {@link SCAN_LIMIT} matches. */
  private matchRows(expression: string, conditions: Conditions, bound: number): Found {
    const { rows, isScanCapped } = firstPassing(this.columns(), (limit) => this.column(MATCH_POSITIONS_SQL, [expression, limit]), conditions, CANDIDATE_LIMIT);
    if (rows.length >= CANDIDATE_LIMIT) return { rows, isCapped: true };
    // Rows failed a condition: the total is a lower bound only when the scan stopped at its bound.
    return { rows, isCapped: isScanCapped && bound >= SCAN_LIMIT };
  }

  /**
   * Candidates without words: from the R*Tree when the geo box holds fewer documents than the
   * narrowest filter (and at most {@link SCAN_LIMIT}), otherwise in popularity order from the
   * narrowest filter's docs index (or every document, from the columns), the other conditions checked per position.
   */
  private filterCandidates(conditions: Conditions, dimensions: Dimension[], geo: GeoFilter | undefined, keep: number): Found {
    const streams = dimensions.map(dimensionStream);
    const category = dimensions.find((dimension) => dimension.facet === 'category' && dimension.values.length === 1);
    if (category) {
      const slug = category.values[0] as string;
      // The category in each of the cities (a place name several cities share) or countries: one index range each, merged.
      for (const dimension of dimensions) {
        if (dimension.facet === 'city') {
          const cities = dimension.values as CityRef[];
          streams.push({
            sql: `${cities.map(() => 'SELECT pos FROM docs INDEXED BY docs_city_category WHERE country_code = ? AND city_slug = ? AND category_slug = ?').join(' UNION ALL ')} ORDER BY pos`,
            params: cities.flatMap((city) => [city.countryCode, city.citySlug, slug]),
            count: sum(cities.map((city) => this.cityCategoryCount.get(city.countryCode, city.citySlug, slug) ?? 0)),
          });
        } else if (dimension.facet === 'country') {
          const codes = dimension.values as string[];
          streams.push({
            sql: `${codes.map(() => 'SELECT pos FROM docs INDEXED BY docs_category_country WHERE category_slug = ? AND country_code = ?').join(' UNION ALL ')} ORDER BY pos`,
            params: codes.flatMap((code) => [slug, code]),
            count: sum(codes.map((code) => this.categoryCountryCount.get(slug, code) ?? 0)),
          });
        }
      }
    }
    const narrowest = streams.reduce<Stream | null>((best, stream) => (best === null || stream.count < best.count ? stream : best), null);
    const admitted = narrowest?.count ?? Number(this.businessCount.get() ?? '0');
    if (geo) {
      const box = rtreeBox(boxOf(geo));
      const inBox = this.rows<{ pos: number }>(`SELECT pos FROM docs_geo g WHERE ${box.sql} LIMIT ?`, [...box.params, SCAN_LIMIT + 1]);
      if (inBox.length <= SCAN_LIMIT && inBox.length <= admitted) {
        // At most SCAN_LIMIT lookups; the most popular are kept.
        const rows = rowsAt(this.columns(), inBox.map((entry) => entry.pos), conditions).sort((a, b) => a.pos - b.pos);
        return { rows: rows.slice(0, keep), isCapped: rows.length > keep };
      }
    }
    // The narrowest filter's index, or every document in popularity order (from the columns).
    const read = narrowest
      ? (limit: number) => this.column(`${narrowest.sql} LIMIT ?`, [...narrowest.params, limit])
      : (limit: number) => this.columns().firstPositions(limit);
    const { rows } = firstPassing(this.columns(), read, conditions, keep);
    return { rows, isCapped: rows.length >= keep || admitted > SCAN_LIMIT };
  }

  warmUp(): void {
    this.upToDate();
    this.density();
  }

  /** The density of the documents, built on first use from the columns as loaded (not followed by their refreshes: an estimate). */
  private density(): DocDensity {
    const columns = this.columns();
    if (this.densityOf?.columns !== columns) {
      this.densityOf = { columns, density: DocDensity.of(columns.numbers.latitude, columns.numbers.longitude, columns.present) };
    }
    return this.densityOf.density;
  }

  /** The columns as the last search brought them up to date (searches run one at a time per connection). */
  private columns(): DocColumns {
    return this.loadedColumns!;
  }

  /**
   * What this searcher keeps from the index, as the index is now: the columns loaded on first use;
   * when the index changed since the last look, the labels and typo ranges forgotten and the columns brought up to date.
   */
  private upToDate(): DocColumns {
    const version = this.indexVersion.get()!;
    if (this.loadedColumns === null) this.loadedColumns = DocColumns.load(this.db);
    else if (version !== this.seenVersion) {
      this.facets.forget();
      this.vocabulary.forget();
      if (!this.loadedColumns.refresh(this.db)) this.loadedColumns = DocColumns.load(this.db);
    }
    this.seenVersion = version;
    return this.loadedColumns;
  }

  /** The first column of every row, as plain values. */
  private column(sql: string, params: unknown[]): number[] {
    return this.statement(sql, params).pluck(true).all(...params) as number[];
  }

  private rows<T>(sql: string, params: unknown[]): T[] {
    return this.statement(sql, params).pluck(false).raw(false).all(...params) as T[];
  }

  private statement(sql: string, params: unknown[]): Statement {
    this.trace?.set(sql, params);
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
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

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
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
    // A city restricted to the circles of the real city chosen has fewer businesses than its aggregate counts.
    else if (part.kind === 'city' && part.cities.every((city) => city.near === undefined)) {
      dimensions.push({ facet: 'city', values: part.cities.map((c) => cityKey(c.countryCode, c.citySlug)) });
    } else return null;
  }
  return dimensions.length === 1 ? dimensions[0]! : null;
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

const searcherFor = perIndexDatabase((db) => new SqliteSearcher(db));

/** Runs a search on an open index file. */
export function searchIndex(db: IndexDatabase, request: SearchRequest): Promise<SearchResponse> {
  return searcherFor(db).search(request);
}

/** Loads what a search on this connection needs in memory (the documents' columns), so its first search does not wait for it. */
export function warmUpSearch(db: IndexDatabase): void {
  searcherFor(db).warmUp();
}

/**
 * From now on, records every statement the searches on this index run (SQL → last parameters),
 * so tests can take each one's `EXPLAIN QUERY PLAN`.
 */
export function traceSearchStatements(db: IndexDatabase): Map<string, unknown[]> {
  const searcher = searcherFor(db);
  searcher.trace ??= new Map();
  return searcher.trace;
}

/** Adds an upserted document's words to the vocabulary. */
export function addToVocabulary(db: IndexDatabase, texts: Record<FtsColumn, string>, place: { countryCode: string | null; citySlug: string | null }): void {
  searcherFor(db).addVocabulary(texts, place);
}

/** Writes the vocabulary counts {@link addToVocabulary} summed for a batch (before its transaction commits). */
export function flushVocabulary(db: IndexDatabase): void {
  searcherFor(db).flushVocabulary();
}
