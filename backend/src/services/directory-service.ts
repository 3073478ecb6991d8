import type { BusinessRow, BusinessRowWithClosure } from '@directory/data/business-row.ts';
import type { BusinessSummary } from '@directory/indexer/document.ts';
import type { ListingPolicy } from '@directory/indexer/record-source.ts';
import type {
  CategoryAggregate,
  CategoryDetail,
  CityAggregate,
  CityDetail,
  CityPage,
  CountryAggregate,
  CountryDetail,
  Page,
  SearchEngine,
  Totals,
} from '@directory/indexer/engine.ts';
import { countryCodeOf } from '@directory/indexer/places/country-names.ts';
import type { BusinessRepository, NearbyRow } from '../db/business-repository.ts';
import { distanceKm } from '@directory/indexer/geo-distance.ts';
import { slugify } from '@directory/data/slug.ts';
import { IndexMemo } from './index-memo.ts';

/** Business list: 20 a page, at most 100 pages (visitor spec, section 9). */
export const BUSINESS_PAGE_SIZE = 20;
export const BUSINESS_MAX_PAGE = 100;
export const HOME_LIST_SIZE = 12;
export const SIDEBAR_SIZE = 15;
export const COUNTRY_TOP_CITIES = 20;
/** A business page's "Nearby": at most this many businesses, none farther than NEARBY_MAX_KM. */
export const NEARBY_LIMIT = 6;
export const NEARBY_MAX_KM = 50;

export interface HomeData {
  totals: Totals;
  categories: CategoryAggregate[];
  cities: CityAggregate[];
  countries: CountryAggregate[];
}

export interface CityListFilter {
  letter?: string;
  countryCode?: string;
  text?: string;
}

export type BusinessLookup = { kind: 'found'; row: BusinessRowWithClosure } | { kind: 'moved'; slug: string } | { kind: 'missing' };

/** A business near another, as the record holds it now, and how far it is (km). */
export interface NearbyEntry {
  row: NearbyRow;
  distanceKm: number;
}

/** The businesses near a business (see {@link DirectoryService.nearby}), or where it moved, or that it is missing. */
export type NearbyLookup =
  | { kind: 'found'; isSameCategory: boolean; entries: NearbyEntry[] }
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

/** Public reads: lists and aggregates from the search engine, details from the record. */
export class DirectoryService {
  /** Whole lists (home, categories, countries, cities of a letter or country), once per index change. */
  private readonly lists: IndexMemo;

  constructor(
    private readonly engine: SearchEngine,
    private readonly businesses: BusinessRepository,
    /** With 'approved', a business an operator has not approved has no public page either. */
    private readonly listingPolicy: ListingPolicy = 'all',
  ) {
    this.lists = new IndexMemo(() => engine.generation(), { maxEntries: 2000 });
  }
  /** Forgets the lists remembered for server-rendered pages (the admin area's "clear cache"). */
  clearLists(): void {
    this.lists.clear();
  }


  home(): Promise<HomeData> {
    return this.lists.get('home', () => this.readHome());
  }

  private async readHome(): Promise<HomeData> {
    const [totals, categories, cities, countries] = await Promise.all([
      this.engine.totals(),
      this.engine.categories(),
      this.engine.cityPage({ page: 1, perPage: HOME_LIST_SIZE }),
      this.engine.countries(),
    ]);
    return {
      totals,
      categories: categories.slice(0, HOME_LIST_SIZE),
      cities: cities.items,
      countries: countries.slice(0, HOME_LIST_SIZE),
    };
  }

  featured(): Promise<BusinessSummary[]> {
    return this.engine.featuredBusinesses(HOME_LIST_SIZE);
  }

  businessPage(page: number): Promise<Page<BusinessSummary>> {
    return this.engine.listBusinesses({}, { page, perPage: BUSINESS_PAGE_SIZE });
  }

  /** A business by its slug; an old slug tells where the business lives now. */
  business(slug: string): BusinessLookup {
    const row = this.businesses.findBySlug(slug);
    if (row) return this.isPublic(row) ? { kind: 'found', row } : { kind: 'missing' };
    const current = this.businesses.findCurrentSlug(slug);
    if (!current) return { kind: 'missing' };
    const moved = this.businesses.findBySlug(current);
    return moved && this.isPublic(moved) ? { kind: 'moved', slug: current } : { kind: 'missing' };
  }

