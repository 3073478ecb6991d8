/**
 * The import and export calls of the admin screens. Writes carry the session's CSRF token as
 * `X-CSRF-Token`; every call sends the session cookie (same origin).
 */
import {
  MAX_UPLOAD_BYTES,
  type DateRange,
  type ExportField,
  type FileImportResult,
} from '@directory/backend/shared/import-types.ts';

/** The spec's upload time-out: 5 minutes, 10 for files over 100 MB. */
export function uploadTimeoutMs(fileSize: number): number {
  return (fileSize > 100 * 1024 * 1024 ? 10 : 5) * 60 * 1000;
}

export function isTooLarge(file: { size: number }): boolean {
  return file.size > MAX_UPLOAD_BYTES;
}

/** The spec's message for a file over 150 MB. */
export const tooLargeMessage = (fileName: string) => `${fileName} - Maksimum dosya boyutu 150MB'dır`;

/** A failed file as the spec records it: totalRows 0, successCount 0, errorCount 1. */
export function failedResult(fileName: string, fileIndex: number, totalFiles: number, message: string): FileImportResult {
  return {
    success: false, message, totalRows: 0, successCount: 0, errorCount: 1, skippedCount: 0, errors: [], skippedBusinesses: [],
    reportId: null, fileName, fileIndex, totalFiles, isDryRun: false, inserted: 0, updated: 0, changedCount: 0, derivedKeyCount: 0,
    unreadableHoursCount: 0, temporarilyClosedCount: 0, processingTimeSeconds: 0, columnExtraction: null, duplicateAnalysis: null,
    indexUpdate: 'none',
  };
}

export interface UploadOptions {
  file: File;
  batchSize: number;
  fileIndex: number;
  totalFiles: number;
  isDryRun: boolean;
  csrfToken: string;
}

/** Uploads one file; never throws: a failure becomes a failed result with the spec's messages. */
export async function uploadFile(options: UploadOptions): Promise<FileImportResult> {
  const { file, fileIndex, totalFiles } = options;
  const form = new FormData();
  form.append('batchSize', String(options.batchSize));
  form.append('fileIndex', String(fileIndex));
  form.append('totalFiles', String(totalFiles));
  form.append('dryRun', String(options.isDryRun));
  form.append('file', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), uploadTimeoutMs(file.size));
  try {
    const response = await fetch('/api/upload-excel-batch', {
      method: 'POST', body: form, credentials: 'same-origin', headers: { 'X-CSRF-Token': options.csrfToken }, signal: controller.signal,
    });
    if (!response.ok) return failedResult(file.name, fileIndex, totalFiles, `Upload failed for ${file.name}: ${await response.text()}`);
    return (await response.json()) as FileImportResult;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      return failedResult(file.name, fileIndex, totalFiles, 'Dosya yükleme timeout oldu. Dosya çok büyük olabilir.');
    }
    if (error instanceof TypeError) return failedResult(file.name, fileIndex, totalFiles, 'Ağ hatası. İnternet bağlantınızı kontrol edin.');
    return failedResult(file.name, fileIndex, totalFiles, 'Dosya yükleme sırasında bir hata oluştu.');
  } finally {
    clearTimeout(timer);
  }
}

/** Where every error and skipped row of a stored report downloads as CSV. */
export const errorsCsvUrl = (reportId: number) => `/api/admin/upload-reports/${reportId}/errors.csv`;

/** The websocket that carries import progress, on the page's own host. */
export function progressSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/admin/import-progress`;
}

export interface ExportChoice {
  fields: readonly ExportField[];
  countryCode: string;
  categories: readonly string[];
  dateRange: DateRange;
  startDate: string;
  endDate: string;
}

/** The query of GET /api/admin/export-csv; a custom range sends its dates only when both are filled. */
export function exportQuery(choice: ExportChoice): string {
  const params = new URLSearchParams({ fields: choice.fields.join(','), countryCode: choice.countryCode || 'all', dateRange: choice.dateRange });
  if (choice.categories.length > 0) params.set('categories', choice.categories.join(','));
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

/** GETs a list of strings (categories, country codes), retrying once as the spec's category call does. */
export async function fetchStrings(path: string): Promise<string[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      return (await response.json()) as string[];
    } catch (error) {
      if (attempt >= 1) throw error;
    }
  }
}
