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
import { EXPORTED_FIELDS, type ExportSpec } from '@directory/data/business-fields.ts';
import type { DateRange, ExportField, ExportFormat } from '../shared/export-types.ts';
import { TimeSlices } from './time-slices.ts';
import { streamXlsx, type XlsxColumn, type XlsxStreamOptions } from './xlsx-stream.ts';

export interface ExportFilter {
  fields: readonly ExportField[];
  countryCode: string | null;
  categories: readonly string[];
  dateRange: DateRange;
  /** YYYY-MM-DD, both given for 'custom'. */
  startDate: string | null;
  endDate: string | null;
}

/** Each field as an .xlsx writes it (its kind and column width), and the SQL that reads it when that is not its column. */
const EXPORT_SPECS = Object.fromEntries(EXPORTED_FIELDS.map((field) => [field.column, field.export])) as Record<ExportField, ExportSpec>;

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
  const columns = filter.fields.map((field) => `${EXPORT_SPECS[field].sql ?? field} AS "${field}"`).join(', ');
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
  const textFields = filter.fields.map((field) => EXPORT_SPECS[field].kind !== 'number');
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
export const xlsxColumnsOf = (fields: readonly ExportField[]): XlsxColumn[] => fields.map((field) => ({ header: field, kind: EXPORT_SPECS[field].kind, width: EXPORT_SPECS[field].width }));

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
