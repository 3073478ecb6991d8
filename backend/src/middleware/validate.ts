import type { Middleware } from 'koa';
import { z } from 'zod';
import { badRequest, type ApiError } from '../errors.ts';
import { fieldReasonText, type FieldIssue } from '../shared/field-reasons.ts';
import { fieldIssueOf } from './field-issues.ts';

/** A query string or route params a schema does not name: what else they carry is ignored (a cache buster, a tracking tag). */
const nothing = z.object({});
type Nothing = typeof nothing;
/** A body a schema does not name is empty: a field sent to a call that takes none is refused (400 naming it). */
const noBody = z.strictObject({});
type NoBody = typeof noBody;

/** A request's parts (query, route params, body), as one schema sees them. */
export const requestShape = <Q extends z.ZodType = Nothing, P extends z.ZodType = Nothing, B extends z.ZodType = NoBody>(parts: {
  query?: Q;
  params?: P;
  body?: B;
}) =>
  z.object({
    query: (parts.query ?? nothing) as Q,
    params: (parts.params ?? nothing) as P,
    body: (parts.body ?? noBody) as B,
  });

/**
 * A 400 naming each bad field and its reasons, in words (`fields`) and by code (`issues`);
 * `pathOffset` drops leading path segments.
 */
export function badRequestFromIssues(issues: readonly z.core.$ZodIssue[], pathOffset = 0): ApiError {
  // No prototype: a field named "constructor" or "__proto__" (a hostile body's) is a field like any other.
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const coded: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.slice(pathOffset);
    if (issue.code === 'unrecognized_keys') {
      // Each field the schema does not take is named on its own, as a wrong field is.
      for (const key of issue.keys) {
        const field = [...path, key].join('.');
        (fields[field] ??= []).push(fieldReasonText('unknown_field', {}));
        coded.push({ field, code: 'unknown_field', params: {} });
      }
      continue;
    }
    const field = path.join('.') || String(issue.path[0] ?? 'request');
    (fields[field] ??= []).push(issue.message);
    coded.push(fieldIssueOf(issue, field));
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return badRequest(`Invalid request. ${summary}`, { fields, issues: coded });
}

/**
 * Parses query, route params and body with `schema` and puts the typed result on
 * `ctx.state.input`; bad input answers 400 naming each field and its reason.
 */
export function validate<T extends z.ZodType>(schema: T): Middleware<{ input: z.infer<T> }> {
  return async (ctx, next) => {
    const result = schema.safeParse(
      {
        query: ctx.query,
        params: (ctx as unknown as { params?: Record<string, string> }).params ?? {},
        body: (ctx.request as { body?: unknown }).body ?? {},
      },
      // The refused values ride on the issues, so a missing field is told apart from a wrong one.
      { reportInput: true },
    );
    // Issues are reported by field, without the request part (query, params, body) they sit in.
    if (!result.success) throw badRequestFromIssues(result.error.issues, 1);
    ctx.state.input = result.data;
    await next();
  };
}
