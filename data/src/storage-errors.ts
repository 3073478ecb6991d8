/**
 * What an error from SQLite (or the file system under it) says about the record's storage, in one
 * place: the error handler's answers (503 `record_busy`, 507 `storage_full`, 503
 * `storage_read_only`), the importer's stop on a full disk and the counters that skip a write the
 * folder refuses all ask here.
 */
export type StorageErrorKind =
  /** Another connection holds the write lock (SQLITE_BUSY and its extended codes, SQLITE_LOCKED): try again later. */
  | 'busy'
  /** The disk is full (SQLITE_FULL): nothing of the write was kept. */
  | 'full'
  /** The data folder refuses writes: read-only (remounted, permissions changed), or the write failing at the disk. */
  | 'refused';

export function storageErrorKind(error: unknown): StorageErrorKind | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED') return 'busy';
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_IOERR_WRITE' || code === 'EROFS') return 'refused';
  return null;
}

export const isRecordBusy = (error: unknown): boolean => storageErrorKind(error) === 'busy';
export const isRecordFull = (error: unknown): boolean => storageErrorKind(error) === 'full';
export const isStorageWriteRefused = (error: unknown): boolean => storageErrorKind(error) === 'refused';
