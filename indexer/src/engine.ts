/**
 * The one interface every search engine implements. The record (SQLite) is the source;
 * an engine holds business documents plus category, country and city aggregates, and answers
 * every list, letter, count and search call of the site.
 */
import type { BusinessDocument, BusinessSummary } from './document.ts';
import type { SearchRequest, SearchResponse } from './search-types.ts';

export type EngineName = 'sqlite' | 'meilisearch';

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

export interface DocumentChanges {
  /** Documents to insert or replace (by business id). */
  upserts: BusinessDocument[];
  /** Business ids no longer public. */
  removals: number[];
  /** The change-log position after these changes. */
  seq: number;
}

export interface SearchEngine {
  readonly name: EngineName;
  /** Rebuilds the whole index from a snapshot; readers keep the old index until the swap. */
  rebuild(source: DocumentSource): Promise<RebuildReport>;
  /** Applies incremental changes from the change log. */
  applyChanges(changes: DocumentChanges): Promise<void>;
  /** Change-log position the index has applied; -1 when no index has been built. */
  appliedSeq(): Promise<number>;
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
  /** Instant search: what + where, filters, sort, facet counts and facet search. */
  search(request: SearchRequest): Promise<SearchResponse>;

  close(): Promise<void>;
}
