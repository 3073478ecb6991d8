/**
 * The Meilisearch engine: businesses in one index, category/country/city aggregates and the
 * engine state in their own small indexes, settings from the repo-root `meilisearch.json`.
 *
 * - Full rebuild: fills `<index>_next` indexes, then swaps all of them with the live ones in
 *   one atomic swap-indexes task, then deletes the old ones.
 * - Full rebuild: after the bulk load, every change logged since the snapshot is applied to the
 *   `_next` indexes before the swap. Meilisearch has no lock a writer of the old index could wait
 *   on, so a process that writes the old index between the last catch-up and the swap can register
 *   a position past the new index's; the log is then pruned past what the new index needs, and
 *   the next sync pass reports the index as behind (`IndexBehindError`: run `npm run reindex`),
 *   never silently.
 * - Incremental changes: upserts/deletes businesses, then recomputes only the aggregates they
 *   touched from facet distributions (exact up to `faceting.maxValuesPerFacet` distinct values).
 *   Every figure a batch writes is recomputed from what the index holds (facets, document count),
 *   never added to a stored one, and the position is written last: a batch retried after a
 *   failure at any step counts nothing twice.
 * - Every task is awaited and a failed or cancelled task is thrown as {@link MeiliTaskError}.
 * - Totals: `totalHits` is exact up to `pagination.maxTotalHits`; browsing everything takes the
 *   business count from the state document. Facet counts are computed by Meilisearch over
 *   every match (exact).
 */
import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type Index, type SearchParams, type Settings, type Task } from 'meilisearch';
import { countryName } from '@directory/data/countries.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import settingsFile from '../../../meilisearch.json' with { type: 'json' };
import { generatedBusinessSettings } from './meili-settings.ts';
import { cityMatches, cityNeedle } from '../city-filter.ts';
import type { BusinessDocument, BusinessSummary } from '../document.ts';
import { SITEMAP_FILE_SIZE } from '../engine.ts';
import type {
  BusinessListFilter,
  CategoryAggregate,
  CategoryDetail,
  CityAggregate,
  CityDetail,
  CityPage,
  CityPageRequest,
  CountryAggregate,
  CountryDetail,
  ChangeFeed,
  DocumentChanges,
  DocumentKey,
  DocumentSource,
  NearbyHit,
  NearbyRequest,
  NamedCount,
  Page,
  PageRequest,
  RebuildHooks,
  RebuildReport,
  SearchEngine,
  SitemapFile,
  Totals,
} from '../engine.ts';
import {
  DEFAULT_MAX_FACET_VALUES,
  FACET_NAMES,
  MAX_FACET_VALUES,
  MAX_PER_PAGE,
  cityKey,
  isGeoRadius,
  type FacetName,
  type FacetValue,
  type GeoPoint,
  type GeoRadius,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
} from '../search-types.ts';
import { centerOf, distanceKm } from '../geo-distance.ts';
import { minuteOfWeekCache } from '../search-hours.ts';
import { PlaceIndex } from '../places/place-index.ts';
import { postalCodeSpellings } from '../places/postal-code.ts';
import { aroundPartOf, chosenCityOf, locationCorrection, resolveLocation, searchAround, unknownPlaceResponse, unmatchedPlaceOf, type CityPlace } from '../search-location.ts';
import { byCountThenLabel, labelMatches } from '../facet-values.ts';
import {
  AggregateBuilder,
  QUARTER_MINUTES,
  byCountThenName,
  leastName,
  fromMeiliBusiness,
  inFilter,
  presentCategory,
  presentCity,
  presentCountry,
  quoteFilter,
  meiliQueryWords,
  toMeiliBusiness,
  appliedSeqOf,
  MEILI_INDEX_FORMAT,
  type MeiliBusiness,
  type MeiliCategory,
  type MeiliCity,
  type MeiliCountry,
  type MeiliMeta,
} from './meili-documents.ts';

type IndexRole = 'businesses' | 'categories' | 'countries' | 'cities' | 'meta';
const ROLES: IndexRole[] = ['businesses', 'categories', 'countries', 'cities', 'meta'];
const INDEX_CONFIG = settingsFile.indexes as Record<IndexRole, { primaryKey: string; settings: Settings }>;
// The shared rules (synonyms, typo budget, ranking) from their one source; meilisearch.json holds the same (checked by a test).
INDEX_CONFIG.businesses = { ...INDEX_CONFIG.businesses, settings: { ...INDEX_CONFIG.businesses.settings, ...generatedBusinessSettings() } };
const MAX_TOTAL_HITS = INDEX_CONFIG.businesses.settings.pagination?.maxTotalHits ?? 1000;
/**
 * Aggregate documents read per request. A list (every category, a letter's cities) is read a
 * page at a time in a stable order, so no single request asks the server for more than this;
 * lists are then sorted here, to match SQLite's order exactly.
 */
const AGGREGATE_PAGE = 1000;
/** The order aggregate pages are read in: stable from one page to the next (both are sortable attributes). */
const AGGREGATE_READ_ORDER = ['businessCount:desc', 'name:asc'];

/** The business sitemap files (see `SearchEngine.sitemapFiles`), kept in the meta index. */
interface MeiliSitemap {
  key: 'sitemap';
  files: SitemapFile[];
}

