import { z } from 'zod';
import { reason } from '../middleware/field-issues.ts';
import { withoutControlCharacters } from '../shared/search-text.ts';

const wholeNumber = () => z.coerce.number({ error: reason('whole_number') }).int(reason('whole_number'));
const wholePage = wholeNumber().min(1, reason('min_value', { min: 1 }));

/** A 1-based page number from the query string. */
export const pageParam = wholePage.default(1);

/** A 1-based page number from the query string, undefined when none is asked for. */
export const optionalPageParam = wholePage.optional();

/** A page size from the query string. */
export const limitParam = (fallback: number) =>
  wholeNumber().min(1, reason('min_value', { min: 1 })).max(100, reason('max_value', { max: 100 })).default(fallback);

/** One of `values`, refused with the list of them. */
export const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: reason('one_of', { values }) });

/** One letter A–Z (either case) or '#', for the A-Z strips. */
export const letterParam = z
  .string()
  .regex(/^([A-Za-z]|#)$/, 'must be a single letter A-Z or #')
  .transform((letter) => letter.toUpperCase())
  .optional();

/** A search's words or place, of `max` characters at most, without control characters (a NUL is never searched nor echoed); '' when absent. */
export const searchText = (max: number) => z.string().max(max, `must be ${max} characters or fewer`).transform(withoutControlCharacters).default('');

export const slugParam = z.string().min(1).max(200);
