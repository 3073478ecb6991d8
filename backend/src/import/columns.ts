/**
 * THE column alias table: every header name the importer understands, per field. Headers are
 * compared after folding case, accents, spaces, underscores, hyphens, dots and slashes, so
 * "Full Address", "full_address", "fullAddress" and "FULL-ADDRESS" are one name, and Apify's
 * flattened "location/lat" equals "location.lat". Each name is listed once as folded (a test
 * checks): `time_zone` also reads gosom's "timezone", `reviewCount` its "review_count". Covers the
 * spec's sample template, our own CSV export, Outscraper, Apify's Google Places crawler and gosom's
 * google-maps-scraper.
 */
import { EXPORTED_FIELDS } from '@directory/data/business-fields.ts';
import { foldText } from '@directory/data/slug.ts';

export const COLUMN_ALIASES = {
  // The 23 business fields of the spec (the export's 27 without id, slug, created_at, updated_at).
  name: ['name', 'title', 'business name', 'place name', 'isim'],
  category: ['category', 'categoryName', 'main category', 'kategori'],
  type: ['type', 'subtype'],
  fullAddress: ['full_address', 'address', 'formatted address', 'adres'],
  street: ['street', 'street address', 'address line 1'],
  city: ['city', 'town', 'locality', 'şehir'],
  postalCode: ['postal_code', 'postcode', 'zip', 'zip code', 'posta kodu'],
  country: ['country', 'ülke'],
  countryCode: ['country_code', 'country iso', 'ülke kodu'],
  phone: ['phone', 'phoneUnformatted', 'phone number', 'international phone', 'telefon'],
  latitude: ['latitude', 'lat', 'location/lat', 'coordinates/lat', 'gps lat', 'enlem'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'location/lng', 'coordinates/lng', 'gps lng', 'boylam'],
  rating: ['rating', 'totalScore', 'review_rating', 'stars', 'average rating', 'puan'],
  reviews: ['reviews', 'reviewCount', 'reviewsCount', 'user ratings total'],
  reviewsLink: ['reviews_link', 'reviews url'],
  photo: ['photo', 'thumbnail', 'imageUrl', 'image', 'main image', 'photo url'],
  logo: ['logo'],
  locatedIn: ['located_in'],
  workingHours: ['working_hours', 'open_hours', 'openingHours', 'hours', 'çalışma saatleri'],
  verified: ['verified', 'claimed', 'claimThisBusiness'],
  about: ['about', 'additionalInfo', 'amenities'],
  placeId: ['place_id', 'google place id'],
  url: ['site', 'website', 'domain', 'web'],
  // Identity, status and address helpers that are not record fields of their own.
  // `url` is the website in our export and the template, but the Maps link in Apify's: decided per value.
  urlOrLink: ['url'],
  link: ['link', 'location_link', 'google maps url', 'maps url', 'searchPageUrl'],
  cid: ['cid'],
  googleId: ['google_id', 'data_id', 'fid'],
  completeAddress: ['complete_address'],
  state: ['state', 'us_state', 'region', 'province'],
  businessStatus: ['business_status', 'status'],
  permanentlyClosed: ['permanentlyClosed', 'closed permanently'],
  temporarilyClosed: ['temporarilyClosed', 'closed temporarily'],
  timeZone: ['time_zone'],
  subtypes: ['subtypes', 'categories'],
  workingHoursOldFormat: ['working_hours_old_format'],
  // Our export's record-assigned fields: recognised so they are not reported as unknown, never imported.
  recordId: ['id'],
  slug: ['slug'],
  createdAt: ['created_at'],
  updatedAt: ['updated_at'],
} as const satisfies Record<string, readonly string[]>;

export type ColumnField = keyof typeof COLUMN_ALIASES;

/** The spec's 23 importable fields (the export's business fields, data/src/business-fields.ts), by their export names, for the column extraction report. */
export const SPEC_COLUMNS: readonly (readonly [string, ColumnField])[] = EXPORTED_FIELDS.flatMap((field) => (field.key === null ? [] : [[field.column, field.key] as const]));

/** A header folded for matching: no case, accents, spaces, underscores, hyphens, dots or slashes. */
export function foldHeader(header: string): string {
  return foldText(header.replace(/^\uFEFF/, '')).replace(/[\s_\-./\\]+/g, '');
}

const FIELD_BY_HEADER: ReadonlyMap<string, ColumnField> = new Map(
  (Object.entries(COLUMN_ALIASES) as [ColumnField, readonly string[]][]).flatMap(([field, aliases]) =>
    aliases.map((alias) => [foldHeader(alias), field] as [string, ColumnField]),
  ),
);

