/**
 * The import calls of the admin screens (the CSV export is the business list's: features/admin).
 * Writes carry the session's CSRF token as `X-CSRF-Token`; every call sends the session cookie.
 */
import { MAX_UPLOAD_BYTES, type FileImportResult } from '@directory/backend/shared/import-types.ts';
import { ApiRequestError, parseRetryAfter } from '../../lib/api-client.ts';
import { adminErrorText } from '../admin/api/admin-error-text.ts';
import { UPLOAD_FIELD_LABELS } from '../admin/screen-field-labels.ts';

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
    success: false, message, failure: null, totalRows: 0, successCount: 0, errorCount: 1, skippedCount: 0, errors: [], skippedBusinesses: [],
    reportId: null, fileName, fileIndex, totalFiles, isDryRun: false, inserted: 0, updated: 0, changedCount: 0, derivedKeyCount: 0,
    unreadableHoursCount: 0, temporarilyClosedCount: 0, processingTimeSeconds: 0, columnExtraction: null, duplicateAnalysis: null,
    indexUpdate: 'none',
  };
}

/** A refused upload in the operator's words, naming the file ("a.csv yüklenemedi: Grup boyutu: ..."). */
export function uploadRefusalText(fileName: string, refusal: unknown): string {
  const text = adminErrorText(refusal, UPLOAD_FIELD_LABELS);
  // The 150 MB refusal names the file itself.
  return text.startsWith(fileName) ? text : `${fileName} yüklenemedi: ${text}`;
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
    if (!response.ok) {
      const refusal = new ApiRequestError(response.status, await response.text(), parseRetryAfter(response.headers.get('retry-after')));
      return failedResult(file.name, fileIndex, totalFiles, uploadRefusalText(file.name, refusal));
    }
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