/** Files of SITEMAP_FILE_SIZE businesses in id order (sorts `rows`), the first starting at 0. */
function cutSitemapFiles(rows: Array<{ id: number; updatedAt: string }>): SitemapFile[] {
  rows.sort((a, b) => a.id - b.id);
  const files: SitemapFile[] = [];
  for (let start = 0; start < rows.length; start += SITEMAP_FILE_SIZE) {
    const lastmod = rows.slice(start, start + SITEMAP_FILE_SIZE).reduce((latest, row) => (row.updatedAt > latest ? row.updatedAt : latest), '');
    files.push({ firstId: start === 0 ? 0 : rows[start]!.id, lastmod: lastmod || null });
  }
  return files;
}
const BATCH_SIZE = 10_000;
const TASK_TIMEOUT_MS = 10 * 60_000;
/** A hung engine fails a request after this long (MEILI_TIMEOUT_MS), so visitors' requests are not held. */
const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
const FACET_ATTRIBUTE: Record<FacetName, string> = { category: 'categorySlug', country: 'countryCode', city: 'cityKey' };

/** A Meilisearch task that ended failed or cancelled. */
export class MeiliTaskError extends Error {
  constructor(readonly task: Task) {
    super(`Meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ''}) ${task.status}: ${task.error?.message ?? 'no reason given'}`);
    this.name = 'MeiliTaskError';
  }
}

export interface MeilisearchEngineOptions {
  url: string;
  apiKey?: string | undefined;
  /** Prefix of every index name (default "directory"), so several sites or test runs share a server. */
  indexPrefix?: string;
  /** Aggregate documents per read (default 1000); the contract suite makes it tiny so lists span several reads. */
  aggregatePageSize?: number;
  /** Milliseconds one HTTP request may take (default 5000): past it the call fails as the engine unreachable. */
  timeoutMs?: number;
}

/** `_geoRadius(lat, lng, meters)`: what lies within a circle. */
function geoRadiusFilter({ lat, lng, radiusKm }: GeoRadius): string {
  return `_geoRadius(${lat}, ${lng}, ${Math.round(radiusKm * 1000)})`;
}

/**
 * The where box's cities: any of them, a city restricted to circles (the real city a region chose,
 * "Springfield, MO") within one of its circles.
 */
function cityFilter(cities: readonly CityPlace[]): string {
  const plain = cities.filter((city) => city.near === undefined).map((city) => cityKey(city.countryCode, city.citySlug));
  const near = cities.flatMap((city) =>
    city.near === undefined ? [] : [`(cityKey = ${quoteFilter(cityKey(city.countryCode, city.citySlug))} AND (${city.near.map(geoRadiusFilter).join(' OR ')}))`],
  );
  return [...(plain.length > 0 || near.length === 0 ? [inFilter('cityKey', plain)] : []), ...near].join(' OR ');
}

function isMeiliError(error: unknown, code: string): boolean {
  return error instanceof MeilisearchApiError && error.cause?.code === code;
}

export class MeilisearchEngine implements SearchEngine {
  readonly name = 'meilisearch' as const;
  readonly indexId: string;
  private readonly client: Meilisearch;
  private readonly prefix: string;
  private readonly aggregatePage: number;

  constructor(options: MeilisearchEngineOptions) {
    this.aggregatePage = options.aggregatePageSize ?? AGGREGATE_PAGE;
    if (!Number.isInteger(this.aggregatePage) || this.aggregatePage < 1) throw new RangeError(`aggregatePageSize must be a whole number of 1 or more, got ${this.aggregatePage}`);
    this.client = new Meilisearch({
      host: options.url,
      apiKey: options.apiKey,
      // Per request (a task's wait polls with short requests, each bounded by this too).
      timeout: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      defaultWaitOptions: { timeout: TASK_TIMEOUT_MS },
    });
    this.prefix = options.indexPrefix ?? 'directory';
    this.indexId = `meilisearch:${options.url.replace(/\/+$/, '')}/${this.prefix}`;
  }

  private uid(role: IndexRole, suffix = ''): string {
    return `${this.prefix}_${role}${suffix}`;
  }

  private index<T extends Record<string, unknown>>(role: IndexRole, suffix = ''): Index<T> {
    return this.client.index<T>(this.uid(role, suffix));
  }

  /** Awaits a task and throws when it did not succeed. */
  private async run(enqueued: EnqueuedTaskPromise): Promise<Task> {
    const task = await enqueued.waitTask();
    if (task.status !== 'succeeded') throw new MeiliTaskError(task);
    return task;
  }

  private async createIndexes(suffix: string): Promise<void> {
    for (const role of ROLES) {
      const { primaryKey, settings } = INDEX_CONFIG[role];
      await this.run(this.client.createIndex(this.uid(role, suffix), { primaryKey }));
      if (Object.keys(settings).length > 0) await this.run(this.index(role, suffix).updateSettings(settings));
    }
  }

  private async deleteIndexes(suffix: string): Promise<void> {
    for (const role of ROLES) {
      try {
        await this.run(this.client.deleteIndex(this.uid(role, suffix)));
      } catch (error) {
        if (!(error instanceof MeiliTaskError && error.task.error?.code === 'index_not_found')) throw error;
      }
    }
  }

