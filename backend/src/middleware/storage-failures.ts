import type { Middleware } from 'koa';
import { ApiError } from '../errors.ts';

/**
 * Whether an error says the record's folder refused a write: read-only (remounted, or its
 * permissions changed under the running server), or the write itself failing at the disk.
 * A full disk is not one of these: it answers 507 (the error handler's `storage_full`).
 */
export function isStorageWriteRefused(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  const { code } = error;
  return code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_IOERR_WRITE' || code === 'EROFS';
}

/** The 503 of a write the data folder refused: nothing was saved (the transaction rolled back). */
export function storageReadOnly(): ApiError {
  return new ApiError(
    503,
    'storage_read_only',
    'The server cannot save anything right now: it cannot write to its data folder. Nothing was saved; please try again later.',
  );
}

/**
 * Turns a write the data folder refused into that 503 with one log line for the operator
 * (instead of a 500 and a stack trace), so reads keep being served while writes are refused.
 */
export function storageWriteFailures(log: (line: string) => void = (line) => console.error(line)): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!isStorageWriteRefused(error)) throw error;
      log(`${ctx.method} ${ctx.path}: the data folder refused a write (${(error as Error & { code: string }).code}): make it writable; reads are still served.`);
      throw storageReadOnly();
    }
  };
}
