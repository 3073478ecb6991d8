/**
 * Every reason a request's field is refused for, by a stable code: the English words the API's
 * `error.message` and `error.fields` carry, made from the code and its parameters. A 400 answer
 * also lists each refusal as `{ field, code, params }` (`error.issues`), so a client words it in
 * its own language: the admin screens do in Turkish (frontend/src/features/admin/api/admin-error-text.ts),
 * and a code added here does not compile there until it has its Turkish words.
 */

/** A list as English writes it: "a, b or c". */
const orList = (values: readonly (string | number)[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : String(values[0] ?? '');
const figure = (value: number) => value.toLocaleString('en-US');

export const FIELD_REASONS = {
  required: () => 'is required',
  text: () => 'must be text',
  text_or_null: () => 'must be text or null',
  too_long: ({ max }: { max: number }) => `must be at most ${figure(max)} characters`,
  too_short: ({ min }: { min: number }) => `must be at least ${figure(min)} characters`,
  whole_number: () => 'must be a whole number',
  positive_integer: () => 'must be a positive integer',
  min_value: ({ min }: { min: number }) => `must be ${figure(min)} or more`,
  max_value: ({ max }: { max: number }) => `must be ${figure(max)} or less`,
  number: () => 'must be a number',
  number_or_null: () => 'must be a number or null',
  decimal: () => 'must be a number, e.g. 41.0082',
  between: ({ min, max }: { min: number; max: number }) => `must be between ${min} and ${max}`,
  rating: () => 'must be a number from 0 to 5, e.g. 4.5',
  review_count: () => 'must be a whole number of 0 or more',
  boolean: () => 'must be true or false',
  one_of: ({ values }: { values: readonly string[] }) => `must be ${orList(values)}`,
  batch_size: ({ values }: { values: readonly number[] }) => `must be one of ${values.join(', ')}`,
  wrong_type: ({ expected }: { expected: string }) => `must be of type ${expected}`,
  unknown_field: () => 'is not a field this call takes',
  too_many_items: ({ max }: { max: number }) => `must hold at most ${figure(max)} items`,
  too_few_items: ({ min }: { min: number }) => `must hold at least ${figure(min)} items`,
  http_address: () => 'must be an http(s) address',
  email: () => 'must be an email address (name@domain)',
  phone: () => 'must be a phone number (digits, spaces, + ( ) - . /)',
  country_code: () => 'must be a two-letter country code',
  country_code_or_null: () => 'must be a two-letter code or null',
  country_code_or_all: () => 'must be a two-letter country code or "all"',
  day_too_long: ({ max }: { max: number }) => `day must be at most ${figure(max)} characters`,
  hours_text: () => 'hours must be text',
  hours_too_long: ({ max }: { max: number }) => `hours must be at most ${figure(max)} characters`,
  week_day: () => 'must be a day of the week (Monday to Sunday); empty it to remove it',
  opening_hours: () => 'must be opening hours such as 9AM–5PM, 9AM–1PM, 2–6PM, Closed or Open 24 hours',
  day_repeated: ({ day }: { day: string }) => `gives ${day} a second time`,
  lines: () => 'must be a list of lines',
  too_many_lines: ({ max }: { max: number }) => `must be at most ${figure(max)} lines`,
  phone_lines: () => 'must be a list of phone lines',
  cursor_with_after: () => 'cannot be combined with after',
  bad_cursor: () => 'is not a cursor of this sort (start again from the first page)',
  bad_cursor_or_end: () => 'is not a cursor of this sort (start again from the first page), or "end" for the last page',
  page_needs_cursor: ({ max }: { max: number }) => `must be at most ${figure(max)} without a cursor (later pages are reached with after or before)`,
  no_export_field: () => 'choose at least one field',
  date: () => 'must be a date as YYYY-MM-DD',
  custom_range_dates: () => 'a custom date range needs both startDate and endDate',
  before_start_date: () => 'must not be before startDate',
  category_list: () => 'must be given once: names joined by commas, or a JSON array of names',
  category_too_long: ({ max }: { max: number }) => `each category must be at most ${figure(max)} characters`,
  file_not_multipart: () => 'send the file as multipart/form-data in a field named "file"',
  file_missing: () => 'no file was sent in the field "file"',
  business_ids: () => 'must be a list of business ids',
  no_business_ids: () => 'must name at least one business',
  too_many_business_ids: ({ max }: { max: number }) => `must be at most ${figure(max)} ids a call`,
  business_id: () => 'must be a whole number of 1 or more',
  invalid: () => 'is not valid',
} as const;

export type FieldReasonCode = keyof typeof FIELD_REASONS;

/** The codes, for code that walks them all (the admin's Turkish table's test). */
export const FIELD_REASON_CODES = Object.keys(FIELD_REASONS) as FieldReasonCode[];

type ParamsOf<F> = F extends (params: infer P) => string ? (unknown extends P ? Record<string, never> : P) : never;

/** The parameters a reason's words take (`{}` for a reason without any). */
export type FieldReasonParams<C extends FieldReasonCode> = ParamsOf<(typeof FIELD_REASONS)[C]>;

/** One refused field of a 400 answer: its path ("phoneLines.1.number"), the reason's code and parameters. */
export type FieldIssue = { [C in FieldReasonCode]: { field: string; code: C; params: FieldReasonParams<C> } }[FieldReasonCode];

/** A reason's English words. */
export function fieldReasonText<C extends FieldReasonCode>(code: C, params: FieldReasonParams<C>): string {
  return (FIELD_REASONS[code] as (params: FieldReasonParams<C>) => string)(params);
}
