/**
 * Pure transforms of the Meilisearch engine: business documents as Meilisearch stores them,
 * the aggregate documents (computed exactly like the embedded engine's SQL), filter syntax.
 */
import { countryName } from '@directory/data/countries.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import { compareUtf8 } from '@directory/data/text-order.ts';
import type { BusinessDocument, BusinessSummary } from '../document.ts';
import type { CategoryAggregate, CityAggregate, CountryAggregate } from '../engine.ts';
import { cityKey } from '../search-types.ts';
import { roundingLoss } from '../rounding-loss.ts';
import { MINUTES_PER_WEEK, encodedOpenHours, isOpenAt } from '../search-hours.ts';
import { tokenize } from '../text/fold.ts';
import { joinedWords } from '../text/joined-words.ts';
import { phoneQuery, phoneTokens } from '../text/phone.ts';
import { singularOf } from '../text/plural.ts';

export const QUARTER_MINUTES = 15;

/** A business in the Meilisearch `businesses` index. */
export interface MeiliBusiness extends BusinessSummary {
  pos: number;
  cityKey: string | null;
  /** City, country name, country code and postal code: the "place" searchable attribute. */
  place: string;
  aboutText: string;
  /** The singulars of the plural words of name, category and type ("bakeries" → "bakery"), which queries are folded to. */
  singulars: string;
  /** The words of name, category, type and about written with a hyphen or an apostrophe, joined ("Wi-Fi" → "wifi"), as the embedded engine stores them. */
  joined: string;
  /** The street part of the address. */
  contact: string;
  /** The phone number's digit tokens (all digits, and without the calling code). */
  phoneDigits: string;
  _geo: { lat: number; lng: number } | null;
  /** Local quarter-hours of the week (Monday 00:00 = 0) the business is open at their start: none when it is temporarily closed. */
  openQuarters: number[];
}

export interface MeiliCategory {
  slug: string;
  name: string;
  letter: string;
  businessCount: number;
  countryCount: number;
  ratingSum: number;
  ratedCount: number;
}

