/** An error the API answers with its own status and a stable id, rendered as `{ error: { id, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(message: string, fields?: Record<string, string[]>): ApiError {
  return new ApiError(400, 'bad_request', message, fields);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'not_found', message);
}

export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'service_unavailable', message);
}

export function unauthorized(message = 'Sign in as an administrator first'): ApiError {
  return new ApiError(401, 'unauthorized', message);
}

export function csrfFailed(message: string): ApiError {
  return new ApiError(403, 'csrf_failed', message);
}

export function conflict(id: string, message: string): ApiError {
  return new ApiError(409, id, message);
}

export function payloadTooLarge(id: string, message: string): ApiError {
  return new ApiError(413, id, message);
}

export function gone(message: string): ApiError {
  return new ApiError(410, 'gone', message);
}

/** A 429: the client should wait `retryAfterSeconds` (sent as `Retry-After`) before trying again. */
export class RateLimitedError extends ApiError {
  constructor(
    id: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, id, message);
    this.name = 'RateLimitedError';
  }
}
