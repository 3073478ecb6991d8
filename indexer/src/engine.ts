/**
 * The one interface every search engine implements. The record (SQLite) is the source;
 * an engine holds business documents plus category, country and city aggregates, and answers
 * every list, letter, count and search call of the site.
 */
import type { BusinessDocument, BusinessSummary } from './document.ts';
import type { GeoPoint, SearchRequest, SearchResponse } from './search-types.ts';

export type EngineName = 'sqlite' | 'meilisearch';

/** Public businesses per business sitemap file (admin spec, section 9). */
export const SITEMAP_FILE_SIZE = 9000;

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

export interface BusinessListFilter {
  categorySlug?: string;
  countryCode?: string;
  citySlug?: string;
}

export interface CategoryAggregate {
  slug: string;
  name: string;
  businessCount: number;
  countryCount: number;
  /** Average rating of its rated businesses, null when none is rated. */
  averageRating: number | null;
}

export interface CountryAggregate {
  code: string;
  slug: string;
  name: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export interface CityAggregate {
  countryCode: string;
  countryName: string;
  slug: string;
  name: string;
  businessCount: number;
  categoryCount: number;
}

export interface CityPageRequest {
  /** First letter, A–Z or '#'. */
  letter?: string;
  countryCode?: string;
  /**
   * Part of the city name, ignoring case and accents; without `countryCode`, part of the
   * country code or the country name also matches.
   */
  text?: string;
  page: number;
  perPage: number;
}

export interface CityPage {
  /** The page's cities, biggest first (then by name). */
  items: CityAggregate[];
  /** Cities matching the filters. */
  total: number;
  /** Businesses of all the matching cities, not only of this page's. */
  businessTotal: number;
}

export interface NamedCount {
  slug: string;
  name: string;
  count: number;
}

export interface CityCount extends NamedCount {
  countryCode: string;
}

export interface CountryCount extends NamedCount {
  code: string;
}

export interface Totals {
  businessCount: number;
  categoryCount: number;
  countryCount: number;
  cityCount: number;
}

export interface CategoryDetail {
  category: CategoryAggregate;
  topCountries: CountryCount[];
}

export interface CountryDetail {
  country: CountryAggregate;
  /** Its biggest cities, as many as asked for. */
  cities: CityCount[];
  /** All its categories, biggest first. */
  categories: NamedCount[];
}

export interface CityDetail {
  city: CityAggregate;
  categories: NamedCount[];
}

/** One business sitemap file: where its id range starts and when a business of it last changed. */
export interface SitemapFile {
  firstId: number;
  /** ISO time; null when unknown (an engine that does not track it). */
  lastmod: string | null;
}

export interface RebuildReport {
  engine: EngineName;
  documents: number;
  seconds: number;
  /** Highest change-log sequence number the new index contains. */
  appliedSeq: number;
}

/** A source of documents for a full rebuild, read from the record in one snapshot. */
export interface DocumentSource {
  /** The change-log position the snapshot corresponds to. */
  seq: number;
  /** Public businesses, most popular first. */
  documents(): Iterable<BusinessDocument>;
}

export interface DocumentKey {
  id: number;
  slug: string;
}

export interface DocumentChanges {
  /** Documents to insert or replace (by business id). */
  upserts: BusinessDocument[];
  /** Business ids no longer public. */
  removals: number[];
  /** The change-log position these changes start after. */
  fromSeq: number;
  /** The change-log position after these changes. */
  seq: number;
}

/** Reads the change log for a rebuild's catch-up. */
export interface ChangeFeed {
  /**
   * The next batch of changes after `afterSeq`, null when there is none. Synchronous, so that the
   * last catch-up can run while the old index is locked against writers.
   */
  read(afterSeq: number): DocumentChanges | null;
  /** Told how far the new index has got, between batches (keeps the rebuild's registration fresh). */
  progress(seq: number): void;
}

/**
 * Points in a rebuild where the caller may run code (tests write to the record there; a throw
 * abandons the rebuild and leaves the live index as it was).
 */
export interface RebuildHooks {
  /** The snapshot is taken, no document read yet. */
  afterSnapshot?(): void | Promise<void>;
  /** Every snapshot document is in the new index, no later change yet. */
  afterBulk?(): void | Promise<void>;
  /** The new index has caught up once; the last catch-up and the swap come next. */
  beforePublish?(): void | Promise<void>;
}

/** The public businesses nearest a point (a business page's "Nearby"). */
export interface NearbyRequest {
  point: GeoPoint;
  /** Only businesses of this category; of any category when absent. */
  categorySlug?: string;
  /** Business ids left out (the business itself, those found already). */
  excludeIds: readonly number[];
  limit: number;
  /** Nothing farther than this (km). */
  maxKm: number;
}

/** A business near the point, by its id, with how far it is (km). */
export interface NearbyHit {
  id: number;
  distanceKm: number;
}

export interface SearchEngine {
  readonly name: EngineName;
  /**
   * Identifies the index this engine writes (a directory, a server and prefix): the name its
   * position is registered under in the record, shared by every process writing that index.
   */
  readonly indexId: string;
  /**
   * Rebuilds the whole index from a snapshot, then applies every change after the snapshot from
   * `feed` to the new index before swapping it in; readers keep the old index until the swap.
   */
  rebuild(source: DocumentSource, feed: ChangeFeed, hooks?: RebuildHooks): Promise<RebuildReport>;
  /**
   * Applies incremental changes to the live index, together with its new position. Returns the
   * index's position afterwards: `changes.seq` when applied; the index's own position, unchanged,
   * when it is already past `changes.seq` or behind `changes.fromSeq` (the caller reads again from
   * there). Applying the same changes twice changes nothing.
   */
  applyChanges(changes: DocumentChanges): Promise<number>;
  /** Change-log position the index has applied; -1 when no index has been built, or one of a format this code does not read (the server rebuilds it at start). */
  appliedSeq(): Promise<number>;
  /** Ids and slugs of every indexed business, in ascending id order, a chunk at a time (for verification). */
  documentKeys(): AsyncIterable<DocumentKey[]>;
  /**
   * A token that changes whenever an answer of the engine may change (a rebuild swapped in, a
   * change applied). Cheap: ready list answers and their ETags are keyed by it.
   */
  generation(): Promise<string>;

