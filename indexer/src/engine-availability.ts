import { MeilisearchApiError, MeilisearchRequestError, MeilisearchRequestTimeOutError } from 'meilisearch';

/**
 * Whether a failed engine call means the engine cannot be reached right now (connection refused
 * or reset, a time-out, a 5xx from the engine or a proxy in front of it), as opposed to a bad
 * request or a missing index. Only a remote engine fails this way; the embedded one never does.
 */
export function isEngineUnavailable(error: unknown): boolean {
  if (error instanceof MeilisearchRequestError || error instanceof MeilisearchRequestTimeOutError) return true;
  return error instanceof MeilisearchApiError && error.response.status >= 500;
}
