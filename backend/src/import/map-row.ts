/**
 * One spreadsheet row → one business for the record, a skip with its reason (permanently
 * closed, repeated header), or an error naming the row, the column and the reason. Pure.
 */
import type { AboutValue, BusinessInput } from '@directory/data/business.ts';
import {
  cleanLink, cleanName, cleanPostalCode, cleanText, isInvalid, parseCoordinate, parseCount, parseFlag, parseJsonCell, parseRating,
  type Invalid,
} from './clean.ts';
import type { ColumnField, ColumnMap } from './columns.ts';
import { parseHoursCell, parseHoursList, type HoursResult } from './hours.ts';
import { identify, type Identity } from './identity.ts';
import { countryCodeFromName, countryNameOf, joinAddress, normalizeCountryCode, parseAboutCell, parseCompleteAddress } from './place-parts.ts';
import { rememberedByText } from '@directory/indexer/text/remembered.ts';
import type { ImportReason } from '../shared/import-reasons.ts';

export interface RowIssue {
  /** Row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column as the file names it. */
  column: string;
  reason: ImportReason;
}

export type MappedRow =
  | { kind: 'business'; business: BusinessInput; identity: Identity; isTemporarilyClosed: boolean; hasUnreadableHours: boolean }
  | { kind: 'skipped'; name: string | null; reason: ImportReason }
  /** `name`: the row's business name when it had a usable one (another value was bad), for the report. */
  | { kind: 'error'; name: string | null; issues: RowIssue[] };

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

/** `value` and every object inside it made read-only, so that rows can share it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * A file repeats a few hundred hours and amenities texts over and over (chains, the usual
 * 9AM–5PM week): each text is parsed once, and its answer, frozen, is shared by the rows that
 * hold it (toBusinessColumns then writes its JSON once too). At most 10,000 hours texts and
 * 10,000 about texts of at most 2,000 characters are kept (~80 MB at worst); a longer text is
 * parsed for its row alone.
 */
const REMEMBERED_TEXTS = 10_000;
const REMEMBERED_TEXT_LENGTH = 2_000;
const rememberedHours = rememberedByText((cell: string) => deepFreeze(parseHoursCell(cell)), REMEMBERED_TEXTS);
const rememberedAbout = rememberedByText((cell: string) => deepFreeze(parseAboutCell(cell)), REMEMBERED_TEXTS);
const hoursOfCell = (cell: string) => (cell.length <= REMEMBERED_TEXT_LENGTH ? rememberedHours(cell) : parseHoursCell(cell));
const aboutOfCell = (cell: string) => (cell.length <= REMEMBERED_TEXT_LENGTH ? rememberedAbout(cell) : parseAboutCell(cell));

type Status = 'open' | 'temporarilyClosed' | 'permanentlyClosed';

function statusOf(businessStatus: string | null, permanentlyClosed: boolean, temporarilyClosed: boolean): Status {
  const folded = (businessStatus ?? '').toLowerCase().replace(/[\s_-]+/g, ' ');
  if (permanentlyClosed || folded.includes('closed permanently') || folded.includes('permanently closed')) return 'permanentlyClosed';
  if (temporarilyClosed || folded.includes('closed temporarily') || folded.includes('temporarily closed')) return 'temporarilyClosed';
  return 'open';
}

/**
 * One row's cells read through the file's column map, and the issues found so far. A class, not
 * closures made inside mapRow: the runtime names each closure it makes (tsx keeps function
 * names), which cost a few percent of reading a file when four were made for every row.
 */
class RowCells {
  readonly issues: RowIssue[] = [];

  constructor(
    private readonly cells: readonly string[],
    private readonly map: ColumnMap,
    private readonly rowNumber: number,
  ) {}

  cell(field: ColumnField): string | null {
    const index = this.map.fields[field];
    return index === undefined ? null : (this.cells[index] ?? null);
  }

  text(field: ColumnField): string | null {
    return cleanText(this.cell(field));
  }

  /** The column's name as the file writes it, for the report. */
  header(field: ColumnField): string {
    const index = this.map.fields[field];
    return index === undefined ? field : (this.map.headers[index] ?? field);
  }

  addIssue(field: ColumnField, reason: ImportReason): void {
    this.issues.push({ row: this.rowNumber, column: this.header(field), reason });
  }

  /** The value, or null with an issue for the field when it is invalid. */
  check<T>(field: ColumnField, value: T | Invalid): T | null {
    if (isInvalid(value)) {
      this.addIssue(field, value.invalid);
      return null;
    }
    return value;
  }
}

