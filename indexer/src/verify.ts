/**
 * Compares the index with the record: the ids and slugs of public businesses, category, country
 * and city counts (and the distinct counts and average ratings beside them), the A–Z letters, the
 * totals. Built to stay cheap at a million businesses: ids are streamed in id order from both
 * sides and merged (never held in memory on the record side), aggregates come from one GROUP BY
 * on the record and from the index's precomputed lists.
 */
import Database from 'better-sqlite3';
import { cityOf } from '@directory/data/business-row.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import { changeLogHighWater } from './change-log.ts';
import type { DocumentKey, SearchEngine } from './engine.ts';
import { publicCondition, type ListingPolicy } from './record-source.ts';

export type DifferenceKind = 'missing' | 'extra' | 'slug' | 'category' | 'country' | 'city' | 'letter' | 'total';

export interface Difference {
  kind: DifferenceKind;
  /** What differs: a business id, a slug, a country code, "FR:lyon", a letter, a total's name. */
  key: string;
  record: string | number | null;
  index: string | number | null;
}

export interface VerifyReport {
  /** Public businesses in the record. */
  businesses: number;
  /** Every difference found, up to `maxListed` of each kind. */
  differences: Difference[];
  /** How many differences there are in all (more than listed when a kind overflowed). */
  differenceCount: number;
  /** How many differences of each kind there are in all (kinds without any left out). */
  differenceCountByKind: Partial<Record<DifferenceKind, number>>;
  /** The change-log position of the record snapshot compared, and the index's before and after. */
  recordSeq: number;
  indexSeq: number;
  seconds: number;
}

export const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];
const CITY_PAGE = 1000;

interface CategoryFigures {
  count: number;
  countries: Set<string>;
  ratingSum: number;
  rated: number;
  letter: string;
}
interface CountryFigures {
  count: number;
  cities: Set<string>;
  categories: Set<string>;
}
interface CityFigures {
  count: number;
  categories: Set<string>;
  letter: string;
}

interface RecordAggregates {
  categories: Map<string, CategoryFigures>;
  countries: Map<string, CountryFigures>;
  cities: Map<string, CityFigures>;
  businesses: number;
}

interface GroupRow {
  country_code: string | null;
  city: string | null;
  full_address: string | null;
  category: string | null;
  type: string | null;
  n: number;
  rating_sum: number;
  rated: number;
}

/** Category, country and city figures of the record, keyed the way the documents key them. */
function readRecordAggregates(db: Database.Database, policy: ListingPolicy): RecordAggregates {
  const categories = new Map<string, CategoryFigures>();
  const countries = new Map<string, CountryFigures>();
  const cities = new Map<string, CityFigures>();
  let businesses = 0;
  const add = (row: GroupRow) => {
    businesses += row.n;
    // The same keys toBusinessDocument computes.
    const categoryName = (row.category ?? row.type)?.trim() || null;
    const categorySlug = categoryName ? slugify(categoryName) || null : null;
    const cityName = cityOf(row);
    const citySlug = cityName ? slugify(cityName) || null : null;
    const code = row.country_code?.toUpperCase() ?? null;
    if (categorySlug) {
      const figures = categories.get(categorySlug) ?? { count: 0, countries: new Set(), ratingSum: 0, rated: 0, letter: letterOf(categoryName!) };
      figures.count += row.n;
      figures.ratingSum += row.rating_sum;
      figures.rated += row.rated;
      if (code) figures.countries.add(code);
      categories.set(categorySlug, figures);
    }
    if (code) {
      const figures = countries.get(code) ?? { count: 0, cities: new Set(), categories: new Set() };
      figures.count += row.n;
      if (citySlug) figures.cities.add(citySlug);
      if (categorySlug) figures.categories.add(categorySlug);
      countries.set(code, figures);
      if (citySlug) {
        const key = `${code}:${citySlug}`;
        const city = cities.get(key) ?? { count: 0, categories: new Set(), letter: letterOf(cityName!) };
        city.count += row.n;
        if (categorySlug) city.categories.add(categorySlug);
        cities.set(key, city);
      }
    }
  };
  const where = publicCondition(policy);
  // Rows with a city are grouped by SQLite; the few without one take their city from the address, row by row.
  const grouped = db.prepare(`SELECT country_code, trim(city) AS city, NULL AS full_address, category, type,
      count(*) AS n, total(rating) AS rating_sum, count(rating) AS rated
    FROM businesses WHERE ${where} AND trim(city) <> '' GROUP BY country_code, trim(city), category, type`);
  for (const row of grouped.iterate() as IterableIterator<GroupRow>) add(row);
  const addressOnly = db.prepare(`SELECT country_code, NULL AS city, full_address, category, type,
      1 AS n, coalesce(rating, 0) AS rating_sum, rating IS NOT NULL AS rated
    FROM businesses WHERE ${where} AND (city IS NULL OR trim(city) = '')`);
  for (const row of addressOnly.iterate() as IterableIterator<GroupRow>) add(row);
  return { categories, countries, cities, businesses };
}