export interface MeiliCountry {
  code: string;
  slug: string;
  name: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export interface MeiliCity {
  key: string;
  countryCode: string;
  slug: string;
  name: string;
  letter: string;
  businessCount: number;
  categoryCount: number;
}

/**
 * The form of the documents and settings this code writes and reads; bumped when an index written
 * before would answer differently. An index whose meta names another (or none: written before the
 * first) counts as not built, and the server rebuilds it at start, as the embedded engine does with
 * a file of another format (index-schema.ts). 2: the `joined` field. 3: `isTemporarilyClosed`, and no
 * open quarters for such a business.
 */
export const MEILI_INDEX_FORMAT = '3';

export interface MeiliMeta {
  key: 'state';
  appliedSeq: number;
  businessCount: number;
  /** {@link MEILI_INDEX_FORMAT} of the code that built the index (absent: built before there was one). */
  format?: string;
  /**
   * Aggregates a batch touches, written before it changes any document and dropped with its
   * position: a retry recomputes them even for businesses the failed attempt already removed.
   */
  pending?: { categories: string[]; countries: string[]; cities: string[] };
}

/** The change-log position of the index whose meta this is: -1 with none, or when it was built in another format (to be rebuilt). */
export function appliedSeqOf(meta: MeiliMeta | null): number {
  return meta !== null && meta.format === MEILI_INDEX_FORMAT ? meta.appliedSeq : -1;
}

/** The open quarter-hours of a week from Google hours JSON. */
export function openQuarters(workingHours: string | null): number[] {
  const encoded = encodedOpenHours(workingHours);
  if (encoded === null) return [];
  const quarters: number[] = [];
  for (let minute = 0; minute < MINUTES_PER_WEEK; minute += QUARTER_MINUTES) {
    if (isOpenAt(encoded, minute)) quarters.push(minute / QUARTER_MINUTES);
  }
  return quarters;
}

export function toMeiliBusiness(doc: BusinessDocument, pos: number): MeiliBusiness {
  return {
    id: doc.id,
    pos,
    slug: doc.slug,
    name: doc.name,
    category: doc.category,
    categorySlug: doc.categorySlug,
    type: doc.type,
    city: doc.city,
    citySlug: doc.citySlug,
    cityKey: doc.countryCode && doc.citySlug ? cityKey(doc.countryCode, doc.citySlug) : null,
    countryCode: doc.countryCode,
    country: doc.country,
    postalCode: doc.postalCode,
    address: doc.address,
    phone: doc.phone,
    photo: doc.photo,
    rating: doc.rating,
    reviews: doc.reviews,
    isApproved: doc.isApproved,
    verified: doc.verified,
    createdAt: doc.createdAt,
    placeId: doc.placeId,
    url: doc.url,
    latitude: doc.latitude,
    longitude: doc.longitude,
    timeZone: doc.timeZone,
    workingHours: doc.workingHours,
    isTemporarilyClosed: doc.isTemporarilyClosed,
    place: [doc.city, doc.country, doc.countryCode, doc.postalCode].filter(Boolean).join(' '),
    aboutText: doc.aboutText,
    ...searchWords(doc),
    _geo: doc.latitude !== null && doc.longitude !== null ? { lat: doc.latitude, lng: doc.longitude } : null,
    // "Open now" filters on these: a temporarily closed business is open at none, whatever its usual hours.
    openQuarters: doc.isTemporarilyClosed ? [] : openQuarters(doc.workingHours),
  };
}

/** The fields that make plurals, streets and phone numbers searchable (the embedded engine's ftsTexts() in Meilisearch's terms). */
export function searchWords(doc: BusinessDocument): Pick<MeiliBusiness, 'singulars' | 'joined' | 'contact' | 'phoneDigits'> {
  const singulars = new Set<string>();
  for (const token of tokenize([doc.name, doc.category, doc.type].filter(Boolean).join(' '))) {
    const singular = singularOf(token);
    if (singular !== token) singulars.add(singular);
  }
  const place = new Set(tokenize([doc.city, doc.country, doc.countryCode, doc.postalCode].filter(Boolean).join(' ')));
  return {
    singulars: [...singulars].join(' '),
    joined: joinedWords([doc.name, doc.category, doc.type, doc.aboutText].filter(Boolean).join('\n')).join(' '),
    contact: tokenize(doc.address ?? '').filter((token) => !place.has(token)).join(' '),
    phoneDigits: phoneTokens(doc.phone).join(' '),
  };
}

/**
 * The query as Meilisearch is asked it: a phone number as its digits (without an international
 * "00" or a trunk "0", as the documents hold them), otherwise its words folded to their singulars,
 * which documents hold beside their plurals.
 */
export function meiliQueryWords(query: string | undefined): string[] {
  const phone = phoneQuery(query);
  if (phone !== null) return [phone[phone.length - 1]!];
  return tokenize(query ?? '').map(singularOf);
}

/** A stored business back to the engine-neutral summary, field by field. */
export function fromMeiliBusiness(hit: Partial<MeiliBusiness> & Pick<MeiliBusiness, 'id' | 'slug' | 'name'>): BusinessSummary {
  return {
    id: hit.id,
    slug: hit.slug,
    name: hit.name,
    category: hit.category ?? null,
    categorySlug: hit.categorySlug ?? null,
    type: hit.type ?? null,
    city: hit.city ?? null,
    citySlug: hit.citySlug ?? null,
    countryCode: hit.countryCode ?? null,
    country: hit.country ?? null,
    postalCode: hit.postalCode ?? null,
    address: hit.address ?? null,
    phone: hit.phone ?? null,
    photo: hit.photo ?? null,
    rating: hit.rating ?? null,
    reviews: hit.reviews ?? 0,
    isApproved: hit.isApproved ?? false,
    verified: hit.verified ?? false,
    createdAt: hit.createdAt ?? '',
    placeId: hit.placeId ?? null,
    url: hit.url ?? null,
    latitude: hit.latitude ?? null,
    longitude: hit.longitude ?? null,
    timeZone: hit.timeZone ?? null,
    workingHours: hit.workingHours ?? null,
    isTemporarilyClosed: hit.isTemporarilyClosed ?? false,
  };
}

/** SQLite's min() on text (binary order), which names an aggregate after its first spelling. */
function minText(current: string | undefined, candidate: string): string {
  return current === undefined || compareUtf8(candidate, current) < 0 ? candidate : current;
}

/**
 * Category, country and city aggregates accumulated over a full rebuild's documents, with the
 * same rules as the embedded engine's (bulk-aggregates.ts), so both engines give the same numbers.
 */
export class AggregateBuilder {
  /** `ratingError` carries what `ratingSum` lost to rounding: SQLite's `total()` sums this way (Kahan–Babuška–Neumaier). */
  private readonly categories = new Map<string, { name: string; count: number; ratingSum: number; ratingError: number; rated: number; countries: Set<string> }>();
  private readonly countries = new Map<string, { count: number; cities: Set<string>; categories: Set<string> }>();
  private readonly cities = new Map<string, { countryCode: string; slug: string; name: string; count: number; categories: Set<string> }>();

