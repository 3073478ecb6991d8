/**
 * The CSV export's call (GET /api/admin/export-csv): its query from the dialog's choices, the
 * file name the server chose, and a refusal worded for the operator.
 */
import type { DateRange, ExportField } from '@directory/backend/shared/import-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';

export interface ExportChoice {
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
  const params = new URLSearchParams({ fields: choice.fields.join(','), countryCode: choice.countryCode || 'all', dateRange: choice.dateRange });
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

/** The dialog's name of each parameter the server may refuse. */
const FIELD_LABELS: Record<string, string> = {
  fields: 'Alanlar',
  countryCode: 'Ülke kodu',
  categories: 'Kategoriler',
  dateRange: 'Tarih aralığı',
  startDate: 'Başlangıç',
  endDate: 'Bitiş',
};

/** The export schema's reasons (backend/src/routes/imports/schema.ts) in the dialog's language. */
const REASONS: Record<string, string> = {
  'a custom date range needs both startDate and endDate': 'özel aralık için başlangıç ve bitiş tarihlerinin ikisi de seçilmeli',
  'must not be before startDate': 'başlangıç tarihinden önce olamaz',
  'must be a date as YYYY-MM-DD': 'YYYY-AA-GG biçiminde bir tarih olmalı',
  'choose at least one field': 'en az bir alan seçin',
  'must be a two-letter country code or "all"': 'iki harfli bir ülke kodu ya da "all" olmalı',
};

/**
 * A refused export as the operator reads it: each field the server named, with its reason
 * ("Bitiş: başlangıç tarihinden önce olamaz"); never the raw answer.
 */
export function exportErrorText(error: unknown): string {
  if (!isApiRequestError(error)) return 'Sunucuya bağlanılamadı. Lütfen tekrar deneyin.';
  if (error.status === 401) return 'Oturumunuzun süresi doldu; dosya indirilmedi. Tekrar giriş yapıp yeniden deneyin.';
  const body = error.body as { error?: { message?: unknown; fields?: Record<string, string[]> } } | null;
  const fields = Object.entries(body?.error?.fields ?? {});
  if (fields.length > 0) {
    return fields
      .map(([field, reasons]) => `${FIELD_LABELS[field] ?? field}: ${reasons.map((reason) => REASONS[reason] ?? reason).join(', ')}`)
      .join('; ');
  }
  return typeof body?.error?.message === 'string' ? body.error.message : `Sunucu ${error.status} yanıtını verdi.`;
}
