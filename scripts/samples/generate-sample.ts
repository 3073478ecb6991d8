/**
 * Writes Google Maps place exports the way the scraping tools do (the spec's template,
 * Outscraper, Apify, gosom), as .xlsx (exceljs streaming writer) or .csv (csv-stringify), of
 * any size, with the messy cases real files hold: None/N/A literals, floats for counts,
 * narrow no-break spaces and en dashes in hours, JSON hours and about, duplicate places,
 * rows without coordinates, permanently and temporarily closed places, a bad latitude, and
 * names in Greek, Arabic (with U+200E), Vietnamese and CJK. Deterministic: row i is always
 * the same. The returned summary says what an importer should find.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

export const SAMPLE_TOOLS = ['template', 'outscraper', 'apify', 'gosom'] as const;
export type SampleTool = (typeof SAMPLE_TOOLS)[number];
export type SampleFormat = 'xlsx' | 'csv';

export interface SampleSummary {
  rows: number;
  /** Rows with a latitude out of range. */
  errorRows: number;
  /** Permanently closed rows (the template has no status column: 0). */
  skippedRows: number;
  temporarilyClosedRows: number;
  /** Rows repeating an earlier row's place. */
  duplicateRows: number;
  /** Distinct places among the rows that should be written. */
  distinctPlaces: number;
}

