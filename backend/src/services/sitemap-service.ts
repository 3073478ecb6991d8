import { SITEMAP_FILE_SIZE, type SearchEngine } from '@directory/indexer/engine.ts';
import type { SitemapBusinessRow, SitemapRepository } from '../db/sitemap-repository.ts';

/** Businesses per sitemap file (admin spec, section 9); the index cuts the files. */
export const SITEMAP_PAGE_SIZE = SITEMAP_FILE_SIZE;
/** Businesses read from the record at a time while a business sitemap streams. */
export const SITEMAP_CHUNK_SIZE = 500;
/** The sitemap protocol's ceiling of URLs in one file. */
const PROTOCOL_MAX_URLS = 50_000;
/** When the static pages last changed: the legal texts' "last updated" date (visitor spec, section 9). */
export const STATIC_PAGES_UPDATED_AT = '2025-12-12T00:00:00Z';

/** The site's indexable pages that are not generated from data. */
export const STATIC_PAGE_PATHS = [
  '/',
  '/businesses',
  '/categories',
  '/countries',
  '/cities',
  '/contact',
  '/privacy-policy',
  '/legal-notice',
  '/terms-of-service',
  '/cookie-policy',
] as const;

/** One page of the site: its path (URL-encoded) and when it last changed, if known. */
export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** One sitemap file as the index lists it. */
export interface SitemapFile {
  path: string;
  lastmod: string;
}

export const businessSitemapPath = (page: number) => `/sitemaps/businesses/page-${page}.xml`;

const segment = (value: string) => encodeURIComponent(value);

function businessUrl(row: SitemapBusinessRow): SitemapUrl {
  return { path: `/business/${segment(row.slug)}`, lastmod: row.updated_at };
}

/**
 * The sitemap files: the index, the static pages, the category, country and city pages (from
 * the engine's aggregates) and the public businesses in id order, in the files the index cut
 * (about `SITEMAP_PAGE_SIZE` a file).
 */
export class SitemapService {
  private readonly chunkSize: number;

  constructor(
    private readonly repository: SitemapRepository,
    private readonly engine: SearchEngine,
    options: { chunkSize?: number } = {},
  ) {
    this.chunkSize = options.chunkSize ?? SITEMAP_CHUNK_SIZE;
    if (!Number.isInteger(this.chunkSize) || this.chunkSize < 1) {
      throw new RangeError(`Sitemap chunk size must be a whole number of 1 or more, got ${this.chunkSize}`);
    }
  }

  /** The files of the index: main, categories, countries, cities, then every business file; read from the index's file table. */
  async index(): Promise<SitemapFile[]> {
    const files = await this.engine.sitemapFiles();
    // Category, country and city pages change whenever a public business does.
    const latestChange = files.reduce((latest, file) => (file.lastmod !== null && file.lastmod > latest ? file.lastmod : latest), STATIC_PAGES_UPDATED_AT);
    return [
      { path: '/sitemaps/main.xml', lastmod: STATIC_PAGES_UPDATED_AT },
      { path: '/sitemaps/categories.xml', lastmod: latestChange },
      { path: '/sitemaps/countries.xml', lastmod: latestChange },
      { path: '/sitemaps/cities.xml', lastmod: latestChange },
      ...files.map((file, i) => ({ path: businessSitemapPath(i + 1), lastmod: file.lastmod ?? latestChange })),
    ];
  }

  main(): SitemapUrl[] {
    return STATIC_PAGE_PATHS.map((path) => ({ path }));
  }

  async categories(): Promise<SitemapUrl[]> {
    return (await this.engine.categories())
      .filter((category) => category.slug !== '')
      .map((category) => ({ path: `/categories/${segment(category.slug)}` }));
  }

  async countries(): Promise<SitemapUrl[]> {
    return (await this.engine.countries())
      .filter((country) => country.slug !== '')
      .map((country) => ({ path: `/countries/${segment(country.slug)}` }));
  }

  async cities(): Promise<SitemapUrl[]> {
    return (await this.engine.cities())
      .filter((city) => city.slug !== '' && city.countryCode !== '')
      .map((city) => ({ path: `/cities/${segment(city.countryCode.toLowerCase())}/${segment(city.slug)}` }));
  }

  /**
   * Business sitemap `page` (1-based) as a lazy sequence of chunks, null when there is no such
   * file. Its id range comes from the index's file table; its businesses are read from the
   * record by keyset, one chunk per query, only when the consumer asks for it.
   */
  async businessPage(page: number): Promise<Iterable<SitemapUrl[]> | null> {
    if (!Number.isSafeInteger(page) || page < 1) return null;
    const files = await this.engine.sitemapFiles();
    const file = files[page - 1];
    if (!file) return null;
    return this.chunksFrom(file.firstId, files[page]?.firstId ?? Number.MAX_SAFE_INTEGER);
  }

  /** How many URLs each business file holds, in file order (what its page would list). */
  async businessFileUrlCounts(): Promise<number[]> {
    const files = await this.engine.sitemapFiles();
    return files.map((file, i) =>
      Math.min(PROTOCOL_MAX_URLS, this.repository.countFrom(file.firstId, files[i + 1]?.firstId ?? Number.MAX_SAFE_INTEGER)),
    );
  }

  private *chunksFrom(firstId: number, endId: number): Generator<SitemapUrl[], void, undefined> {
    // Bounded by the protocol: a file that grew past it between rebuilds is cut short, not refused.
    let remaining = PROTOCOL_MAX_URLS;
    let nextId = firstId;
    while (remaining > 0) {
      const limit = Math.min(this.chunkSize, remaining);
      const rows = this.repository.businessesFrom(nextId, endId, limit);
      if (rows.length === 0) return;
      remaining -= rows.length;
      nextId = rows[rows.length - 1]!.id + 1;
      yield rows.map(businessUrl);
      if (rows.length < limit) return;
    }
  }
}
