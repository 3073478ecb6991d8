/**
 * The export's call (GET /api/admin/export-csv, an .xlsx or a CSV): its query from the dialog's
 * choices, the file name the server chose, and a refusal worded for the operator.
 */
import type { DateRange, ExportField, ExportFormat } from '@directory/backend/shared/export-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';
import { adminErrorText } from './api/admin-error-text.ts';
import { EXPORT_FIELD_LABELS } from './screen-field-labels.ts';

export interface ExportChoice {
  format: ExportFormat;
  fields: readonly ExportField[];
  countryCode: string;
  categories: readonly string[];
  dateRange: DateRange;
  startDate: string;
  endDate: string;
}

/** Whether a category name survives the spec's comma-joined list (split on commas, each part trimmed). */
const isCommaSafe = (name: string) => !name.includes(',') && name === name.trim() && !name.startsWith('[');

/**
 * The query of GET /api/admin/export-csv; a custom range sends its dates only when both are
 * filled. Categories go comma-joined as the spec has it, or as a JSON array of names when one
 * of them holds a comma ("Bar, Grill"), which the comma list would cut in two.
 */
export function exportQuery(choice: ExportChoice): string {
  const params = new URLSearchParams({ format: choice.format, fields: choice.fields.join(','), countryCode: choice.countryCode || 'all', dateRange: choice.dateRange });
  if (choice.categories.length > 0) {
    params.set('categories', choice.categories.every(isCommaSafe) ? choice.categories.join(',') : JSON.stringify(choice.categories));
  }
  if (choice.dateRange === 'custom' && choice.startDate && choice.endDate) {
    params.set('startDate', choice.startDate);
    params.set('endDate', choice.endDate);
  }
  return params.toString();
}

/** The file name the server chose (Content-Disposition), or a fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * A refused export as the operator reads it: each field the server named, with its reason
 * ("Bitiş: Başlangıç tarihinden önce olamaz."); never the raw answer.
 */
export function exportErrorText(error: unknown): string {
  if (isApiRequestError(error) && error.status === 401) return 'Oturumunuzun süresi doldu; dosya indirilmedi. Tekrar giriş yapıp yeniden deneyin.';
  return adminErrorText(error, EXPORT_FIELD_LABELS);
}