  add(doc: BusinessDocument): void {
    const { categorySlug, countryCode, citySlug } = doc;
    if (categorySlug) {
      const entry = this.categories.get(categorySlug) ?? { name: doc.category ?? '', count: 0, ratingSum: 0, ratingError: 0, rated: 0, countries: new Set<string>() };
      entry.name = minText(entry.name, doc.category ?? '');
      entry.count += 1;
      if (doc.rating !== null) {
        entry.ratingError += roundingLoss(entry.ratingSum, doc.rating);
        entry.ratingSum += doc.rating;
        entry.rated += 1;
      }
      if (countryCode) entry.countries.add(countryCode);
      this.categories.set(categorySlug, entry);
    }
    if (countryCode) {
      const entry = this.countries.get(countryCode) ?? { count: 0, cities: new Set<string>(), categories: new Set<string>() };
      entry.count += 1;
      if (citySlug) entry.cities.add(citySlug);
      if (categorySlug) entry.categories.add(categorySlug);
      this.countries.set(countryCode, entry);
    }
    if (countryCode && citySlug) {
      const key = cityKey(countryCode, citySlug);
      const entry = this.cities.get(key) ?? { countryCode, slug: citySlug, name: doc.city ?? '', count: 0, categories: new Set<string>() };
      entry.name = minText(entry.name, doc.city ?? '');
      entry.count += 1;
      if (categorySlug) entry.categories.add(categorySlug);
      this.cities.set(key, entry);
    }
  }

  categoryDocuments(): MeiliCategory[] {
    return [...this.categories].map(([slug, entry]) => ({
      slug,
      name: entry.name,
      letter: letterOf(entry.name),
      businessCount: entry.count,
      countryCount: entry.countries.size,
      ratingSum: entry.ratingSum + entry.ratingError,
      ratedCount: entry.rated,
    }));
  }

  countryDocuments(): MeiliCountry[] {
    return [...this.countries].map(([code, entry]) => {
      const name = countryName(code);
      return { code, slug: slugify(name), name, businessCount: entry.count, cityCount: entry.cities.size, categoryCount: entry.categories.size };
    });
  }

  cityDocuments(): MeiliCity[] {
    return [...this.cities].map(([key, entry]) => ({
      key,
      countryCode: entry.countryCode,
      slug: entry.slug,
      name: entry.name,
      letter: letterOf(entry.name),
      businessCount: entry.count,
      categoryCount: entry.categories.size,
    }));
  }
}

export function presentCategory(doc: MeiliCategory): CategoryAggregate {
  return {
    slug: doc.slug,
    name: doc.name,
    businessCount: doc.businessCount,
    countryCount: doc.countryCount,
    averageRating: doc.ratedCount > 0 ? Math.round((doc.ratingSum / doc.ratedCount) * 10) / 10 : null,
  };
}

export function presentCountry(doc: MeiliCountry): CountryAggregate {
  return { code: doc.code, slug: doc.slug, name: doc.name, businessCount: doc.businessCount, cityCount: doc.cityCount, categoryCount: doc.categoryCount };
}

export function presentCity(doc: MeiliCity): CityAggregate {
  return {
    countryCode: doc.countryCode,
    countryName: countryName(doc.countryCode),
    slug: doc.slug,
    name: doc.name,
    businessCount: doc.businessCount,
    categoryCount: doc.categoryCount,
  };
}

/** A string literal of Meilisearch's filter syntax. */
export function quoteFilter(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `attribute IN ["a", "b"]`. */
export function inFilter(attribute: string, values: readonly string[]): string {
  return `${attribute} IN [${values.map(quoteFilter).join(', ')}]`;
}

/** SQLite's `ORDER BY business_count DESC, name` in JavaScript. */
export function byCountThenName<T extends { name: string }>(count: (item: T) => number): (a: T, b: T) => number {
  return (a, b) => count(b) - count(a) || compareUtf8(a.name, b.name);
}

/** The least of `names` in SQLite's order (its `min(name)`), '' when there is none. */
export function leastName(names: readonly string[]): string {
  return names.reduce<string | undefined>(minText, undefined) ?? '';
}
