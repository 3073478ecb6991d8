/**
 * The body of every failed API call, and every error id it may carry: stable, so a client words
 * each in its own language (the admin screens' Turkish table is checked against this list).
 */
import type { FieldIssue } from './field-reasons.ts';

export const API_ERROR_IDS = [
  'bad_request',
  'unauthorized',
  'csrf_failed',
  'invalid_login',
  'too_many_attempts',
  'not_found',
  'gone',
  'reindex_running',
  'ad_code_too_large',
  'payload_too_large',
  'record_busy',
  'storage_full',
  'storage_read_only',
  'search_unavailable',
  'service_unavailable',
  'overloaded',
  'too_many_searches',
  'too_many_messages',
  'http_error',
  'internal_error',
] as const;
export type ApiErrorId = (typeof API_ERROR_IDS)[number];

/** Figures an error's words need (the ad area and its size, seconds to wait, the HTTP status). */
export type ApiErrorParams = Record<string, string | number>;

/** `{ error: { id, message } }`, with what a client needs to word it itself. */
export interface ApiErrorBody {
  error: {
    id: ApiErrorId;
    /** English, for people reading the API. */
    message: string;
    /** A 400's reasons by field, in English. */
    fields?: Record<string, string[]>;
    /** A 400's reasons by field, by code. */
    issues?: FieldIssue[];
    params?: ApiErrorParams;
    /** Development only. */
    stack?: string;
  };
}
