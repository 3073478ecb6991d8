/**
 * Why the record could not be opened or written, in one line an operator can act on, for the
 * failures of the data folder itself (read-only, not allowed, disk full); null for anything else.
 */
export function storageFailure(error: unknown, dataDir: string): string | null {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return null;
  const { code } = error;
  // A port refused by listen() is the start script's own case, not the data folder's.
  if ('syscall' in error && error.syscall === 'listen') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return `The disk holding the data folder ${dataDir} is full (${code}): free some space, then start again. Nothing committed was lost.`;
  }
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EROFS' || code === 'EPERM') {
    return `Cannot write to the data folder ${dataDir} (${code}): the record lives there. Make it writable for this user, or set DATA_DIR to a writable folder.`;
  }
  return null;
}
