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
