/**
 * The export: the chosen fields of the businesses matching a country, categories and a
 * creation-date range, streamed from an SQLite iterator (its own read-only connection, so the
 * server's connection stays free and the export reads one consistent snapshot) with
 * back-pressure, so memory stays constant whatever the number of rows, in slices of about 20 ms
 * between which the event loop serves other requests. As CSV through
 * csv-stringify (RFC 4180 quoting, CRLF, UTF-8 BOM; text that a spreadsheet would run as a
 * formula is neutralised), or as an .xlsx of typed cells, in as many worksheets as the rows fill
 * (xlsx-stream.ts).
 */
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import type { DateRange, ExportField, ExportFormat } from '../shared/import-types.ts';
import { TimeSlices } from './time-slices.ts';
import { streamXlsx, type XlsxCellKind, type XlsxColumn, type XlsxStreamOptions } from './xlsx-stream.ts';

export interface ExportFilter {
  fields: readonly ExportField[];
  countryCode: string | null;
  categories: readonly string[];
  dateRange: DateRange;
  /** YYYY-MM-DD, both given for 'custom'. */
  startDate: string | null;
  endDate: string | null;
}

/** How each field is written in an .xlsx, and its column's width in characters. */
const XLSX_COLUMNS: Record<ExportField, { kind: XlsxCellKind; width: number }> = {
  id: { kind: 'number', width: 10 }, name: { kind: 'text', width: 32 }, slug: { kind: 'text', width: 28 },
  category: { kind: 'text', width: 20 }, type: { kind: 'text', width: 20 }, full_address: { kind: 'text', width: 44 },
  street: { kind: 'text', width: 28 }, city: { kind: 'text', width: 16 }, postal_code: { kind: 'text', width: 12 },
  country: { kind: 'text', width: 16 }, country_code: { kind: 'text', width: 13 }, phone: { kind: 'text', width: 18 },
  latitude: { kind: 'number', width: 11 }, longitude: { kind: 'number', width: 11 }, rating: { kind: 'number', width: 8 },
  reviews: { kind: 'number', width: 10 }, reviews_link: { kind: 'text', width: 30 }, photo: { kind: 'text', width: 30 },
  logo: { kind: 'text', width: 30 }, located_in: { kind: 'text', width: 24 }, working_hours: { kind: 'text', width: 40 },
  verified: { kind: 'boolean', width: 10 }, about: { kind: 'text', width: 40 }, place_id: { kind: 'text', width: 30 },
  created_at: { kind: 'date', width: 12 }, updated_at: { kind: 'date', width: 12 }, url: { kind: 'text', width: 30 },
};

/** The SQL of each field; every field is a column of `businesses` except verified, written true/false. */
const FIELD_SQL: Record<ExportField, string> = {
  id: 'id', name: 'name', slug: 'slug', category: 'category', type: 'type', full_address: 'full_address', street: 'street',
  city: 'city', postal_code: 'postal_code', country: 'country', country_code: 'country_code', phone: 'phone',
  latitude: 'latitude', longitude: 'longitude', rating: 'rating', reviews: 'reviews', reviews_link: 'reviews_link',
  photo: 'photo', logo: 'logo', located_in: 'located_in', working_hours: 'working_hours',
  verified: "CASE verified WHEN 1 THEN 'true' ELSE 'false' END", about: 'about', place_id: 'place_id',
  created_at: 'created_at', updated_at: 'updated_at', url: 'url',
};

// OWASP's CSV-injection list: a cell starting with one of these runs as a formula in Excel,
// LibreOffice and Google Sheets. A leading apostrophe makes it text; our importer removes it.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe for spreadsheets: formula-looking text gets a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const DAY_MS = 24 * 3600 * 1000;
const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The [from, to) creation-time window of a date range, in UTC; null bounds are open. */
export function dateWindow(filter: Pick<ExportFilter, 'dateRange' | 'startDate' | 'endDate'>, now: Date): { from: string | null; to: string | null } {
  const today = startOfUtcDay(now);
  const iso = (date: Date) => date.toISOString();
  switch (filter.dateRange) {
    case 'all':
      return { from: null, to: null };
    case 'today':
      return { from: iso(today), to: null };
    case 'yesterday':
      return { from: iso(new Date(today.getTime() - DAY_MS)), to: iso(today) };
    case 'last24hours':
      return { from: iso(new Date(now.getTime() - DAY_MS)), to: null };
    case 'last7days':
      return { from: iso(new Date(now.getTime() - 7 * DAY_MS)), to: null };
    case 'thisweek': {
      // Weeks start on Monday (ISO 8601), as the admin's Turkish locale counts them.
      const sinceMonday = (today.getUTCDay() + 6) % 7;
      return { from: iso(new Date(today.getTime() - sinceMonday * DAY_MS)), to: null };
    }
    case 'thismonth':
      return { from: iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))), to: null };
    case 'custom':
      return {
        from: filter.startDate === null ? null : `${filter.startDate}T00:00:00.000Z`,
        to: filter.endDate === null ? null : iso(new Date(Date.parse(`${filter.endDate}T00:00:00.000Z`) + DAY_MS)),
      };
  }
}

