import type { ApiErrorBody, ApiErrorId, ApiErrorParams } from './shared/api-errors.ts';
import type { FieldIssue } from './shared/field-reasons.ts';

/** What an error carries besides its words: a 400's reasons by field (in words and by code), figures of its words. */
export interface ApiErrorDetails {
  fields?: Record<string, string[]>;
  issues?: FieldIssue[];
  params?: ApiErrorParams;
}

/** An error the API answers with its own status and a stable id, rendered as `{ error: { id, message } }`. */
export class ApiError extends Error {
  readonly fields: Record<string, string[]> | undefined;
  readonly issues: FieldIssue[] | undefined;
  readonly params: ApiErrorParams | undefined;

  constructor(
    readonly status: number,
    readonly id: ApiErrorId,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fields = details.fields;
    this.issues = details.issues;
    this.params = details.params;
  }

  /** The answer's body: id and message, and each detail it has. */
  toBody(): ApiErrorBody {
    return {
      error: {
        id: this.id,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.issues ? { issues: this.issues } : {}),
        ...(this.params ? { params: this.params } : {}),
      },
    };
  }
}

export function badRequest(message: string, details?: Pick<ApiErrorDetails, 'fields' | 'issues'>): ApiError {
  return new ApiError(400, 'bad_request', message, details);
}

/** A 404; `params` name what was looked for (`{ kind: 'business', id: 5 }`), for a client's own words. */
export function notFound(message: string, params?: ApiErrorParams): ApiError {
  return new ApiError(404, 'not_found', message, params ? { params } : {});
}

export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'service_unavailable', message);
}

export function unauthorized(message = 'Sign in as an administrator first'): ApiError {
  return new ApiError(401, 'unauthorized', message);
}

/** 403 `csrf_failed`; `check` says which defence refused it: the request's origin or its token. */
export function csrfFailed(message: string, check: 'origin' | 'token'): ApiError {
  return new ApiError(403, 'csrf_failed', message, { params: { check } });
}

export function conflict(id: ApiErrorId, message: string): ApiError {
  return new ApiError(409, id, message);
}

export function payloadTooLarge(id: ApiErrorId, message: string, params?: ApiErrorParams): ApiError {
  return new ApiError(413, id, message, params ? { params } : {});
}

export function gone(message: string): ApiError {
  return new ApiError(410, 'gone', message);
}

/** A 429: the client should wait `retryAfterSeconds` (sent as `Retry-After`) before trying again. */
export class RateLimitedError extends ApiError {
  constructor(
    id: ApiErrorId,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, id, message);
    this.name = 'RateLimitedError';
  }
}
