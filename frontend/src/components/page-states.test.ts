import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client.ts';
import { loadFailure } from './page-states.tsx';

/**
 * An ApiRequestError of another copy of the class, as the server renderer's loaders receive from
 * the backend's in-process client (the built server bundle holds its own copy).
 */
function errorOfAnotherCopy(status: number, body: unknown): Error {
  const text = JSON.stringify(body);
  return Object.assign(new Error(`${status}: ${text}`), { name: 'ApiRequestError', status, body, retryAfterSeconds: null });
}

describe('loadFailure', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the API's sentence and its 5xx status, whichever copy of the error class threw", () => {
    for (const error of [new ApiRequestError(502, JSON.stringify({ error: { message: 'The upstream answered late.' } })), errorOfAnotherCopy(502, { error: { message: 'The upstream answered late.' } })]) {
      const failure = loadFailure(error);
      expect(failure.data).toEqual({ failed: true, message: 'HTTP 502: The upstream answered late.' });
      expect(failure.init?.status).toBe(502);
    }
  });

  it('answers 500 for an API error below 500, with its status and sentence in the message', () => {
    const failure = loadFailure(errorOfAnotherCopy(409, { error: { message: 'A rebuild is running.' } }));
    expect(failure.data).toEqual({ failed: true, message: 'HTTP 409: A rebuild is running.' });
    expect(failure.init?.status).toBe(500);
  });

  it('answers 503 with the API message while the search engine cannot be reached', () => {
    const failure = loadFailure(errorOfAnotherCopy(503, { error: { id: 'search_unavailable', message: 'Search is unavailable right now.' } }));
    expect(failure.data).toEqual({ failed: true, message: 'HTTP 503: Search is unavailable right now.' });
    expect(failure.init?.status).toBe(503);
  });

  it('says the directory could not be reached when the network failed', () => {
    const failure = loadFailure(new TypeError('fetch failed'));
    expect(failure.data).toEqual({ failed: true, message: 'The directory could not be reached.' });
    expect(failure.init?.status).toBe(500);
  });
});
