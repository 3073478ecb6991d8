import { requestShape } from '../../middleware/validate.ts';

export const HomepageDataSchema = requestShape({});
export const FeaturedBusinessesSchema = requestShape({});
