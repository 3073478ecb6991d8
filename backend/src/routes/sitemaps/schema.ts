import { z } from 'zod';
import { requestShape } from '../../middleware/validate.ts';

export const RobotsTxtSchema = requestShape({});
export const SitemapIndexSchema = requestShape({});
export const MainSitemapSchema = requestShape({});
export const CategoriesSitemapSchema = requestShape({});
export const CountriesSitemapSchema = requestShape({});
export const CitiesSitemapSchema = requestShape({});

/**
 * The n of `page-{n}.xml`: a positive whole number without leading zeros, or null. Anything
 * else names a file that does not exist, so the handler answers 404 rather than 400.
 */
const sitemapPageParam = z.string().transform((page) => (/^[1-9]\d{0,8}$/.test(page) ? Number(page) : null));

export const BusinessSitemapSchema = requestShape({ params: z.object({ page: sitemapPageParam }) });
export type BusinessSitemapReq = z.infer<typeof BusinessSitemapSchema>;