  async rebuild(source: DocumentSource, feed: ChangeFeed, hooks: RebuildHooks = {}): Promise<RebuildReport> {
    const started = performance.now();
    const next = '_next';
    await this.deleteIndexes(next);
    await this.createIndexes(next);
    const aggregates = new AggregateBuilder();
    const businesses = this.index<MeiliBusiness & Record<string, unknown>>('businesses', next);
    let batch: MeiliBusiness[] = [];
    let documents = 0;
    // Id and last change of every public business, to cut the sitemap files in id order.
    const sitemapRows: Array<{ id: number; updatedAt: string }> = [];
    for (const doc of source.documents()) {
      sitemapRows.push({ id: doc.id, updatedAt: doc.updatedAt });
      documents += 1;
      aggregates.add(doc);
      batch.push(toMeiliBusiness(doc, documents));
      if (batch.length === BATCH_SIZE) {
        await this.run(businesses.addDocuments(batch as (MeiliBusiness & Record<string, unknown>)[]));
        batch = [];
      }
    }
    if (batch.length > 0) await this.run(businesses.addDocuments(batch as (MeiliBusiness & Record<string, unknown>)[]));
    await this.addAll('categories', next, aggregates.categoryDocuments());
    await this.addAll('countries', next, aggregates.countryDocuments());
    await this.addAll('cities', next, aggregates.cityDocuments());
    const meta: MeiliMeta = { key: 'state', appliedSeq: source.seq, businessCount: documents, format: MEILI_INDEX_FORMAT };
    const sitemap: MeiliSitemap = { key: 'sitemap', files: cutSitemapFiles(sitemapRows) };
    await this.run(this.index('meta', next).addDocuments([{ ...meta }, { ...sitemap }]));

    await hooks.afterBulk?.();
    let seq = await this.catchUp(next, feed, source.seq);
    await hooks.beforePublish?.();
    seq = await this.catchUp(next, feed, seq);
    await this.ensureLiveIndexes();
    await this.run(this.client.swapIndexes(ROLES.map((role) => ({ indexes: [this.uid(role), this.uid(role, next)], rename: false }))));
    await this.deleteIndexes(next);
    return { engine: this.name, documents, seconds: (performance.now() - started) / 1000, appliedSeq: seq };
  }

  /** Applies every change after `seq` to the indexes with `suffix`; returns their position. */
  private async catchUp(suffix: string, feed: ChangeFeed, seq: number): Promise<number> {
    let position = seq;
    for (let changes = feed.read(position); changes !== null; changes = feed.read(position)) {
      position = await this.applyTo(suffix, changes);
      feed.progress(position);
    }
    return position;
  }

  private async addAll(role: IndexRole, suffix: string, docs: object[]): Promise<void> {
    for (let start = 0; start < docs.length; start += BATCH_SIZE) {
      await this.run(this.index(role, suffix).addDocuments(docs.slice(start, start + BATCH_SIZE) as Record<string, unknown>[]));
    }
  }

  /** Swapping needs both sides to exist: the first rebuild swaps with empty live indexes. */
  private async ensureLiveIndexes(): Promise<void> {
    for (const role of ROLES) {
      const { primaryKey, settings } = INDEX_CONFIG[role];
      try {
        await this.run(this.client.createIndex(this.uid(role), { primaryKey }));
      } catch (error) {
        if (error instanceof MeiliTaskError && error.task.error?.code === 'index_already_exists') continue;
        throw error;
      }
      if (Object.keys(settings).length > 0) await this.run(this.index(role).updateSettings(settings));
    }
  }

  private async meta(suffix = ''): Promise<MeiliMeta | null> {
    try {
      return await this.index('meta', suffix).getDocument<MeiliMeta & Record<string, unknown>>('state');
    } catch (error) {
      if (isMeiliError(error, 'index_not_found') || isMeiliError(error, 'document_not_found')) return null;
      throw error;
    }
  }

  private async requireMeta(suffix = ''): Promise<MeiliMeta> {
    const meta = await this.meta(suffix);
    if (meta === null) throw new Error('The search index has not been built yet: run `npm run reindex`.');
    return meta;
  }

  async applyChanges(changes: DocumentChanges): Promise<number> {
    return this.applyTo('', changes);
  }

