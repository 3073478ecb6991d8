import type { AboutValue, BusinessInput } from './business.ts';
import { countryName } from './countries.ts';
import type { SnakeCase } from './exhaustive.ts';

/** One row of the `businesses` table, as better-sqlite3 returns it. */
export interface BusinessRow {
  id: number;
  place_id: string | null;
  slug: string;
  name: string;
  category: string | null;
  type: string | null;
  full_address: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviews_link: string | null;
  photo: string | null;
  logo: string | null;
  located_in: string | null;
  working_hours: string | null;
  verified: 0 | 1;
  about: string | null;
  url: string | null;
  time_zone: string | null;
  is_approved: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** A business's mark in `business_closures`: Google's CLOSED_TEMPORARILY, set by an import or an operator. */
export type ClosureStatus = 'temporarily_closed';

/**
 * The closure mark as a column of a read of `businesses` (the table unaliased): `closure_status`,
 * null when the business is not marked. One primary-key look-up per row.
 */
export const CLOSURE_STATUS_COLUMN = '(SELECT status FROM business_closures WHERE business_id = businesses.id) AS closure_status';

/** A row read with {@link CLOSURE_STATUS_COLUMN}: what a business's page, and the admin's read of it, show. */
export interface BusinessRowWithClosure extends BusinessRow {
  closure_status: ClosureStatus | null;
}

/** The writable columns of a row, in the order the insert statements use. */
export type BusinessColumns = Omit<BusinessRow, 'id' | 'slug' | 'created_at' | 'updated_at'>;

/** The column each field of a business input is stored in (`placeId` → `place_id`), whether or not the record has it yet. */
export type InputColumn = SnakeCase<keyof BusinessInput>;

/** Maps a business to the record's columns (JSON fields serialised, booleans as 0/1). */
export function toBusinessColumns(input: BusinessInput): BusinessColumns {
  return {
    place_id: input.placeId,
    name: input.name,
    category: input.category,
    type: input.type,
    full_address: input.fullAddress,
    street: input.street,
    city: input.city,
    postal_code: input.postalCode,
    country: input.country,
    country_code: input.countryCode,
    phone: input.phone,
    latitude: input.latitude,
    longitude: input.longitude,
    rating: input.rating,
    reviews: input.reviews,
    reviews_link: input.reviewsLink,
    photo: input.photo,
    logo: input.logo,
    located_in: input.locatedIn,
    working_hours: input.workingHours === null ? null : jsonOf(input.workingHours),
    verified: input.verified ? 1 : 0,
    about: serializeAbout(input.about),
    url: input.url,
    time_zone: input.timeZone,
    is_approved: input.isApproved ? 1 : 0,
  };
}

function serializeAbout(about: AboutValue | null): string | null {
  if (about === null) return null;
  return typeof about === 'string' ? about : jsonOf(about);
}

/** JSON texts of frozen values, by value: the importer hands the same frozen hours and amenities to many rows. */
const jsonOfFrozen = new WeakMap<object, string>();

/** `JSON.stringify(value)`, made once per frozen object (a frozen object cannot change after its text is kept). */
function jsonOf(value: object): string {
  if (!Object.isFrozen(value)) return JSON.stringify(value);
  let text = jsonOfFrozen.get(value);
  if (text === undefined) jsonOfFrozen.set(value, (text = JSON.stringify(value)));
  return text;
}

/** Reads the `about` column: amenity groups when it holds a JSON object, plain text otherwise. */
export function parseAbout(about: string | null): AboutValue | null {
  if (about === null || about.trim() === '') return null;
  if (about.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(about);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as AboutValue;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return about;
}

/** Reads the `working_hours` column (a JSON object of day name to hours text). */
export function parseWorkingHours(hours: string | null): Record<string, string> | null {
  if (hours === null) return null;
  const parsed: unknown = JSON.parse(hours);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const result: Record<string, string> = {};
  for (const [day, value] of Object.entries(parsed)) {
    if (typeof value === 'string') result[day] = value;
  }
  return result;
}

/** The city of a business: its city column, or the second-to-last part of its full address. */
export function cityOf(row: Pick<BusinessRow, 'city' | 'full_address'>): string | null {
  if (row.city && row.city.trim()) return row.city.trim();
  const parts = (row.full_address ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return parts.length >= 2 ? (parts[parts.length - 2] ?? null) : null;
}

/**
 * The country name visitors read for a business: the directory's name for its code ("US" →
 * "United States", whatever the imported file wrote), so a business page, a card and /countries
 * name a country alike; the record's own text only when the row has no code.
 */
export function countryOf(row: Pick<BusinessRow, 'country' | 'country_code'>): string | null {
  return row.country_code ? countryName(row.country_code) : row.country;
}