/** Collects differences, listing at most `maxListed` of each kind but counting all, by kind. */
class DifferenceList {
  readonly listed: Difference[] = [];
  count = 0;
  readonly countByKind: Partial<Record<DifferenceKind, number>> = {};

  constructor(private readonly maxListed: number) {}

  add(kind: DifferenceKind, key: string, record: string | number | null, index: string | number | null): void {
    this.count += 1;
    const found = (this.countByKind[kind] ?? 0) + 1;
    this.countByKind[kind] = found;
    if (found <= this.maxListed) this.listed.push({ kind, key, record, index });
  }

  compare(kind: DifferenceKind, key: string, record: string | number | null, index: string | number | null): void {
    if (record !== index) this.add(kind, key, record, index);
  }
}

/** Merges the record's ids (ascending) with the index's chunks (ascending). */
async function compareKeys(recordKeys: Iterator<DocumentKey>, indexChunks: AsyncIterable<DocumentKey[]>, out: DifferenceList): Promise<void> {
  let fromRecord = recordKeys.next();
  for await (const chunk of indexChunks) {
    for (const indexed of chunk) {
      while (!fromRecord.done && fromRecord.value.id < indexed.id) {
        out.add('missing', String(fromRecord.value.id), fromRecord.value.slug, null);
        fromRecord = recordKeys.next();
      }
      if (!fromRecord.done && fromRecord.value.id === indexed.id) {
        out.compare('slug', String(indexed.id), fromRecord.value.slug, indexed.slug);
        fromRecord = recordKeys.next();
      } else {
        out.add('extra', String(indexed.id), null, indexed.slug);
      }
    }
  }
  for (; !fromRecord.done; fromRecord = recordKeys.next()) out.add('missing', String(fromRecord.value.id), fromRecord.value.slug, null);
}

/**
 * The record's average rating as the index shows it (one decimal), for comparing with `shown`.
 * The two sides add the same ratings in a different order, so an average that lies on a
 * rounding boundary (4.05) may be 4.0499999 on one side and 4.0500001 on the other: either
 * rounding of it is the same figure.
 */
function roundedAverage(sum: number, rated: number, shown: number | null): number | null {
  if (rated === 0) return null;
  const average = sum / rated;
  const roundings = [average - 1e-9, average + 1e-9].map((value) => Math.round(value * 10) / 10);
  return roundings.find((rounded) => rounded === shown) ?? roundings[0]!;
}