function buildQuery(filter: ExportFilter, now: Date): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.countryCode !== null) {
    where.push('country_code = ?');
    params.push(filter.countryCode);
  }
  if (filter.categories.length > 0) {
    where.push(`category IN (${filter.categories.map(() => '?').join(', ')})`);
    params.push(...filter.categories);
  }
  const window = dateWindow(filter, now);
  if (window.from !== null) {
    where.push('created_at >= ?');
    params.push(window.from);
  }
  if (window.to !== null) {
    where.push('created_at < ?');
    params.push(window.to);
  }
  const columns = filter.fields.map((field) => `${FIELD_SQL[field]} AS "${field}"`).join(', ');
  return { sql: `SELECT ${columns} FROM businesses${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id`, params };
}

/** The matching rows, one value per field; the read-only connection closes when the iteration ends or is returned. */
function* exportRows(recordFile: string, filter: ExportFilter, now: Date): Generator<unknown[]> {
  const { sql, params } = buildQuery(filter, now);
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    yield* db.prepare(sql).raw(true).iterate(...params) as IterableIterator<unknown[]>;
  } finally {
    db.close();
  }
}

function csvExport(recordFile: string, filter: ExportFilter, now: Date): Readable {
  const textFields = filter.fields.map((field) => XLSX_COLUMNS[field].kind !== 'number');
  // A client that reads as fast as it is sent to never makes the stream wait: without the
  // slices, the whole file would be written in one turn of the event loop.
  async function* rows(): AsyncGenerator<unknown[]> {
    const slices = new TimeSlices();
    for (const row of exportRows(recordFile, filter, now)) {
      yield row.map((value, index) => (textFields[index] && typeof value === 'string' ? neutraliseFormula(value) : value));
      if (slices.isOver) await slices.next();
    }
  }
  const csv = stringify({ header: true, columns: [...filter.fields], bom: true, record_delimiter: 'windows' });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  csv.on('close', () => source.destroy());
  return source.pipe(csv);
}

/** The export's columns in an .xlsx: each field by its name, typed. */
export const xlsxColumnsOf = (fields: readonly ExportField[]): XlsxColumn[] => fields.map((field) => ({ header: field, ...XLSX_COLUMNS[field] }));

/**
 * The export as a byte stream; the read-only connection closes when the stream ends or is
 * destroyed. `xlsxOptions` is for tests (a smaller sheet, say).
 */
export function streamExport(recordFile: string, filter: ExportFilter, format: ExportFormat, now = new Date(), xlsxOptions: XlsxStreamOptions = {}): Readable {
  if (format === 'csv') return csvExport(recordFile, filter, now);
  return streamXlsx(exportRows(recordFile, filter, now), xlsxColumnsOf(filter.fields), xlsxOptions);
}

/** The answer's content type of each format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** POST /api/export-csv's file name: businesses_export_{date}.csv (or .xlsx). */
export function simpleExportFileName(now: Date, format: ExportFormat): string {
  return `businesses_export_${now.toISOString().slice(0, 10)}.${format}`;
}

/** GET /api/admin/export-csv's file name: businesses_{country}_{n}kategoriler_{range}_{timestamp}.csv (or .xlsx). */
export function filteredExportFileName(filter: ExportFilter, now: Date, format: ExportFormat): string {
  const country = (filter.countryCode ?? 'all').toLowerCase();
  const timestamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '_');
  return `businesses_${country}_${filter.categories.length}kategoriler_${filter.dateRange}_${timestamp}.${format}`;
}
