import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';
import { BUSINESS_MAX_PAGE } from '../../services/directory-service.ts';
import { pageParam, slugParam } from '../schema-parts.ts';

export const BusinessesListSchema = requestShape({
  query: z.object({ page: pageParam.pipe(z.number().max(BUSINESS_MAX_PAGE, `must be ${BUSINESS_MAX_PAGE} or less`)) }),
});
export type BusinessesListReq = z.infer<typeof BusinessesListSchema>;

export const BusinessDetailSchema = requestShape({ params: z.object({ slug: slugParam }) });
export type BusinessDetailReq = z.infer<typeof BusinessDetailSchema>;

export const BusinessNearbySchema = requestShape({ params: z.object({ slug: slugParam }) });
export type BusinessNearbyReq = z.infer<typeof BusinessNearbySchema>;