async function compareAggregates(engine: SearchEngine, figures: RecordAggregates, out: DifferenceList): Promise<void> {
  const indexCategories = new Map((await engine.categories()).map((category) => [category.slug, category]));
  for (const [slug, expected] of figures.categories) {
    const found = indexCategories.get(slug);
    out.compare('category', `${slug} businesses`, expected.count, found?.businessCount ?? null);
    if (!found) continue;
    out.compare('category', `${slug} countries`, expected.countries.size, found.countryCount);
    out.compare('category', `${slug} average rating`, roundedAverage(expected.ratingSum, expected.rated, found.averageRating), found.averageRating);
  }
  for (const [slug, found] of indexCategories) if (!figures.categories.has(slug)) out.add('category', `${slug} businesses`, null, found.businessCount);

  const indexCountries = new Map((await engine.countries()).map((country) => [country.code, country]));
  for (const [code, expected] of figures.countries) {
    const found = indexCountries.get(code);
    out.compare('country', `${code} businesses`, expected.count, found?.businessCount ?? null);
    if (!found) continue;
    out.compare('country', `${code} cities`, expected.cities.size, found.cityCount);
    out.compare('country', `${code} categories`, expected.categories.size, found.categoryCount);
  }
  for (const [code, found] of indexCountries) if (!figures.countries.has(code)) out.add('country', `${code} businesses`, null, found.businessCount);

  const seenCities = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { items } = await engine.cityPage({ page, perPage: CITY_PAGE });
    for (const city of items) {
      const key = `${city.countryCode}:${city.slug}`;
      seenCities.add(key);
      const expected = figures.cities.get(key);
      out.compare('city', `${key} businesses`, expected?.count ?? null, city.businessCount);
      if (expected) out.compare('city', `${key} categories`, expected.categories.size, city.categoryCount);
    }
    if (items.length < CITY_PAGE) break;
  }
  for (const [key, expected] of figures.cities) if (!seenCities.has(key)) out.add('city', `${key} businesses`, expected.count, null);

  // Letters: which letter strip each category is listed under, and how many cities each strip holds.
  const categoryLetters = new Map<string, string>();
  const cityLetterCounts = new Map<string, number>();
  for (const figuresOfCity of figures.cities.values()) cityLetterCounts.set(figuresOfCity.letter, (cityLetterCounts.get(figuresOfCity.letter) ?? 0) + 1);
  for (const letter of LETTERS) {
    for (const category of await engine.categories({ letter })) categoryLetters.set(category.slug, letter);
    const { total } = await engine.cityPage({ letter, page: 1, perPage: 1 });
    out.compare('letter', `cities under ${letter}`, cityLetterCounts.get(letter) ?? 0, total);
  }
  for (const [slug, expected] of figures.categories) {
    if (indexCategories.has(slug)) out.compare('letter', `category ${slug}`, expected.letter, categoryLetters.get(slug) ?? null);
  }

  const totals = await engine.totals();
  out.compare('total', 'businesses', figures.businesses, totals.businessCount);
  out.compare('total', 'categories', figures.categories.size, totals.categoryCount);
  out.compare('total', 'countries', figures.countries.size, totals.countryCount);
  out.compare('total', 'cities', figures.cities.size, totals.cityCount);
}

/** Compares the index with a snapshot of the record (read on its own read-only connection). */
export async function verifyIndex(
  recordFile: string,
  engine: SearchEngine,
  policy: ListingPolicy,
  options: { maxListed?: number } = {},
): Promise<VerifyReport> {
  const started = performance.now();
  const out = new DifferenceList(options.maxListed ?? 20);
  const db = new Database(recordFile, { readonly: true });
  try {
    db.exec('BEGIN');
    const recordSeq = changeLogHighWater(db);
    const figures = readRecordAggregates(db, policy);
    await compareAggregates(engine, figures, out);
    const keys = db.prepare(`SELECT id, slug FROM businesses WHERE ${publicCondition(policy)} ORDER BY id`).iterate() as IterableIterator<DocumentKey>;
    await compareKeys(keys, engine.documentKeys(), out);
    db.exec('COMMIT');
    return {
      businesses: figures.businesses,
      differences: out.listed,
      differenceCount: out.count,
      differenceCountByKind: out.countByKind,
      recordSeq,
      indexSeq: await engine.appliedSeq(),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    db.close();
  }
}

/** The report as lines for a terminal or a log. */
export function formatVerifyReport(report: VerifyReport): string {
  const head =
    report.differenceCount === 0
      ? `Index matches the record: ${report.businesses} public businesses (record at change ${report.recordSeq}, index at ${report.indexSeq}), checked in ${report.seconds.toFixed(1)} s.`
      : `Index differs from the record in ${report.differenceCount} places (record at change ${report.recordSeq}, index at ${report.indexSeq}), checked in ${report.seconds.toFixed(1)} s:`;
  const lines = report.differences.map((d) => `  ${d.kind} ${d.key}: record ${d.record ?? '(none)'}, index ${d.index ?? '(none)'}`);
  if (report.differenceCount > report.differences.length) {
    const byKind = Object.entries(report.differenceCountByKind).map(([kind, count]) => `${kind} ${count}`);
    lines.push(`  … and ${report.differenceCount - report.differences.length} more, not listed. Differences of each kind: ${byKind.join(', ')}.`);
  }
  if (report.differenceCount > 0 && report.indexSeq < report.recordSeq) {
    lines.push(`  The index had not applied the last ${report.recordSeq - report.indexSeq} changes: run it again once the indexer caught up; \`npm run reindex\` repairs a lasting difference.`);
  } else if (report.differenceCount > 0) {
    lines.push('  Repair: `npm run reindex`.');
  }
  return [head, ...lines].join('\n');
}
