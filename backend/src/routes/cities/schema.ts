import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { letterParam, limitParam, optionalPageParam, pageParam, slugParam } from '../schema-parts.ts';

/**
 * The cities list: the whole (letter's or country's) list without `page`; with `page`, one page
 * of `limit` cities, optionally those matching `q`.
 */
export const CitiesListSchema = requestShape({
  query: z
    .object({
      letter: letterParam,
      country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').optional(),
      page: optionalPageParam,
      limit: limitParam(12),
      q: z.string().trim().max(100, 'must be 100 characters or less').optional(),
    })
    // The whole list has no text filter; refusing `q` there beats answering an unfiltered list.
    .refine((query) => query.page !== undefined || !query.q, { path: ['q'], message: 'needs page (the text filter pages its answer)' }),
});
export type CitiesListReq = z.infer<typeof CitiesListSchema>;

export const CityPageSchema = requestShape({
  params: z.object({
    countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
    citySlug: slugParam,
  }),
  query: z.object({ page: pageParam, limit: limitParam(12) }),
});
export type CityPageReq = z.infer<typeof CityPageSchema>;