/** Maps one data row with the file's column map. */
export function mapRow(cells: readonly string[], map: ColumnMap, rowNumber: number): MappedRow {
  const row = new RowCells(cells, map, rowNumber);
  const { issues } = row;

  const name = cleanName(row.cell('name'));
  const status = statusOf(row.text('businessStatus'), parseFlag(row.cell('permanentlyClosed')), parseFlag(row.cell('temporarilyClosed')));
  if (status === 'permanentlyClosed') return { kind: 'skipped', name, reason: { code: 'permanently_closed', params: {} } };
  if (name === null) row.addIssue('name', { code: 'name_missing', params: {} });

  const latitude = row.check('latitude', parseCoordinate(row.cell('latitude'), 'latitude'));
  const longitude = row.check('longitude', parseCoordinate(row.cell('longitude'), 'longitude'));
  if ((latitude === null) !== (longitude === null) && issues.length === 0) {
    const missing = latitude === null ? 'latitude' : 'longitude';
    row.addIssue(missing, { code: 'coordinate_half_missing', params: { missing } });
  }
  const rating = row.check('rating', parseRating(row.cell('rating')));
  const reviews = row.check('reviews', parseCount(row.cell('reviews')));

  const complete = parseCompleteAddress(row.cell('completeAddress'));
  const street = row.text('street') ?? complete?.street ?? null;
  const city = row.text('city') ?? complete?.city ?? null;
  const postalCode = cleanPostalCode(row.cell('postalCode')) ?? complete?.postalCode ?? null;
  let country = row.text('country') ?? complete?.country ?? null;
  const countryCodeText = row.text('countryCode');
  let countryCode = normalizeCountryCode(countryCodeText);
  if (countryCodeText !== null && countryCode === null) {
    row.addIssue('countryCode', { code: 'country_code_unknown', params: { value: countryCodeText } });
  }
  countryCode ??= countryCodeFromName(country);
  // gosom writes the country as a code inside complete_address ("CY"): show the country's name.
  if (country !== null && /^[A-Za-z]{2}$/.test(country) && countryCode !== null) country = countryNameOf(countryCode);
  country ??= countryCode === null ? null : countryNameOf(countryCode);
  const fullAddress = row.text('fullAddress') ?? joinAddress([street, city, postalCode, country]);

  if (issues.length > 0 || name === null) return { kind: 'error', name, issues };

  const urlOrLink = row.text('urlOrLink');
  const link = row.text('link') ?? (urlOrLink !== null && MAPS_LINK.test(urlOrLink) ? urlOrLink : null);
  const website = cleanLink(row.text('url') ?? (urlOrLink !== null && !MAPS_LINK.test(urlOrLink) ? urlOrLink : null));
  const identity = identify({
    placeId: row.cell('placeId'),
    links: [link, row.text('reviewsLink')],
    cid: row.cell('cid'),
    googleIds: [row.cell('googleId')],
    name,
    address: fullAddress,
    latitude,
    longitude,
  });

  const hours = readHours(cells, map, row.cell('workingHours') ?? row.cell('workingHoursOldFormat'));
  const subtypes = readSubtypes(cells, map, row.cell('subtypes'));
  const category = row.text('category') ?? row.text('type') ?? subtypes[0] ?? null;
  const timeZone = row.text('timeZone');

  const business: BusinessInput = {
    placeId: identity.key,
    name,
    category,
    type: row.text('type') ?? category,
    fullAddress,
    street,
    city,
    postalCode,
    country,
    countryCode,
    phone: row.text('phone'),
    latitude,
    longitude,
    rating,
    reviews: reviews ?? 0,
    reviewsLink: cleanLink(row.text('reviewsLink')),
    photo: cleanLink(row.text('photo')),
    logo: cleanLink(row.text('logo')),
    locatedIn: row.text('locatedIn'),
    workingHours: hours.hours,
    verified: parseFlag(row.cell('verified')),
    about: aboutOf(row.cell('about')),
    url: website,
    timeZone: timeZone !== null && isValidTimeZone(timeZone) ? timeZone : null,
    isApproved: false,
  };
  return { kind: 'business', business, identity, isTemporarilyClosed: status === 'temporarilyClosed', hasUnreadableHours: !hours.isReadable };
}

const aboutOf = (aboutCell: string | null): AboutValue | null => (aboutCell === null ? null : aboutOfCell(aboutCell));

function readHours(cells: readonly string[], map: ColumnMap, hoursCell: string | null): HoursResult {
  if (hoursCell !== null && (cleanText(hoursCell) !== null || map.openingHours.length === 0)) return hoursOfCell(hoursCell);
  if (map.openingHours.length === 0) return parseHoursCell(null);
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