const CITIES = [
  { city: 'Lyon', country: 'France', code: 'FR', lat: 45.764, lng: 4.8357, zone: 'Europe/Paris', postal: '69002', state: 'Auvergne-Rhône-Alpes' },
  { city: 'Wilmington', country: 'United States of America', code: 'US', lat: 33.7803, lng: -118.2623, zone: 'America/Los_Angeles', postal: '90744', state: 'California' },
  { city: 'Λευκωσία', country: 'Cyprus', code: 'CY', lat: 35.1856, lng: 33.3823, zone: 'Asia/Nicosia', postal: '1010', state: '' },
  { city: 'Hà Nội', country: 'Vietnam', code: 'VN', lat: 21.0278, lng: 105.8342, zone: 'Asia/Ho_Chi_Minh', postal: '100000', state: '' },
  { city: 'دبي', country: 'United Arab Emirates', code: 'AE', lat: 25.2048, lng: 55.2708, zone: 'Asia/Dubai', postal: '', state: 'Dubai' },
  { city: '東京', country: 'Japan', code: 'JP', lat: 35.6762, lng: 139.6503, zone: 'Asia/Tokyo', postal: '100-0001', state: 'Tokyo' },
] as const;
const NAMES = ['Chez Ginette', 'Ταβέρνα Ο Στάθης', '\u200Eمطعم الشرق\u200E', 'Phở Hà Nội', '東京ラーメン', "Joe's Plumbing & Sons", '=SUM(A1:A2) Café', '+1 Deli'];
const CATEGORIES = ['Restaurant', 'Plumber', 'Lawyer', 'Bakery', 'Dentist', 'Hair salon'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NNBSP = '\u202F';

const DUPLICATE_EVERY = 50;
const NO_COORDINATES_EVERY = 61;
const NA_PHONE_EVERY = 113;
const PERMANENTLY_CLOSED_EVERY = 211;
const TEMPORARILY_CLOSED_EVERY = 307;
const BAD_LATITUDE_EVERY = 401;

interface Place {
  index: number;
  placeKey: number;
  name: string;
  category: string;
  city: (typeof CITIES)[number];
  lat: number | null;
  lng: number | null;
  rating: number;
  reviews: number;
  phone: string;
  status: 'open' | 'temporarilyClosed' | 'permanentlyClosed';
  street: string;
}

/** The place id of place `key` ("ChIJ" + 23 characters, like Google's). */
export const samplePlaceId = (key: number) => `ChIJsample${String(key).padStart(12, '0')}xyzQ`;
const sampleCid = (key: number) => String(1_000_000_000_000n + BigInt(key) * 7919n);

function placeAt(index: number): Place {
  // Every DUPLICATE_EVERY-th row repeats the place of the row 7 before it (new rating: last wins).
  const isDuplicate = index % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && index >= 7;
  const placeKey = isDuplicate ? index - 7 : index;
  const city = CITIES[placeKey % CITIES.length]!;
  const offset = ((placeKey * 37) % 1000) / 10_000;
  const hasCoordinates = index % NO_COORDINATES_EVERY !== NO_COORDINATES_EVERY - 1;
  return {
    index,
    placeKey,
    name: `${NAMES[placeKey % NAMES.length]} ${placeKey}`,
    category: CATEGORIES[placeKey % CATEGORIES.length]!,
    city,
    lat: index % BAD_LATITUDE_EVERY === BAD_LATITUDE_EVERY - 1 ? 123.4 : hasCoordinates ? Number((city.lat + offset).toFixed(6)) : null,
    lng: hasCoordinates ? Number((city.lng - offset).toFixed(6)) : null,
    rating: Math.round((3 + ((index * 13) % 21) / 10) * 10) / 10,
    reviews: (index * 17) % 2500,
    phone: index % NA_PHONE_EVERY === NA_PHONE_EVERY - 1 ? 'N/A' : `+1 555-${String(index % 10_000).padStart(4, '0')}`,
    status:
      index % PERMANENTLY_CLOSED_EVERY === PERMANENTLY_CLOSED_EVERY - 1 ? 'permanentlyClosed'
        : index % TEMPORARILY_CLOSED_EVERY === TEMPORARILY_CLOSED_EVERY - 1 ? 'temporarilyClosed' : 'open',
    street: `${(placeKey % 300) + 1} Market Street`,
  };
}

/** Hours in Google's text, with the narrow no-break space the newer exports use on some rows. */
function dayHours(place: Place, day: number): string {
  if (day === 6 && place.placeKey % 3 === 0) return 'Closed';
  if (place.placeKey % 11 === 0) return 'Open 24 hours';
  return place.placeKey % 2 === 0 ? `9${NNBSP}AM–5${NNBSP}PM` : '11AM–3PM,5–9:30PM';
}

const fullAddress = (place: Place) => [place.street, place.city.city, place.city.postal, place.city.country].filter(Boolean).join(', ');
const coordinate = (value: number | null, format: SampleFormat) => (value === null ? (format === 'csv' ? 'None' : null) : value);

function columnsOf(tool: SampleTool): string[] {
  switch (tool) {
    case 'template':
      return ['name', 'address', 'phone', 'category', 'latitude', 'longitude', 'rating', 'reviewCount', 'place_id', 'country_code'];
    case 'outscraper':
      return ['name', 'site', 'type', 'subtypes', 'category', 'phone', 'full_address', 'street', 'city', 'postal_code', 'state', 'country', 'country_code',
        'latitude', 'longitude', 'time_zone', 'rating', 'reviews', 'reviews_link', 'photo', 'logo', 'located_in', 'working_hours', 'business_status',
        'about', 'verified', 'place_id', 'google_id', 'cid'];
    case 'apify':
      return ['title', 'totalScore', 'reviewsCount', 'street', 'city', 'state', 'postalCode', 'countryCode', 'website', 'phone', 'categoryName',
        'categories/0', 'categories/1', 'url', 'location/lat', 'location/lng',
        ...DAYS.flatMap((_day, index) => [`openingHours/${index}/day`, `openingHours/${index}/hours`]), 'permanentlyClosed', 'temporarilyClosed'];
    case 'gosom':
      return ['input_id', 'link', 'title', 'category', 'address', 'open_hours', 'website', 'phone', 'plus_code', 'review_count', 'review_rating',
        'latitude', 'longitude', 'cid', 'status', 'reviews_link', 'thumbnail', 'timezone', 'data_id', 'complete_address', 'about'];
  }
}

function rowOf(tool: SampleTool, place: Place, format: SampleFormat): (string | number | boolean | null)[] {
  const placeId = samplePlaceId(place.placeKey);
  const cid = sampleCid(place.placeKey);
  const lat = coordinate(place.lat, format);
  const lng = coordinate(place.lng, format);
  switch (tool) {
    case 'template':
      return [place.name, fullAddress(place), place.phone, place.category, lat, lng, place.rating, place.reviews, placeId, place.city.code];
    case 'outscraper': {
      const hours = Object.fromEntries(DAYS.map((day, index) => [day, dayHours(place, index)]));
      const status = { open: 'OPERATIONAL', temporarilyClosed: 'CLOSED_TEMPORARILY', permanentlyClosed: 'CLOSED_PERMANENTLY' }[place.status];
      // pandas-saved Outscraper files carry counts and postal codes as floats.
      const asFloat = (value: number | string) => (format === 'csv' && value !== '' ? `${value}.0` : value);
      return [place.name, `https://example.com/${place.placeKey}`, place.category, `${place.category}, Shop`, place.category, place.phone,
        fullAddress(place), place.street, place.city.city, /^\d+$/.test(place.city.postal) ? asFloat(place.city.postal) : place.city.postal,
        place.city.state || 'None', place.city.country, place.city.code, lat, lng, place.city.zone, place.rating, asFloat(place.reviews),
        `https://search.google.com/local/reviews?placeid=${placeId}&hl=en`, 'None', null, null, JSON.stringify(hours), status,
        JSON.stringify({ Accessibility: { 'Wheelchair accessible entrance': place.placeKey % 2 === 0 } }), place.index % 2 === 0 ? 'True' : 'False',
        placeId, `0x0:0x${BigInt(cid).toString(16)}`, cid];
    }
    case 'apify':
      return [place.name, place.rating, place.reviews, place.street, place.city.city, place.city.state, place.city.postal, place.city.code,
        `https://example.com/${place.placeKey}`, place.phone, place.category, place.category, 'Shop',
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.name)}&query_place_id=${placeId}`, lat, lng,
        ...DAYS.flatMap((day, index) => [day, dayHours(place, index).replace(/–/g, ' to ')]),
        place.status === 'permanentlyClosed', place.status === 'temporarilyClosed'];
    case 'gosom': {
      const hours = Object.fromEntries(DAYS.map((day, index) => [day, [dayHours(place, index).toLowerCase().replace(/(\d)(am|pm)/g, `$1${NNBSP}$2`)]]));
      const status = { open: `Open ⋅ Closes 11${NNBSP}pm`, temporarilyClosed: 'Temporarily closed', permanentlyClosed: 'Permanently closed' }[place.status];
      return ['3f1c', `https://www.google.com/maps/place/x/data=!4m7!3m6!1s0x0:0x${BigInt(cid).toString(16)}!19s${placeId}?authuser=0`, place.name,
        place.category, `${place.street}, ${place.city.city}`, JSON.stringify(hours), 'null', place.phone, '', place.reviews,
        place.rating.toFixed(6), lat, lng, cid, status, `https://search.google.com/local/reviews?placeid=${placeId}`, '', place.city.zone,
        `0x0:0x${BigInt(cid).toString(16)}`,
        JSON.stringify({ borough: '', street: place.street, city: place.city.city, postal_code: place.city.postal, state: place.city.state, country: place.city.code }),
        JSON.stringify([{ id: 'service_options', name: 'Service options', options: [{ name: 'Takeaway', enabled: true }] }])];
    }
  }
}