  /**
   * Up to {@link NEARBY_LIMIT} public businesses within {@link NEARBY_MAX_KM} of the business at
   * `slug`, nearest first: of its category, or of any category when none of its own is that near.
   * The engine's geo index finds them (bounded reads, engine.ts `nearby`); what a card shows, and
   * how far it is, come from the record, so that a card shows each as written now. None without
   * coordinates.
   */
  async nearby(slug: string): Promise<NearbyLookup> {
    const found = this.business(slug);
    if (found.kind !== 'found') return found;
    const { row } = found;
    if (row.latitude === null || row.longitude === null) return { kind: 'found', isSameCategory: false, entries: [] };
    const point = { lat: row.latitude, lng: row.longitude };
    const request = { point, excludeIds: [row.id], limit: NEARBY_LIMIT, maxKm: NEARBY_MAX_KM };
    // The category the index files the business under (document.ts): its category, else its type.
    const categorySlug = slugify((row.category ?? row.type)?.trim() ?? '') || null;
    let hits = categorySlug === null ? [] : await this.engine.nearby({ ...request, categorySlug });
    const isSameCategory = hits.length > 0;
    if (!isSameCategory) hits = await this.engine.nearby(request);
    const rows = this.businesses.nearbyRows(hits.map((hit) => hit.id));
    const entries: NearbyEntry[] = [];
    for (const hit of hits) {
      const nearby = rows.get(hit.id);
      // Deleted, hidden or moved away since the index last heard of it: left out until it catches up.
      if (!nearby || !this.isPublic(nearby) || nearby.latitude === null || nearby.longitude === null) continue;
      const away = distanceKm(point.lat, point.lng, nearby.latitude, nearby.longitude);
      if (away <= NEARBY_MAX_KM) entries.push({ row: nearby, distanceKm: away });
    }
    entries.sort((a, b) => a.distanceKm - b.distanceKm);
    return { kind: 'found', isSameCategory, entries };
  }

  private isPublic(row: Pick<BusinessRow, 'is_approved'>): boolean {
    return this.listingPolicy === 'all' || row.is_approved === 1;
  }

  categories(letter?: string): Promise<CategoryAggregate[]> {
    return this.lists.get(`categories:${letter?.toUpperCase() ?? ''}`, () => this.engine.categories(letter ? { letter } : {}));
  }

  async category(slug: string, page: number, limit: number): Promise<{ detail: CategoryDetail; page: Page<BusinessSummary> } | null> {
    const detail = await this.engine.category(slug, SIDEBAR_SIZE);
    if (!detail) return null;
    const businesses = await this.engine.listBusinesses({ categorySlug: detail.category.slug }, { page, perPage: limit });
    return { detail, page: businesses };
  }

  countries(): Promise<CountryAggregate[]> {
    return this.lists.get('countries', () => this.engine.countries());
  }

  /**
   * A country by its slug or code, or by another of its codes or names ("usa", "uk", "DEU",
   * "deutschland"): the page answers with its own slug, to which the site moves the address.
   */
  async country(slugOrCode: string): Promise<CountryDetail | null> {
    const found = await this.engine.country(slugOrCode, COUNTRY_TOP_CITIES);
    if (found) return found;
    const code = countryCodeOf(slugOrCode);
    return code === null || code === slugOrCode.toUpperCase() ? null : this.engine.country(code, COUNTRY_TOP_CITIES);
  }

  cities(options: Omit<CityListFilter, 'text'>): Promise<CityAggregate[]> {
    const key = `cities:${options.letter?.toUpperCase() ?? ''}:${options.countryCode?.toUpperCase() ?? ''}`;
    return this.lists.get(key, () => this.engine.cities(options));
  }

  /** Page `page` of the cities matching the filters, `limit` a page. */
  cityPage(filter: CityListFilter, page: number, limit: number): Promise<CityPage> {
    return this.engine.cityPage({ ...filter, page, perPage: limit });
  }

  async city(countryCode: string, citySlug: string, page: number, limit: number): Promise<{ detail: CityDetail; page: Page<BusinessSummary> } | null> {
    const detail = await this.engine.city(countryCode, citySlug, SIDEBAR_SIZE);
    if (!detail) return null;
    const businesses = await this.engine.listBusinesses(
      { countryCode: detail.city.countryCode, citySlug: detail.city.slug },
      { page, perPage: limit },
    );
    return { detail, page: businesses };
  }
}
