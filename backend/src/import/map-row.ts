/**
 * One spreadsheet row → one business for the record, a skip with its reason (permanently
 * closed, repeated header), or an error naming the row, the column and the reason. Pure.
 */
import type { BusinessInput } from '@directory/data/business.ts';
import {
  cleanName, cleanPostalCode, cleanText, isInvalid, parseCoordinate, parseCount, parseFlag, parseJsonCell, parseRating,
  type Invalid,
} from './clean.ts';
import type { ColumnField, ColumnMap } from './columns.ts';
import { parseHoursCell, parseHoursList, type HoursResult } from './hours.ts';
import { identify, type Identity } from './identity.ts';
import { countryCodeFromName, countryNameOf, joinAddress, normalizeCountryCode, parseAboutCell, parseCompleteAddress } from './place-parts.ts';

export interface RowIssue {
  /** Row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  column: string;
  reason: string;
}

export type MappedRow =
  | { kind: 'business'; business: BusinessInput; identity: Identity; isTemporarilyClosed: boolean; hasUnreadableHours: boolean }
  | { kind: 'skipped'; name: string | null; reason: string }
  | { kind: 'error'; issues: RowIssue[] };

const MAPS_LINK = /^https?:\/\/(www\.)?(google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|maps\.app\.goo\.gl|goo\.gl\/maps)/i;

// A file holds a handful of time zones; checking one builds a formatter (~100 µs), so once each.
const timeZoneValidity = new Map<string, boolean>();

function isValidTimeZone(zone: string): boolean {
  let isValid = timeZoneValidity.get(zone);
  if (isValid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      isValid = true;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      isValid = false;
    }
    if (timeZoneValidity.size < 10_000) timeZoneValidity.set(zone, isValid);
  }
  return isValid;
}

type Status = 'open' | 'temporarilyClosed' | 'permanentlyClosed';

function statusOf(businessStatus: string | null, permanentlyClosed: boolean, temporarilyClosed: boolean): Status {
  const folded = (businessStatus ?? '').toLowerCase().replace(/[\s_-]+/g, ' ');
  if (permanentlyClosed || folded.includes('closed permanently') || folded.includes('permanently closed')) return 'permanentlyClosed';
  if (temporarilyClosed || folded.includes('closed temporarily') || folded.includes('temporarily closed')) return 'temporarilyClosed';
  return 'open';
}

/** Maps one data row with the file's column map. */
export function mapRow(cells: readonly string[], map: ColumnMap, rowNumber: number): MappedRow {
  const cell = (field: ColumnField): string | null => {
    const index = map.fields[field];
    return index === undefined ? null : (cells[index] ?? null);
  };
  const text = (field: ColumnField) => cleanText(cell(field));
  const header = (field: ColumnField) => {
    const index = map.fields[field];
    return index === undefined ? field : (map.headers[index] ?? field);
  };
  const issues: RowIssue[] = [];
  const check = <T>(field: ColumnField, value: T | Invalid): T | null => {
    if (isInvalid(value)) {
      issues.push({ row: rowNumber, column: header(field), reason: value.invalid });
      return null;
    }
    return value;
  };

  const name = cleanName(cell('name'));
  const status = statusOf(text('businessStatus'), parseFlag(cell('permanentlyClosed')), parseFlag(cell('temporarilyClosed')));
  if (status === 'permanentlyClosed') return { kind: 'skipped', name, reason: 'permanently closed' };
  if (name === null) issues.push({ row: rowNumber, column: header('name'), reason: 'the name is missing' });

  const latitude = check('latitude', parseCoordinate(cell('latitude'), 'latitude'));
  const longitude = check('longitude', parseCoordinate(cell('longitude'), 'longitude'));
  if ((latitude === null) !== (longitude === null) && issues.length === 0) {
    const missing = latitude === null ? 'latitude' : 'longitude';
    issues.push({ row: rowNumber, column: header(missing), reason: `${missing} is missing while the other coordinate is given` });
  }
  const rating = check('rating', parseRating(cell('rating')));
  const reviews = check('reviews', parseCount(cell('reviews')));

  const complete = parseCompleteAddress(cell('completeAddress'));
  const street = text('street') ?? complete?.street ?? null;
  const city = text('city') ?? complete?.city ?? null;
  const postalCode = cleanPostalCode(cell('postalCode')) ?? complete?.postalCode ?? null;
  let country = text('country') ?? complete?.country ?? null;
  const countryCodeText = text('countryCode');
  let countryCode = normalizeCountryCode(countryCodeText);
  if (countryCodeText !== null && countryCode === null) {
    issues.push({ row: rowNumber, column: header('countryCode'), reason: `"${countryCodeText}" is not an ISO 3166 country code` });
  }
  countryCode ??= countryCodeFromName(country);
  // gosom writes the country as a code inside complete_address ("CY"): show the country's name.
  if (country !== null && /^[A-Za-z]{2}$/.test(country) && countryCode !== null) country = countryNameOf(countryCode);
  country ??= countryCode === null ? null : countryNameOf(countryCode);
  const fullAddress = text('fullAddress') ?? joinAddress([street, city, postalCode, country]);

  if (issues.length > 0 || name === null) return { kind: 'error', issues };

  const urlOrLink = text('urlOrLink');
  const link = text('link') ?? (urlOrLink !== null && MAPS_LINK.test(urlOrLink) ? urlOrLink : null);
  const website = text('url') ?? (urlOrLink !== null && !MAPS_LINK.test(urlOrLink) ? urlOrLink : null);
  const identity = identify({
    placeId: cell('placeId'),
    links: [link, text('reviewsLink')],
    cid: cell('cid'),
    googleIds: [cell('googleId')],
    name,
    address: fullAddress,
    latitude,
    longitude,
  });

  const hours = readHours(cells, map, cell('workingHours') ?? cell('workingHoursOldFormat'));
  const subtypes = readSubtypes(cells, map, cell('subtypes'));
  const category = text('category') ?? text('type') ?? subtypes[0] ?? null;
  const timeZone = text('timeZone');

  const business: BusinessInput = {
    placeId: identity.key,
    name,
    category,
    type: text('type') ?? category,
    fullAddress,
    street,
    city,
    postalCode,
    country,
    countryCode,
    phone: text('phone'),
    latitude,
    longitude,
    rating,
    reviews: reviews ?? 0,
    reviewsLink: text('reviewsLink'),
    photo: text('photo'),
    logo: text('logo'),
    locatedIn: text('locatedIn'),
    workingHours: hours.hours,
    verified: parseFlag(cell('verified')),
    about: parseAboutCell(cell('about')),
    url: website,
    timeZone: timeZone !== null && isValidTimeZone(timeZone) ? timeZone : null,
    isApproved: false,
  };
  return { kind: 'business', business, identity, isTemporarilyClosed: status === 'temporarilyClosed', hasUnreadableHours: !hours.isReadable };
}

function readHours(cells: readonly string[], map: ColumnMap, hoursCell: string | null): HoursResult {
  if (cleanText(hoursCell) !== null || map.openingHours.length === 0) return parseHoursCell(hoursCell);
  const list = map.openingHours
    .map((entry) => ({
      day: entry.day === undefined ? null : cleanText(cells[entry.day]),
      hours: entry.hours === undefined ? null : cleanText(cells[entry.hours]),
    }))
    .filter((entry) => entry.day !== null);
  return list.length === 0 ? { hours: null, isReadable: true } : parseHoursList(list);
}

/** Outscraper's "a, b, c" subtypes, a JSON list, or Apify's flattened categories/0, categories/1. */
function readSubtypes(cells: readonly string[], map: ColumnMap, subtypesCell: string | null): string[] {
  const flattened = map.categoryColumns.map((index) => cleanText(cells[index])).filter((value): value is string => value !== null);
  if (flattened.length > 0) return flattened;
  const text = cleanText(subtypesCell);
  if (text === null) return [];
  const json = parseJsonCell(text);
  if (Array.isArray(json)) return json.filter((item): item is string => typeof item === 'string');
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}