/** Writes `rows` data rows in `tool`'s columns to `out`; returns what an importer should find. */
export async function writeSample(options: { rows: number; tool: SampleTool; format: SampleFormat; out: string }): Promise<SampleSummary> {
  const { rows, tool, format, out } = options;
  const summary: SampleSummary = { rows, errorRows: 0, skippedRows: 0, temporarilyClosedRows: 0, duplicateRows: 0, distinctPlaces: 0 };
  const written = new Set<number>();
  const header = columnsOf(tool);
  const hasStatus = tool !== 'template';
  const account = (place: Place) => {
    if (hasStatus && place.status === 'permanentlyClosed') summary.skippedRows += 1;
    else if (place.lat !== null && place.lat > 90) summary.errorRows += 1;
    else {
      if (written.has(place.placeKey)) summary.duplicateRows += 1;
      written.add(place.placeKey);
      if (hasStatus && place.status === 'temporarilyClosed') summary.temporarilyClosedRows += 1;
    }
  };
  if (format === 'csv') {
    const csv = stringify({ quoted_match: /[",\n\r;]/ });
    const file = createWriteStream(out);
    csv.pipe(file);
    const put = async (row: unknown[]) => {
      if (!csv.write(row.map((value) => (value === null ? '' : value)))) await once(csv, 'drain');
    };
    await put(header);
    for (let index = 0; index < rows; index += 1) {
      const place = placeAt(index);
      account(place);
      await put(rowOf(tool, place, format));
    }
    csv.end();
    await once(file, 'finish');
  } else {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Places');
    sheet.addRow(header).commit();
    for (let index = 0; index < rows; index += 1) {
      const place = placeAt(index);
      account(place);
      sheet.addRow(rowOf(tool, place, format)).commit();
    }
    sheet.commit();
    await workbook.commit();
  }
  summary.distinctPlaces = written.size;
  return summary;
}
