/** The export's choices (`GET /api/admin/export-csv` and the admin's export dialog): fields, formats, date ranges. */
import { EXPORTED_FIELDS, type ExportedField } from '@directory/data/business-fields.ts';

/** A field the export offers, by its header (its column's name). */
export type ExportField = ExportedField['column'];

/** The 27 export fields of the admin spec, in the order of its full read (the registry's, data/src/business-fields.ts). */
export const EXPORT_FIELDS: readonly ExportField[] = EXPORTED_FIELDS.map((field) => field.column);

/**
 * The fields the export dialog starts with, in the spec's order, which an export left at the
 * defaults keeps for its columns (a field ticked later takes its place in EXPORT_FIELDS' order).
 */
export const DEFAULT_EXPORT_FIELDS: readonly ExportField[] = ['name', 'full_address', 'phone', 'type'];

/** The export's file formats: an .xlsx of typed cells (what the admin screen offers first), or RFC 4180 CSV. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const DATE_RANGES = ['all', 'today', 'yesterday', 'last24hours', 'last7days', 'thisweek', 'thismonth', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
