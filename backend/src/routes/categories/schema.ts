import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { letterParam, limitParam, pageParam, slugParam } from '../schema-parts.ts';

export const CategoriesListSchema = requestShape({ query: z.object({ letter: letterParam }) });
export type CategoriesListReq = z.infer<typeof CategoriesListSchema>;

export const CategoryPageSchema = requestShape({
  params: z.object({ slug: slugParam }),
  query: z.object({ page: pageParam, limit: limitParam(12) }),
});
export type CategoryPageReq = z.infer<typeof CategoryPageSchema>;