  /** Applies changes to the indexes with `suffix` (the live ones, or a rebuild's `_next`); returns their position after. */
  private async applyTo(suffix: string, changes: DocumentChanges): Promise<number> {
    const meta = await this.requireMeta(suffix);
    if (changes.seq <= meta.appliedSeq || changes.fromSeq > meta.appliedSeq) return meta.appliedSeq;
    const businesses = this.index<MeiliBusiness & Record<string, unknown>>('businesses', suffix);
    const ids = [...new Set([...changes.removals, ...changes.upserts.map((doc) => doc.id)])];
    type Stored = Pick<MeiliBusiness, 'id' | 'pos' | 'categorySlug' | 'countryCode' | 'cityKey'>;
    const existing = new Map<number, Stored>();
    for (let start = 0; start < ids.length; start += 1000) {
      const { results } = await businesses.getDocuments({
        filter: `id IN [${ids.slice(start, start + 1000).join(', ')}]`,
        fields: ['id', 'pos', 'categorySlug', 'countryCode', 'cityKey'],
        limit: 1000,
      });
      for (const doc of results as Stored[]) existing.set(doc.id, doc);
    }
    const touched = { categories: new Set<string>(), countries: new Set<string>(), cities: new Set<string>() };
    const touch = (doc: Pick<MeiliBusiness, 'categorySlug' | 'countryCode' | 'cityKey'>) => {
      if (doc.categorySlug) touched.categories.add(doc.categorySlug);
      if (doc.countryCode) touched.countries.add(doc.countryCode);
      if (doc.cityKey) touched.cities.add(doc.cityKey);
    };
    for (const doc of existing.values()) touch(doc);
    // What an earlier attempt of this batch touched: the businesses it already removed are gone from `existing`.
    for (const slug of meta.pending?.categories ?? []) touched.categories.add(slug);
    for (const code of meta.pending?.countries ?? []) touched.countries.add(code);
    for (const key of meta.pending?.cities ?? []) touched.cities.add(key);

    // A business already stored (an update, or a retry of a batch that failed after adding it) keeps its position.
    let nextPos = (await this.maxPos(suffix)) + 1;
    const upserts = changes.upserts.map((doc: BusinessDocument) => {
      const previous = existing.get(doc.id);
      const stored = toMeiliBusiness(doc, previous?.pos ?? nextPos++);
      touch(stored);
      return stored;
    });
    const removals = changes.removals.filter((id) => existing.has(id));
    const pending = { categories: [...touched.categories], countries: [...touched.countries], cities: [...touched.cities] };
    await this.run(this.index('meta', suffix).addDocuments([{ ...meta, pending }]));
    if (removals.length > 0) await this.run(businesses.deleteDocuments(removals));
    if (upserts.length > 0) await this.run(businesses.addDocuments(upserts as (MeiliBusiness & Record<string, unknown>)[]));

    await this.recomputeCities([...touched.cities], suffix);
    await this.recomputeCategories([...touched.categories], suffix);
    await this.recomputeCountries([...touched.countries], suffix);
    const { numberOfDocuments } = await businesses.getStats();
    // The index keeps the format it was built in: a change applied to an older one does not make it current.
    const nextMeta: MeiliMeta = { key: 'state', appliedSeq: changes.seq, businessCount: numberOfDocuments, ...(meta.format === undefined ? {} : { format: meta.format }) };
    await this.run(this.index('meta', suffix).addDocuments([{ ...nextMeta }]));
    return changes.seq;
  }

  private async maxPos(suffix: string): Promise<number> {
    const { hits } = await this.index<MeiliBusiness & Record<string, unknown>>('businesses', suffix).search('', {
      sort: ['pos:desc'],
      limit: 1,
      attributesToRetrieve: ['pos'],
    });
    return hits[0]?.pos ?? 0;
  }

  /** Facet distribution of the businesses matching `filter`. */
  private async distribution(suffix: string, filter: string, facets: string[]): Promise<Record<string, Record<string, number>>> {
    const response = await this.index('businesses', suffix).search('', { filter, facets, hitsPerPage: 0, page: 1 });
    return response.facetDistribution ?? {};
  }

  private async replaceAggregates(role: IndexRole, suffix: string, keep: object[], remove: string[]): Promise<void> {
    if (remove.length > 0) await this.run(this.index(role, suffix).deleteDocuments(remove));
    if (keep.length > 0) await this.run(this.index(role, suffix).addDocuments(keep as Record<string, unknown>[]));
  }

  private async recomputeCategories(slugs: string[], suffix: string): Promise<void> {
    const keep: MeiliCategory[] = [];
    const remove: string[] = [];
    for (const slug of slugs) {
      const facets = await this.distribution(suffix, `categorySlug = ${quoteFilter(slug)}`, ['categorySlug', 'category', 'countryCode', 'rating']);
      const count = facets.categorySlug?.[slug] ?? 0;
      if (count === 0) {
        remove.push(slug);
        continue;
      }
      const name = leastName(Object.keys(facets.category ?? {}));
      const ratings = Object.entries(facets.rating ?? {});
      keep.push({
        slug,
        name,
        letter: letterOf(name),
        businessCount: count,
        countryCount: Object.keys(facets.countryCode ?? {}).length,
        ratingSum: ratings.reduce((sum, [rating, n]) => sum + Number(rating) * n, 0),
        ratedCount: ratings.reduce((sum, [, n]) => sum + n, 0),
      });
    }
    await this.replaceAggregates('categories', suffix, keep, remove);
  }

  private async recomputeCountries(codes: string[], suffix: string): Promise<void> {
    const keep: MeiliCountry[] = [];
    const remove: string[] = [];
    for (const code of codes) {
      const facets = await this.distribution(suffix, `countryCode = ${quoteFilter(code)}`, ['countryCode', 'cityKey', 'categorySlug']);
      const count = facets.countryCode?.[code] ?? 0;
      if (count === 0) {
        remove.push(code);
        continue;
      }
      const name = countryName(code);
      keep.push({
        code,
        slug: slugify(name),
        name,
        businessCount: count,
        cityCount: Object.keys(facets.cityKey ?? {}).length,
        categoryCount: Object.keys(facets.categorySlug ?? {}).length,
      });
    }
    await this.replaceAggregates('countries', suffix, keep, remove);
  }