// Apify flattens arrays into numbered columns: openingHours/0/day, openingHours.0.hours, categories/2.
const OPENING_HOURS_PART = /^openinghours(\d+)(day|hours)$/;
const NUMBERED_CATEGORY = /^categories(\d+)$/;

export interface ColumnMap {
  /** Column index of each recognised field (the first column wins when two map to one field). */
  fields: Partial<Record<ColumnField, number>>;
  /** Apify's flattened opening hours: entry number → day and hours column indexes. */
  openingHours: { day?: number; hours?: number }[];
  /** Apify's flattened categories list. */
  categoryColumns: number[];
  /** Headers as written, for the report. */
  headers: string[];
  unrecognised: string[];
  /** Headers mapped to a field another column already provides. */
  ignoredDuplicates: string[];
}

/** Maps a header row to fields through the alias table. */
export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = { fields: {}, openingHours: [], categoryColumns: [], headers: [...headers], unrecognised: [], ignoredDuplicates: [] };
  headers.forEach((header, index) => {
    const folded = foldHeader(header);
    if (folded === '') return;
    const hoursPart = OPENING_HOURS_PART.exec(folded);
    if (hoursPart) {
      const entry = (map.openingHours[Number(hoursPart[1])] ??= {});
      entry[hoursPart[2] as 'day' | 'hours'] = index;
      return;
    }
    if (NUMBERED_CATEGORY.test(folded)) {
      map.categoryColumns.push(index);
      return;
    }
    const field = FIELD_BY_HEADER.get(folded);
    if (field === undefined) map.unrecognised.push(header);
    else if (map.fields[field] !== undefined) map.ignoredDuplicates.push(header);
    else map.fields[field] = index;
  });
  return map;
}

/** Each file's headers folded once, not once per data row. */
const foldedHeaders = new WeakMap<ColumnMap, string[]>();

/** Characters foldHeader removes from ASCII text: white space, `_ - . / \`, and the two ASCII diacritics `^` and `` ` ``. */
const isRemovedByFolding = (code: number) =>
  (code >= 0x09 && code <= 0x0d) || code === 0x20 || code === 0x5f || code === 0x2d || code === 0x2e || code === 0x2f || code === 0x5c || code === 0x5e || code === 0x60;

/**
 * The first character of `foldHeader(text)` when an ASCII character decides it (the first one
 * folding keeps, lower-cased; combining marks after it are removed, not merged), undefined when
 * a non-ASCII character comes first (folding decides) or nothing is kept.
 */
export function firstFoldedAsciiCharacter(text: string): string | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) return undefined;
    if (!isRemovedByFolding(code)) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : text.charAt(index);
  }
  return undefined;
}

/** True when a row repeats the header row (files concatenated with their headers). */
export function isHeaderRow(cells: readonly string[], map: ColumnMap): boolean {
  let folded = foldedHeaders.get(map);
  if (folded === undefined) foldedHeaders.set(map, (folded = map.headers.map(foldHeader)));
  let compared = 0;
  for (const [index, header] of map.headers.entries()) {
    if (header.trim() === '') continue;
    const cell = cells[index] ?? '';
    // Cheap tests first: a data row almost always differs from its header in the first column,
    // most often from its first character on (a name against "name"), which tells without folding.
    if (cell !== header) {
      const first = firstFoldedAsciiCharacter(cell);
      if (first !== undefined && first !== folded[index]!.charAt(0)) return false;
      if (foldHeader(cell) !== folded[index]) return false;
    }
    compared += 1;
  }
  return compared > 0;
}

export interface ColumnExtraction {
  extractedCount: number;
  totalColumns: number;
  extractionRate: number;
  successful: string[];
  missing: string[];
  unrecognised: string[];
}

/** Found, missing and unrecognised columns, out of the spec's 23. */
export function columnExtraction(map: ColumnMap): ColumnExtraction {
  const hasHours = map.openingHours.length > 0;
  const successful: string[] = [];
  const missing: string[] = [];
  for (const [name, field] of SPEC_COLUMNS) {
    const found = map.fields[field] !== undefined || (field === 'workingHours' && hasHours) || (field === 'fullAddress' && map.fields.completeAddress !== undefined) ||
      (field === 'url' && map.fields.urlOrLink !== undefined);
    (found ? successful : missing).push(name);
  }
  return {
    extractedCount: successful.length,
    totalColumns: SPEC_COLUMNS.length,
    extractionRate: Math.round((successful.length / SPEC_COLUMNS.length) * 1000) / 10,
    successful,
    missing,
    unrecognised: map.unrecognised,
  };
}
