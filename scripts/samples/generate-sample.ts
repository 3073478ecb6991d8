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

type Cell = string | number | boolean | null;

/** What one row's cells are drawn from: its place, and the values several cells share. */
interface RowSource {
  place: Place;
  format: SampleFormat;
  placeId: string;
  cid: string;
  lat: number | string | null;
  lng: number | string | null;
}

/** A tool's column: its header, and its cell in a row. */
type SampleColumn = readonly [header: string, cell: (row: RowSource) => Cell];

const googleIdOf = (cid: string) => `0x0:0x${BigInt(cid).toString(16)}`;
// pandas-saved Outscraper files carry counts and postal codes as floats.
const asFloat = (value: number | string, format: SampleFormat) => (format === 'csv' && value !== '' ? `${value}.0` : value);
const outscraperStatus = { open: 'OPERATIONAL', temporarilyClosed: 'CLOSED_TEMPORARILY', permanentlyClosed: 'CLOSED_PERMANENTLY' } as const;
const gosomStatus = { open: `Open ⋅ Closes 11${NNBSP}pm`, temporarilyClosed: 'Temporarily closed', permanentlyClosed: 'Permanently closed' } as const;

/** Each tool's columns in its files' order, each header beside its cell. */
const TOOL_COLUMNS: Record<SampleTool, readonly SampleColumn[]> = {
  template: [
    ['name', ({ place }) => place.name],
    ['address', ({ place }) => fullAddress(place)],
    ['phone', ({ place }) => place.phone],
    ['category', ({ place }) => place.category],
    ['latitude', ({ lat }) => lat],
    ['longitude', ({ lng }) => lng],
    ['rating', ({ place }) => place.rating],
    ['reviewCount', ({ place }) => place.reviews],
    ['place_id', ({ placeId }) => placeId],
    ['country_code', ({ place }) => place.city.code],
  ],
  outscraper: [
    ['name', ({ place }) => place.name],
    ['site', ({ place }) => `https://example.com/${place.placeKey}`],
    ['type', ({ place }) => place.category],
    ['subtypes', ({ place }) => `${place.category}, Shop`],
    ['category', ({ place }) => place.category],
    ['phone', ({ place }) => place.phone],
    ['full_address', ({ place }) => fullAddress(place)],
    ['street', ({ place }) => place.street],
    ['city', ({ place }) => place.city.city],
    ['postal_code', ({ place, format }) => (/^\d+$/.test(place.city.postal) ? asFloat(place.city.postal, format) : place.city.postal)],
    ['state', ({ place }) => place.city.state || 'None'],
    ['country', ({ place }) => place.city.country],
    ['country_code', ({ place }) => place.city.code],
    ['latitude', ({ lat }) => lat],
    ['longitude', ({ lng }) => lng],
    ['time_zone', ({ place }) => place.city.zone],
    ['rating', ({ place }) => place.rating],
    ['reviews', ({ place, format }) => asFloat(place.reviews, format)],
    ['reviews_link', ({ placeId }) => `https://search.google.com/local/reviews?placeid=${placeId}&hl=en`],
    ['photo', () => 'None'],
    ['logo', () => null],
    ['located_in', () => null],
    ['working_hours', ({ place }) => JSON.stringify(Object.fromEntries(DAYS.map((day, index) => [day, dayHours(place, index)])))],
    ['business_status', ({ place }) => outscraperStatus[place.status]],
    ['about', ({ place }) => JSON.stringify({ Accessibility: { 'Wheelchair accessible entrance': place.placeKey % 2 === 0 } })],
    ['verified', ({ place }) => (place.index % 2 === 0 ? 'True' : 'False')],
    ['place_id', ({ placeId }) => placeId],
    ['google_id', ({ cid }) => googleIdOf(cid)],
    ['cid', ({ cid }) => cid],
  ],
  apify: [
    ['title', ({ place }) => place.name],
    ['totalScore', ({ place }) => place.rating],
    ['reviewsCount', ({ place }) => place.reviews],
    ['street', ({ place }) => place.street],
    ['city', ({ place }) => place.city.city],
    ['state', ({ place }) => place.city.state],
    ['postalCode', ({ place }) => place.city.postal],
    ['countryCode', ({ place }) => place.city.code],
    ['website', ({ place }) => `https://example.com/${place.placeKey}`],
    ['phone', ({ place }) => place.phone],
    ['categoryName', ({ place }) => place.category],
    ['categories/0', ({ place }) => place.category],
    ['categories/1', () => 'Shop'],
    ['url', ({ place, placeId }) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.name)}&query_place_id=${placeId}`],
    ['location/lat', ({ lat }) => lat],
    ['location/lng', ({ lng }) => lng],
    ...DAYS.flatMap((day, index): SampleColumn[] => [
      [`openingHours/${index}/day`, () => day],
      [`openingHours/${index}/hours`, ({ place }) => dayHours(place, index).replace(/–/g, ' to ')],
    ]),
    ['permanentlyClosed', ({ place }) => place.status === 'permanentlyClosed'],
    ['temporarilyClosed', ({ place }) => place.status === 'temporarilyClosed'],
  ],
  gosom: [
    ['input_id', () => '3f1c'],
    ['link', ({ cid, placeId }) => `https://www.google.com/maps/place/x/data=!4m7!3m6!1s${googleIdOf(cid)}!19s${placeId}?authuser=0`],
    ['title', ({ place }) => place.name],
    ['category', ({ place }) => place.category],
    ['address', ({ place }) => `${place.street}, ${place.city.city}`],
    ['open_hours', ({ place }) => JSON.stringify(Object.fromEntries(DAYS.map((day, index) => [day, [dayHours(place, index).toLowerCase().replace(/(\d)(am|pm)/g, `$1${NNBSP}$2`)]])))],
    ['website', () => 'null'],
    ['phone', ({ place }) => place.phone],
    ['plus_code', () => ''],
    ['review_count', ({ place }) => place.reviews],
    ['review_rating', ({ place }) => place.rating.toFixed(6)],
    ['latitude', ({ lat }) => lat],
    ['longitude', ({ lng }) => lng],
    ['cid', ({ cid }) => cid],
    ['status', ({ place }) => gosomStatus[place.status]],
    ['reviews_link', ({ placeId }) => `https://search.google.com/local/reviews?placeid=${placeId}`],
    ['thumbnail', () => ''],
    ['timezone', ({ place }) => place.city.zone],
    ['data_id', ({ cid }) => googleIdOf(cid)],
    ['complete_address', ({ place }) =>
      JSON.stringify({ borough: '', street: place.street, city: place.city.city, postal_code: place.city.postal, state: place.city.state, country: place.city.code })],
    ['about', () => JSON.stringify([{ id: 'service_options', name: 'Service options', options: [{ name: 'Takeaway', enabled: true }] }])],
  ],
};

function rowOf(columns: readonly SampleColumn[], place: Place, format: SampleFormat): Cell[] {
  const placeKey = place.placeKey;
  const row: RowSource = { place, format, placeId: samplePlaceId(placeKey), cid: sampleCid(placeKey), lat: coordinate(place.lat, format), lng: coordinate(place.lng, format) };
  return columns.map(([, cell]) => cell(row));
}

/** Writes `rows` data rows in `tool`'s columns to `out`; returns what an importer should find. */
export async function writeSample(options: { rows: number; tool: SampleTool; format: SampleFormat; out: string }): Promise<SampleSummary> {
  const { rows, tool, format, out } = options;
  const summary: SampleSummary = { rows, errorRows: 0, skippedRows: 0, temporarilyClosedRows: 0, duplicateRows: 0, distinctPlaces: 0 };
  const written = new Set<number>();
  const columns = TOOL_COLUMNS[tool];
  const header = columns.map(([name]) => name);
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
      await put(rowOf(columns, place, format));
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
      sheet.addRow(rowOf(columns, place, format)).commit();
    }
    sheet.commit();
    await workbook.commit();
  }
  summary.distinctPlaces = written.size;
  return summary;
}