  private async recomputeCities(keys: string[], suffix: string): Promise<void> {
    const keep: MeiliCity[] = [];
    const remove: string[] = [];
    for (const key of keys) {
      const facets = await this.distribution(suffix, `cityKey = ${quoteFilter(key)}`, ['cityKey', 'city', 'categorySlug']);
      const count = facets.cityKey?.[key] ?? 0;
      if (count === 0) {
        remove.push(key);
        continue;
      }
      const [countryCode = '', slug = ''] = key.split(':');
      const name = leastName(Object.keys(facets.city ?? {}));
      keep.push({
        key,
        countryCode,
        slug,
        name,
        letter: letterOf(name),
        businessCount: count,
        categoryCount: Object.keys(facets.categorySlug ?? {}).length,
      });
    }
    await this.replaceAggregates('cities', suffix, keep, remove);
  }

  async appliedSeq(): Promise<number> {
    return appliedSeqOf(await this.meta());
  }

  async *documentKeys(): AsyncIterable<DocumentKey[]> {
    // The documents route pages in Meilisearch's internal order; sorting a million numbers here is cheap.
    const businesses = this.index<MeiliBusiness & Record<string, unknown>>('businesses');
    const keys: DocumentKey[] = [];
    for (let offset = 0; ; offset += BATCH_SIZE) {
      const { results } = await businesses.getDocuments({ fields: ['id', 'slug'], limit: BATCH_SIZE, offset });
      for (const doc of results) keys.push({ id: doc.id, slug: doc.slug });
      if (results.length < BATCH_SIZE) break;
    }
    keys.sort((a, b) => a.id - b.id);
    for (let start = 0; start < keys.length; start += BATCH_SIZE) yield keys.slice(start, start + BATCH_SIZE);
  }

  async generation(): Promise<string> {
    const meta = await this.requireMeta();
    // A rebuild from the same position holds the same documents, so the position and the count name the contents.
    return `${meta.appliedSeq}:${meta.businessCount}`;
  }

  /**
   * Cut at the last rebuild. Unlike the embedded engine, later additions with the highest ids
   * all land in the last file until the next rebuild.
   */
  async sitemapFiles(): Promise<SitemapFile[]> {
    try {
      return (await this.index('meta').getDocument<MeiliSitemap & Record<string, unknown>>('sitemap')).files;
    } catch (error) {
      if (isMeiliError(error, 'index_not_found') || isMeiliError(error, 'document_not_found')) return [];
      throw error;
    }
  }

  /** Every aggregate document matching `filter`, read `aggregatePage` documents per request. */
  private async aggregateDocs<T extends Record<string, unknown>>(role: IndexRole, filter?: string): Promise<T[]> {
    const docs: T[] = [];
    for (let offset = 0; ; offset += this.aggregatePage) {
      const response = await this.index<T>(role).search('', {
        ...(filter ? { filter } : {}),
        sort: AGGREGATE_READ_ORDER,
        offset,
        limit: this.aggregatePage,
      });
      docs.push(...response.hits);
      if (response.hits.length < this.aggregatePage) return docs;
    }
  }

  private async aggregateCount(role: IndexRole): Promise<number> {
    const response = await this.index(role).search('', { hitsPerPage: 0, page: 1 });
    return response.totalHits;
  }

  async totals(): Promise<Totals> {
    const meta = await this.requireMeta();
    return {
      businessCount: meta.businessCount,
      categoryCount: await this.aggregateCount('categories'),
      countryCount: await this.aggregateCount('countries'),
      cityCount: await this.aggregateCount('cities'),
    };
  }

  async listBusinesses(filter: BusinessListFilter, request: PageRequest): Promise<Page<BusinessSummary>> {
    const meta = await this.requireMeta();
    const filters: string[] = [];
    let total = meta.businessCount;
    if (filter.countryCode && filter.citySlug) {
      const key = cityKey(filter.countryCode, filter.citySlug);
      filters.push(`cityKey = ${quoteFilter(key)}`);
      total = (await this.aggregateDocs<MeiliCity & Record<string, unknown>>('cities', `key = ${quoteFilter(key)}`))[0]?.businessCount ?? 0;
    } else if (filter.categorySlug) {
      filters.push(`categorySlug = ${quoteFilter(filter.categorySlug)}`);
      total = (await this.aggregateDocs<MeiliCategory & Record<string, unknown>>('categories', `slug = ${quoteFilter(filter.categorySlug)}`))[0]?.businessCount ?? 0;
    } else if (filter.countryCode) {
      filters.push(`countryCode = ${quoteFilter(filter.countryCode)}`);
      total = (await this.aggregateDocs<MeiliCountry & Record<string, unknown>>('countries', `code = ${quoteFilter(filter.countryCode)}`))[0]?.businessCount ?? 0;
    }
    const response = await this.index<MeiliBusiness & Record<string, unknown>>('businesses').search('', {
      ...(filters.length ? { filter: filters } : {}),
      sort: ['pos:asc'],
      page: request.page,
      hitsPerPage: request.perPage,
    });
    return { items: response.hits.map(fromMeiliBusiness), page: request.page, perPage: request.perPage, total };
  }