  totals(): Promise<Totals>;
  listBusinesses(filter: BusinessListFilter, page: PageRequest): Promise<Page<BusinessSummary>>;
  /** Approved, well-rated businesses, most popular first. */
  featuredBusinesses(limit: number): Promise<BusinessSummary[]>;
  categories(options?: { letter?: string }): Promise<CategoryAggregate[]>;
  countries(): Promise<CountryAggregate[]>;
  cities(options?: { letter?: string; countryCode?: string }): Promise<CityAggregate[]>;
  /** One page of the cities matching the filters, with the count and business total of them all. */
  cityPage(options: CityPageRequest): Promise<CityPage>;
  category(slug: string, topCountries: number): Promise<CategoryDetail | null>;
  /** Looks a country up by its slug ("united-states") or its code ("us"). */
  country(slugOrCode: string, topCities: number): Promise<CountryDetail | null>;
  city(countryCode: string, citySlug: string, topCategories: number): Promise<CityDetail | null>;
  /**
   * The business sitemap files in order: file n holds the public businesses with an id from its
   * `firstId` (the first file's is 0) up to, not including, the next file's (the last: no end).
   * Set at a rebuild every `SITEMAP_FILE_SIZE` ids, so each public business is in exactly one
   * file whatever is added or removed later; the embedded engine opens a new file when the
   * last one grows past the size.
   */
  sitemapFiles(): Promise<SitemapFile[]>;
  /** Instant search: what + where, filters, sort, facet counts and facet search. */
  search(request: SearchRequest): Promise<SearchResponse>;
  /**
   * Up to `limit` businesses within `maxKm` of the point, nearest first, through the engine's geo
   * index (never a read of a whole category): exactly the nearest, unless the place is so dense
   * that the walk stops short of `maxKm` with fewer (sqlite-nearby.ts).
   */
  nearby(request: NearbyRequest): Promise<NearbyHit[]>;

  close(): Promise<void>;
}
