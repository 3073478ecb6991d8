import type { AboutValue } from '@directory/data/business.ts';
import { CLOSURE_STATUS_COLUMN, cityOf, countryOf, parseAbout, type BusinessRow, type ClosureStatus } from '@directory/data/business-row.ts';
import { slugify } from '@directory/data/slug.ts';

/** What the search engines hold for one public business. */
export interface BusinessDocument {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  categorySlug: string | null;
  type: string | null;
  city: string | null;
  citySlug: string | null;
  countryCode: string | null;
  country: string | null;
  postalCode: string | null;
  address: string | null;
  phone: string | null;
  photo: string | null;
  rating: number | null;
  reviews: number;
  isApproved: boolean;
  verified: boolean;
  createdAt: string;
  /** When the record row last changed: the lastmod of its sitemap file. */
  updatedAt: string;
  placeId: string | null;
  url: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  /** JSON text of the Google hours object, kept as text: engines only store it. */
  workingHours: string | null;
  /** Marked temporarily closed (business_closures): shown on its card, and never "open now" whatever its hours say. */
  isTemporarilyClosed: boolean;
  /** Words from the about field (its text, or the names of the amenities that are true, one per line) for full-text search. */
  aboutText: string;
}

/** A document as engines return it in lists: everything but the full-text-only fields. */
export type BusinessSummary = Omit<BusinessDocument, 'aboutText' | 'updatedAt'>;

/** The record columns a search document is made of (a full rebuild reads a million rows: not one column more). */
export const DOCUMENT_COLUMNS = [
  'id', 'slug', 'name', 'category', 'type', 'city', 'full_address', 'country_code', 'country', 'postal_code', 'phone',
  'photo', 'rating', 'reviews', 'is_approved', 'verified', 'created_at', 'updated_at', 'place_id', 'url', 'latitude',
  'longitude', 'time_zone', 'working_hours', 'about',
] as const satisfies readonly (keyof BusinessRow)[];

/** What a read of documents selects from `businesses`: {@link DOCUMENT_COLUMNS}, then the closure mark. */
export const DOCUMENT_SELECT = [...DOCUMENT_COLUMNS, CLOSURE_STATUS_COLUMN].join(', ');

/** A record row as far as {@link DOCUMENT_SELECT} goes. */
export type DocumentRow = Pick<BusinessRow, (typeof DOCUMENT_COLUMNS)[number]> & { closure_status: ClosureStatus | null };

/**
 * A row read in raw mode (its values in {@link DOCUMENT_SELECT}'s order) as a {@link DocumentRow}.
 * A rebuild reads a million rows: better-sqlite3 builds an array of values much faster than an
 * object with named properties, and one object literal gives every row the same shape.
 */
export function documentRowOf(values: readonly unknown[]): DocumentRow {
  return {
    id: values[0], slug: values[1], name: values[2], category: values[3], type: values[4], city: values[5],
    full_address: values[6], country_code: values[7], country: values[8], postal_code: values[9], phone: values[10],
    photo: values[11], rating: values[12], reviews: values[13], is_approved: values[14], verified: values[15],
    created_at: values[16], updated_at: values[17], place_id: values[18], url: values[19], latitude: values[20],
    longitude: values[21], time_zone: values[22], working_hours: values[23], about: values[24], closure_status: values[25],
  } as DocumentRow;
}

/** Maps a record row to its search document. */
export function toBusinessDocument(row: DocumentRow): BusinessDocument {
  const category = (row.category ?? row.type)?.trim() || null;
  const city = cityOf(row);
  const countryCode = row.country_code?.toUpperCase() ?? null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category,
    categorySlug: category ? slugify(category) || null : null,
    type: row.type,
    city,
    citySlug: city ? slugify(city) || null : null,
    countryCode,
    country: countryOf(row),
    postalCode: row.postal_code,
    address: row.full_address,
    phone: row.phone,
    photo: row.photo,
    rating: row.rating,
    reviews: row.reviews,
    isApproved: row.is_approved === 1,
    verified: row.verified === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    placeId: row.place_id,
    url: row.url,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    workingHours: row.working_hours,
    isTemporarilyClosed: row.closure_status === 'temporarily_closed',
    aboutText: aboutWords(parseAbout(row.about)),
  };
}

/** The amenities a business offers, one per line (the full-text index shapes each line once for all documents: search-text.ts ftsTexts). */
function aboutWords(about: AboutValue | null): string {
  if (about === null) return '';
  if (typeof about === 'string') return about;
  const words: string[] = [];
  for (const options of Object.values(about)) {
    if (options === null || typeof options !== 'object') continue;
    for (const [option, isOffered] of Object.entries(options)) {
      if (isOffered === true) words.push(option);
    }
  }
  return words.join('\n');
}
