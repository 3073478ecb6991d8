import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { slugParam } from '../schema-parts.ts';

export const CountriesListSchema = requestShape({});
export const CountryPageSchema = requestShape({ params: z.object({ slug: slugParam }) });
export type CountryPageReq = z.infer<typeof CountryPageSchema>;
