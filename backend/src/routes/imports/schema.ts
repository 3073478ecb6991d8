import { z } from 'zod';
import { reason } from '../../middleware/field-issues.ts';
import { requestShape } from '../../middleware/validate.ts';
import { oneOf } from '../schema-parts.ts';
import { DATE_RANGES, EXPORT_FIELDS, EXPORT_FORMATS, type ExportField } from '../../shared/export-types.ts';
import { BATCH_SIZES, DEFAULT_BATCH_SIZE } from '../../shared/import-types.ts';

const flag = z.enum(['true', 'false', '1', '0'], { error: reason('boolean') }).transform((value) => value === 'true' || value === '1');

/** A file's place in a batch of uploads, from 1. */
const filePosition = z.coerce
  .number({ error: reason('whole_number') })
  .int(reason('whole_number'))
  .min(1, reason('min_value', { min: 1 }))
  .default(1);

/** The text fields of POST /api/upload-excel-batch (the file itself is streamed, not validated here). */
export const UploadBatchFieldsSchema = z.object({
  batchSize: z.coerce
    .number({ error: reason('batch_size', { values: BATCH_SIZES }) })
    .refine((value) => (BATCH_SIZES as readonly number[]).includes(value), reason('batch_size', { values: BATCH_SIZES }))
    .default(DEFAULT_BATCH_SIZE),
  fileIndex: filePosition,
  totalFiles: filePosition,
  dryRun: flag.default(false),
});
export type UploadBatchFields = z.infer<typeof UploadBatchFieldsSchema>;

/** POST /api/upload-excel takes only the file; a dry run may be asked for. */
export const UploadSimpleFieldsSchema = z.object({ dryRun: flag.default(false) });

const countryCode = z
  .string({ error: reason('country_code_or_all') })
  .trim()
  .transform((value) => (value === '' || value.toLowerCase() === 'all' ? null : value.toUpperCase()))
  .refine((value) => value === null || /^[A-Z]{2}$/.test(value), reason('country_code_or_all'));
const field = oneOf(EXPORT_FIELDS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
const day = z.string({ error: reason('date') }).refine(isDay, reason('date'));
/** The file's format; CSV when not given, as the spec's calls answer. */
const format = oneOf(EXPORT_FORMATS).default('csv');

export const ExportCsvPostSchema = requestShape({
  body: z.object({
    selectedFields: z
      .array(field, { error: reason('no_export_field') })
      .min(1, reason('no_export_field'))
      .max(EXPORT_FIELDS.length, reason('too_many_items', { max: EXPORT_FIELDS.length })),
    countryCode: countryCode.prefault(''),
    format,
  }),
});
export type ExportCsvPostReq = z.infer<typeof ExportCsvPostSchema>;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string({ error: reason('text') })
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item));

/** A JSON array of strings, or null when `value` is not one. */
function jsonStringArray(value: string): string[] | null {
  if (!value.trimStart().startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The export's categories: the spec's comma-joined names ("Bakery,Café"), or a JSON array of
 * exact names (["Bar, Grill","Café"]) for names a comma list cannot carry (a comma in the name,
 * spaces at its ends). A value that is not a JSON array of strings is the comma list.
 */
const categoryList = z
  .string({ error: reason('category_list') })
  .transform((value) => jsonStringArray(value) ?? value.split(',').map((part) => part.trim()))
  .transform((names) => names.filter((name) => name.trim() !== ''))
  .pipe(z.array(z.string().max(200, reason('category_too_long', { max: 200 }))));

export const ExportCsvGetSchema = requestShape({
  query: z
    .object({
      fields: commaList(field).refine((fields: ExportField[]) => fields.length > 0, reason('no_export_field')),
      countryCode: countryCode.prefault(''),
      categories: categoryList.optional().default([]),
      dateRange: oneOf(DATE_RANGES).default('all'),
      startDate: day.optional(),
      endDate: day.optional(),
      format,
    })
    .refine((query) => query.dateRange !== 'custom' || (query.startDate !== undefined && query.endDate !== undefined), {
      message: reason('custom_range_dates'),
      path: ['dateRange'],
    })
    // Only two real dates can be compared: a date already refused is not reported a second time here.
    .refine((query) => !isDay(query.startDate) || !isDay(query.endDate) || query.startDate <= query.endDate, {
      message: reason('before_start_date'),
      path: ['endDate'],
    }),
});
export type ExportCsvGetReq = z.infer<typeof ExportCsvGetSchema>;

export const ReportErrorsSchema = requestShape({
  params: z.object({
    // A report id: digits only (no "1e3", no "abc" read as NaN), small enough to be exact.
    id: z.string().regex(/^[1-9]\d{0,14}$/, reason('positive_integer')).transform(Number),
  }),
});
export type ReportErrorsReq = z.infer<typeof ReportErrorsSchema>;
