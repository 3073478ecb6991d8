import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { letterParam, limitParam, pageParam, slugParam } from '../schema-parts.ts';

export const CitiesListSchema = requestShape({
  query: z.object({
    letter: letterParam,
    country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').optional(),
  }),
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
