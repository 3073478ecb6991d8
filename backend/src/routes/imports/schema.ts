import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { BATCH_SIZES, DATE_RANGES, DEFAULT_BATCH_SIZE, EXPORT_FIELDS, type ExportField } from '../../shared/import-types.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The text fields of POST /api/upload-excel-batch (the file itself is streamed, not validated here). */
export const UploadBatchFieldsSchema = z.object({
  batchSize: z.coerce
    .number()
    .refine((value) => (BATCH_SIZES as readonly number[]).includes(value), `must be one of ${BATCH_SIZES.join(', ')}`)
    .default(DEFAULT_BATCH_SIZE),
  fileIndex: z.coerce.number().int().min(1).default(1),
  totalFiles: z.coerce.number().int().min(1).default(1),
  dryRun: flag.default(false),
});
export type UploadBatchFields = z.infer<typeof UploadBatchFieldsSchema>;

/** POST /api/upload-excel takes only the file; a dry run may be asked for. */
export const UploadSimpleFieldsSchema = z.object({ dryRun: flag.default(false) });

const countryCode = z
  .string()
  .trim()
  .transform((value) => (value === '' || value.toLowerCase() === 'all' ? null : value.toUpperCase()))
  .refine((value) => value === null || /^[A-Z]{2}$/.test(value), 'must be a two-letter country code or "all"');
const field = z.enum(EXPORT_FIELDS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
const day = z.string().refine(isDay, 'must be a date as YYYY-MM-DD');

export const ExportCsvPostSchema = requestShape({
  body: z.object({
    selectedFields: z.array(field).min(1, 'choose at least one field').max(EXPORT_FIELDS.length),
    countryCode: countryCode.prefault(''),
  }),
});
export type ExportCsvPostReq = z.infer<typeof ExportCsvPostSchema>;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
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
  .string({ error: 'must be given once: names joined by commas, or a JSON array of names' })
  .transform((value) => jsonStringArray(value) ?? value.split(',').map((part) => part.trim()))
  .transform((names) => names.filter((name) => name.trim() !== ''))
  .pipe(z.array(z.string().max(200, 'each category must be at most 200 characters')));

export const ExportCsvGetSchema = requestShape({
  query: z
    .object({
      fields: commaList(field).refine((fields: ExportField[]) => fields.length > 0, 'choose at least one field'),
      countryCode: countryCode.prefault(''),
      categories: categoryList.optional().default([]),
      dateRange: z.enum(DATE_RANGES).default('all'),
      startDate: day.optional(),
      endDate: day.optional(),
    })
    .refine((query) => query.dateRange !== 'custom' || (query.startDate !== undefined && query.endDate !== undefined), {
      message: 'a custom date range needs both startDate and endDate',
      path: ['dateRange'],
    })
    // Only two real dates can be compared: a date already refused is not reported a second time here.
    .refine((query) => !isDay(query.startDate) || !isDay(query.endDate) || query.startDate <= query.endDate, {
      message: 'must not be before startDate',
      path: ['endDate'],
    }),
});
export type ExportCsvGetReq = z.infer<typeof ExportCsvGetSchema>;

export const ReportErrorsSchema = requestShape({
  params: z.object({
    // A report id: digits only (no "1e3", no "abc" read as NaN), small enough to be exact.
    id: z.string().regex(/^[1-9]\d{0,14}$/, 'must be a positive integer').transform(Number),
  }),
});
export type ReportErrorsReq = z.infer<typeof ReportErrorsSchema>;
