/**
 * From a schema's refusals to the `{ field, code, params }` entries of a 400 answer. Schemas word
 * their reasons with `reason(code, params)`, which answers the reason's English words (the `message`
 * zod keeps) and remembers which code and parameters made them; a message no schema wrote that way
 * (zod's own, "Invalid input: expected string, received number") gets the code of its kind.
 */
import type { z } from 'zod';
import { fieldReasonText, type FieldIssue, type FieldReasonCode, type FieldReasonParams } from '../shared/field-reasons.ts';

type Reason = Pick<FieldIssue, 'code' | 'params'>;

/** Every reason's words made so far: a handful of fixed texts, plus the day names of `day_repeated`. */
const reasonsByText = new Map<string, Reason>();

type ReasonArgs<C extends FieldReasonCode> = FieldReasonParams<C> extends Record<string, never> ? [] : [params: FieldReasonParams<C>];

/** A reason's English words for a schema's message; the 400 answer names its code and parameters. */
export function reason<C extends FieldReasonCode>(code: C, ...args: ReasonArgs<C>): string {
  const params = (args[0] ?? {}) as FieldReasonParams<C>;
  const text = fieldReasonText(code, params);
  const known = reasonsByText.get(text);
  if (known && known.code !== code) throw new Error(`"${text}" is the words of two reasons: ${known.code} and ${code}`);
  if (!known) reasonsByText.set(text, { code, params } as Reason);
  return text;
}

/** Whether a message was made by `reason()`. */
export function isReasonText(message: string): boolean {
  return reasonsByText.has(message);
}

const EXPECTED_TYPES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'date']);

/** The code of a refusal whose words zod chose, from its kind. */
function reasonOfKind(issue: z.core.$ZodIssue): Reason {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { code: 'required', params: {} };
      return EXPECTED_TYPES.has(issue.expected) ? { code: 'wrong_type', params: { expected: issue.expected } } : { code: 'invalid', params: {} };
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many_items', params: { max } };
      return { code: 'max_value', params: { max } };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { code: 'required', params: {} } : { code: 'too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_few_items', params: { min } };
      return { code: 'min_value', params: { min } };
    }
    case 'invalid_value':
      return { code: 'one_of', params: { values: issue.values.map(String) } };
    default:
      return { code: 'invalid', params: {} };
  }
}

/** One refusal as a 400 answer lists it, under `field` (its path as the answer names it). */
export function fieldIssueOf(issue: z.core.$ZodIssue, field: string): FieldIssue {
  const { code, params } = reasonsByText.get(issue.message) ?? reasonOfKind(issue);
  return { field, code, params } as FieldIssue;
}