  async featuredBusinesses(limit: number): Promise<BusinessSummary[]> {
    const response = await this.index<MeiliBusiness & Record<string, unknown>>('businesses').search('', {
      filter: 'isApproved = true AND rating >= 4',
      sort: ['pos:asc'],
      limit,
    });
    return response.hits.map(fromMeiliBusiness);
  }

  async categories(options: { letter?: string } = {}): Promise<CategoryAggregate[]> {
    const docs = await this.aggregateDocs<MeiliCategory & Record<string, unknown>>(
      'categories',
      options.letter ? `letter = ${quoteFilter(options.letter.toUpperCase())}` : undefined,
    );
    return docs.sort(byCountThenName((doc) => doc.businessCount)).map(presentCategory);
  }

  async countries(): Promise<CountryAggregate[]> {
    const docs = await this.aggregateDocs<MeiliCountry & Record<string, unknown>>('countries');
    return docs.sort(byCountThenName((doc) => doc.businessCount)).map(presentCountry);
  }

  /** City aggregates of a letter and/or a country (filtered by Meilisearch), biggest first. */
  private async cityDocs(options: { letter?: string; countryCode?: string }): Promise<MeiliCity[]> {
    const filters = [
      ...(options.letter ? [`letter = ${quoteFilter(options.letter.toUpperCase())}`] : []),
      ...(options.countryCode ? [`countryCode = ${quoteFilter(options.countryCode.toUpperCase())}`] : []),
    ];
    const docs = await this.aggregateDocs<MeiliCity & Record<string, unknown>>('cities', filters.join(' AND ') || undefined);
    return docs.sort(byCountThenName((doc) => doc.businessCount));
  }

  async cities(options: { letter?: string; countryCode?: string } = {}): Promise<CityAggregate[]> {
    return (await this.cityDocs(options)).map(presentCity);
  }

  /**
   * Meilisearch filters by letter and country; the text filter (a substring, accents folded),
   * the business total (a sum) and the order (SQLite's, exactly) have no Meilisearch
   * equivalent, so they are applied here to the filtered aggregates, as `cities()` sorts them.
   */
  async cityPage(options: CityPageRequest): Promise<CityPage> {
    const needle = cityNeedle(options.text);
    const isCountryFixed = Boolean(options.countryCode);
    const docs = await this.cityDocs({
      ...(options.letter ? { letter: options.letter } : {}),
      ...(options.countryCode ? { countryCode: options.countryCode } : {}),
    });
    const matching = needle === null ? docs : docs.filter((doc) => cityMatches(doc, needle, isCountryFixed));
    const offset = (options.page - 1) * options.perPage;
    return {
      items: matching.slice(offset, offset + options.perPage).map(presentCity),
      total: matching.length,
      businessTotal: matching.reduce((sum, doc) => sum + doc.businessCount, 0),
    };
  }

  /** Category names of these slugs, from the categories index. */
  private async categoryNames(slugs: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (let start = 0; start < slugs.length; start += 1000) {
      const docs = await this.aggregateDocs<MeiliCategory & Record<string, unknown>>('categories', inFilter('slug', slugs.slice(start, start + 1000)));
      for (const doc of docs) names.set(doc.slug, doc.name);
    }
    return names;
  }

  private async cityNames(keys: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (let start = 0; start < keys.length; start += 1000) {
      const docs = await this.aggregateDocs<MeiliCity & Record<string, unknown>>('cities', inFilter('key', keys.slice(start, start + 1000)));
      for (const doc of docs) names.set(doc.key, doc.name);
    }
    return names;
  }

  private async categoryCounts(filter: string, limit?: number): Promise<NamedCount[]> {
    const counts = (await this.distribution('', filter, ['categorySlug'])).categorySlug ?? {};
    const names = await this.categoryNames(Object.keys(counts));
    const sorted = Object.entries(counts)
      .map(([slug, count]) => ({ slug, name: names.get(slug) ?? slug, count }))
      .sort(byCountThenName((entry) => entry.count));
    return limit === undefined ? sorted : sorted.slice(0, limit);
  }

  async category(slug: string, topCountries: number): Promise<CategoryDetail | null> {
    const [doc] = await this.aggregateDocs<MeiliCategory & Record<string, unknown>>('categories', `slug = ${quoteFilter(slug)}`);
    if (!doc) return null;
    const counts = (await this.distribution('', `categorySlug = ${quoteFilter(slug)}`, ['countryCode'])).countryCode ?? {};
    const countries = Object.entries(counts)
      .map(([code, count]) => {
        const name = countryName(code);
        return { code, slug: slugify(name), name, count };
      })
      .sort(byCountThenName((entry) => entry.count))
      .slice(0, topCountries);
    return { category: presentCategory(doc), topCountries: countries };
  }

  async country(slugOrCode: string, topCities: number): Promise<CountryDetail | null> {
    const [doc] = await this.aggregateDocs<MeiliCountry & Record<string, unknown>>(
      'countries',
      `slug = ${quoteFilter(slugify(slugOrCode))} OR code = ${quoteFilter(slugOrCode.toUpperCase())}`,
    );
    if (!doc) return null;
    const cities = (await this.cities({ countryCode: doc.code })).slice(0, topCities);
    return {
      country: presentCountry(doc),
      cities: cities.map((city) => ({ slug: city.slug, name: city.name, count: city.businessCount, countryCode: doc.code })),
      categories: await this.categoryCounts(`countryCode = ${quoteFilter(doc.code)}`),
    };
  }

