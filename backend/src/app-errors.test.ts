import { afterEach, describe, expect, it, vi } from 'vitest';
import { logAppError } from './app.ts';

describe("Koa's errors outside the error handler", () => {
  afterEach(() => vi.restoreAllMocks());

  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('are not logged when the client left before its answer was written', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logAppError(withCode('write EPIPE', 'EPIPE'));
    logAppError(withCode('read ECONNRESET', 'ECONNRESET'));
    logAppError(withCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'));
    expect(log).not.toHaveBeenCalled();
  });

  it('are logged with their stack otherwise', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logAppError(withCode('disk I/O error', 'SQLITE_IOERR'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain('disk I/O error');
  });
});
