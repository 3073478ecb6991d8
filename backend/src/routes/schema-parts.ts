import { z } from 'zod';
import { withoutControlCharacters } from '../shared/search-text.ts';

const wholePage = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more');

/** A 1-based page number from the query string. */
export const pageParam = wholePage.default(1);

/** A 1-based page number from the query string, undefined when none is asked for. */
export const optionalPageParam = wholePage.optional();

/** A page size from the query string. */
export const limitParam = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be 100 or less').default(fallback);

/** One letter A–Z (either case) or '#', for the A-Z strips. */
export const letterParam = z
  .string()
  .regex(/^([A-Za-z]|#)$/, 'must be a single letter A-Z or #')
  .transform((letter) => letter.toUpperCase())
  .optional();

/** A search's words or place, of `max` characters at most, without control characters (a NUL is never searched nor echoed); '' when absent. */
export const searchText = (max: number) => z.string().max(max, `must be ${max} characters or fewer`).transform(withoutControlCharacters).default('');

export const slugParam = z.string().min(1).max(200);