  async city(countryCode: string, citySlug: string, topCategories: number): Promise<CityDetail | null> {
    const key = cityKey(countryCode.toUpperCase(), slugify(citySlug));
    const [doc] = await this.aggregateDocs<MeiliCity & Record<string, unknown>>('cities', `key = ${quoteFilter(key)}`);
    if (!doc) return null;
    return { city: presentCity(doc), categories: await this.categoryCounts(`cityKey = ${quoteFilter(key)}`, topCategories) };
  }

  async nearby({ point, categorySlug, excludeIds, limit, maxKm }: NearbyRequest): Promise<NearbyHit[]> {
    const filter = [geoRadiusFilter({ ...point, radiusKm: maxKm })];
    if (categorySlug !== undefined) filter.push(`categorySlug = ${quoteFilter(categorySlug)}`);
    if (excludeIds.length > 0) filter.push(`id NOT IN [${excludeIds.join(', ')}]`);
    const response = await this.index<MeiliBusiness & Record<string, unknown>>('businesses').search('', {
      filter,
      sort: [`_geoPoint(${point.lat}, ${point.lng}):asc`, 'pos:asc'],
      limit,
      attributesToRetrieve: ['id', 'latitude', 'longitude'],
    });
    // Within the radius, so every hit has its point.
    return response.hits.map((hit) => ({ id: hit.id, distanceKm: distanceKm(point.lat, point.lng, hit.latitude!, hit.longitude!) }));
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    const started = performance.now();
    if (!Number.isInteger(request.page) || request.page < 1) throw new RangeError('page must be a whole number from 1.');
    if (!Number.isInteger(request.perPage) || request.perPage < 1 || request.perPage > MAX_PER_PAGE) {
      throw new RangeError(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`);
    }
    const meta = await this.requireMeta();
    const filters = request.filters ?? {};
    const filter: string[] = [];
    if (filters.categorySlugs?.length) filter.push(inFilter('categorySlug', filters.categorySlugs));
    if (filters.countryCodes?.length) filter.push(inFilter('countryCode', filters.countryCodes.map((code) => code.toUpperCase())));
    if (filters.cities?.length) filter.push(inFilter('cityKey', filters.cities.map((city) => cityKey(city.countryCode.toUpperCase(), city.citySlug))));
    if (filters.minRating !== undefined) filter.push(`rating >= ${filters.minRating}`);
    if (filters.openNow) filter.push(await this.openNowFilter(request.now ?? new Date()));
    if (filters.geo) {
      const geo = filters.geo;
      filter.push(isGeoRadius(geo) ? geoRadiusFilter(geo) : `_geoBoundingBox([${geo.north}, ${geo.east}], [${geo.south}, ${geo.west}])`);
    }
    const location = await resolveLocation(request.location, { places: () => this.placeIndex(`${meta.appliedSeq}:${meta.businessCount}`) });
    const around = aroundPartOf(location);
    if (around !== null) {
      const hasBusinessWithin = async (point: GeoPoint, maxKm: number) => (await this.nearby({ point, excludeIds: [], limit: 1, maxKm })).length > 0;
      return searchAround(request, around, (nearby) => this.search(nearby), hasBusinessWithin);
    }
    for (const part of location) {
      if (part.kind === 'unknown') return unknownPlaceResponse(request, part, started);
      if (part.kind === 'country') filter.push(inFilter('countryCode', part.countryCodes));
      else if (part.kind === 'city') filter.push(cityFilter(part.cities));
      // Every stored spelling of the code with at most one space or hyphen: the index holds codes as written.
      else if (part.kind === 'postal') filter.push(inFilter('postalCode', postalCodeSpellings(part.postalCode)));
    }

    const point = request.aroundPoint ?? (filters.geo ? centerOf(filters.geo) : null);
    const sort = request.sort ?? 'relevance';
    if (sort === 'distance' && point === null) throw new RangeError('Sorting by distance needs a point or a geo filter.');
    const sortRules: Record<typeof sort, string[]> = {
      relevance: [],
      rating: ['rating:desc', 'reviews:desc', 'pos:asc'],
      reviews: ['reviews:desc', 'pos:asc'],
      distance: point ? [`_geoPoint(${point.lat}, ${point.lng}):asc`, 'pos:asc'] : [],
    };
    const words = meiliQueryWords(request.query);
    const queryOf = (used: number) => words.slice(0, used).join(' ').trim();
    const isBrowsing = queryOf(words.length) === '' && filter.length === 0;
    const requested = new Set<FacetName>(request.facets ?? []);
    if (request.facetSearch) requested.add(request.facetSearch.facet);
    const params = {
      ...(filter.length ? { filter } : {}),
      ...(sortRules[sort].length ? { sort: sortRules[sort] } : isBrowsing ? { sort: ['pos:asc'] } : {}),
      facets: [...requested].map((facet) => FACET_ATTRIBUTE[facet]),
      page: request.page,
      hitsPerPage: request.perPage,
      attributesToHighlight: ['name', 'category'],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    } satisfies SearchParams;
    // Every word must match; when nothing does, words are dropped from the end (as the embedded
    // engine does), one request each, and the answer says which were used.
    let used = words.length;
    let response = await this.index<MeiliBusiness & Record<string, unknown>>('businesses').search(queryOf(used), { ...params, matchingStrategy: 'all' });
    while (response.totalHits === 0 && used > 1) {
      used -= 1;
      response = await this.index<MeiliBusiness & Record<string, unknown>>('businesses').search(queryOf(used), { ...params, matchingStrategy: 'all' });
    }
    const total = isBrowsing ? meta.businessCount : response.totalHits;
    const isTotalExact = isBrowsing || response.totalHits < MAX_TOTAL_HITS;
    const hits: SearchHit[] = response.hits.map((hit) => {
      const summary = fromMeiliBusiness(hit);
      const formatted = hit._formatted ?? {};
      return {
        ...summary,
        _highlight: { name: formatted.name ?? summary.name, category: summary.category === null ? null : (formatted.category ?? summary.category) },
        _distanceKm:
          point && summary.latitude !== null && summary.longitude !== null
            ? Math.round(distanceKm(point.lat, point.lng, summary.latitude, summary.longitude) * 1000) / 1000
            : null,
      };
    });
    const maxFacetValues = Math.min(request.maxFacetValues ?? DEFAULT_MAX_FACET_VALUES, MAX_FACET_VALUES);
    const allFacets = await this.labelFacets(response.facetDistribution ?? {}, requested);
    const result: SearchResponse = {
      hits,
      total,
      isTotalExact,
      page: request.page,
      perPage: request.perPage,
      totalPages: Math.ceil(Math.min(total, isBrowsing ? total : MAX_TOTAL_HITS) / request.perPage),
      facets: Object.fromEntries((request.facets ?? []).map((facet) => [facet, (allFacets[facet] ?? []).slice(0, maxFacetValues)])),
      isFacetExact: true,
      processingTimeMs: 0,
    };
    if (used < words.length) result.queryWords = { used: words.slice(0, used), dropped: words.slice(used) };
    const correctedLocation = locationCorrection(location);
    if (correctedLocation) result.correctedLocation = correctedLocation;
    const chosenCity = chosenCityOf(location);
    if (chosenCity) result.chosenCity = chosenCity;
    const unmatchedPlace = unmatchedPlaceOf(location);
    if (unmatchedPlace) result.unmatchedPlace = unmatchedPlace;
    if (request.facetSearch) {
      const { facet, query: facetQuery } = request.facetSearch;
      result.facetHits = (allFacets[facet] ?? []).filter((value) => labelMatches(value.label, facetQuery)).slice(0, maxFacetValues);
    }
    result.processingTimeMs = Math.round(performance.now() - started);
    return result;
  }

  /** The where box's knowledge, built from the aggregate indexes once per contents (`generation`). */
  private places: { generation: string; index: PlaceIndex } | null = null;

  private async placeIndex(generation: string): Promise<PlaceIndex> {
    if (this.places?.generation === generation) return this.places.index;
    const [countries, cities] = await Promise.all([
      this.aggregateDocs<MeiliCountry & Record<string, unknown>>('countries'),
      this.aggregateDocs<MeiliCity & Record<string, unknown>>('cities'),
    ]);
    const index = new PlaceIndex({
      countries: countries.map((doc) => ({ code: doc.code, name: doc.name, businessCount: doc.businessCount })),
      cities: cities.map((doc) => ({ countryCode: doc.countryCode, slug: doc.slug, name: doc.name, businessCount: doc.businessCount })),
    });
    this.places = { generation, index };
    return index;
  }

  /** Facet distributions with labels, most frequent first (ties by label, as the embedded engine). */
  private async labelFacets(distribution: Record<string, Record<string, number>>, facets: Set<FacetName>): Promise<Partial<Record<FacetName, FacetValue[]>>> {
    const result: Partial<Record<FacetName, FacetValue[]>> = {};
    for (const facet of FACET_NAMES) {
      if (!facets.has(facet)) continue;
      const counts = distribution[FACET_ATTRIBUTE[facet]] ?? {};
      const values = Object.keys(counts);
      const labels =
        facet === 'category'
          ? await this.categoryNames(values)
          : facet === 'city'
            ? await this.cityNames(values)
            : new Map(values.map((code) => [code, countryName(code)]));
      result[facet] = values.map((value) => ({ value, label: labels.get(value) ?? value, count: counts[value]! })).sort(byCountThenLabel);
    }
    return result;
  }

  /**
   * "Open now" as a filter: for every time zone in the index, the businesses of that zone that
   * are open in the current local quarter-hour.
   */
  private async openNowFilter(now: Date): Promise<string> {
    const zones = Object.keys((await this.distribution('', 'timeZone EXISTS', ['timeZone'])).timeZone ?? {});
    const minuteIn = minuteOfWeekCache(now);
    const clauses = zones.flatMap((zone) => {
      const minute = minuteIn(zone);
      return minute === null ? [] : [`(timeZone = ${quoteFilter(zone)} AND openQuarters = ${Math.floor(minute / QUARTER_MINUTES)})`];
    });
    return clauses.length > 0 ? `(${clauses.join(' OR ')})` : 'id < 0';
  }

  async close(): Promise<void> {
    // The client holds no connection of its own (plain fetch calls).
  }
}
