import { z } from 'zod';
import { FACET_NAMES, MAX_FACET_VALUES, parseCityKey, type GeoBox } from '@directory/indexer/search-types.ts';
import { requestShape } from '../../middleware/validate.ts';
import { limitParam, pageParam, searchText } from '../schema-parts.ts';
import { InstantSearchRequestSchema } from './instantsearch.ts';

/** Search pages are capped like Meilisearch's `maxTotalHits`: 50 pages of 20. */
export const SEARCH_MAX_PAGE = 50;

/** A list from a repeated parameter (`?category=a&category=b`) or a comma-separated one (`?category=a,b`). */
const listParam = <T>(item: z.ZodType<T, string>) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50, 'must hold 50 values or fewer'))
    .optional();

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must hold two-letter country codes')
  .transform((code) => code.toUpperCase());
const cityValue = z.string().refine((value) => parseCityKey(value) !== null, 'must hold values like FR:lyon');
const number = (name: string) => z.coerce.number({ error: `must be a number (${name})` }).refine(Number.isFinite, 'must be a number');
const latitude = number('latitude').pipe(z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'));
const longitude = number('longitude').pipe(z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'));

/** `bbox=west,south,east,north` (the GeoJSON order), in degrees. */
const bboxParam = z
  .string()
  .transform((text, ctx): GeoBox => {
    const parts = text.split(',').map((part) => Number(part.trim()));
    const [west = Number.NaN, south = Number.NaN, east = Number.NaN, north = Number.NaN] = parts;
    const isValid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      Math.abs(south) <= 90 &&
      Math.abs(north) <= 90 &&
      south <= north &&
      Math.abs(west) <= 180 &&
      Math.abs(east) <= 180;
    if (!isValid) {
      ctx.addIssue({ code: 'custom', message: 'must be west,south,east,north in degrees, south not above north' });
      return z.NEVER;
    }
    return { west, south, east, north };
  })
  .optional();

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const SearchSchema = requestShape({
  query: z
    .object({
      q: searchText(200),
      location: searchText(200),
      category: listParam(z.string().min(1).max(200)),
      country: listParam(countryCode),
      city: listParam(cityValue),
      minRating: number('rating').pipe(z.number().min(0, 'must be between 0 and 5').max(5, 'must be between 0 and 5')).optional(),
      openNow: booleanParam,
      lat: latitude.optional(),
      lng: longitude.optional(),
      radiusKm: number('kilometres').pipe(z.number().gt(0, 'must be more than 0').max(20_000, 'must be 20000 or less')).optional(),
      bbox: bboxParam,
      sort: z.enum(['relevance', 'rating', 'reviews', 'distance'], { error: 'must be relevance, rating, reviews or distance' }).default('relevance'),
      page: pageParam.pipe(z.number().max(SEARCH_MAX_PAGE, `must be ${SEARCH_MAX_PAGE} or less`)),
      perPage: limitParam(20),
      facets: listParam(z.enum(FACET_NAMES, { error: 'must hold category, country or city' })),
      maxFacetValues: z.coerce
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be 1 or more')
        .max(MAX_FACET_VALUES, `must be ${MAX_FACET_VALUES} or less`)
        .default(10),
    })
    .superRefine((query, ctx) => {
      if ((query.lat === undefined) !== (query.lng === undefined)) {
        ctx.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], message: 'lat and lng go together' });
      }
      if (query.radiusKm !== undefined && query.lat === undefined) {
        ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'needs lat and lng' });
      }
      if (query.radiusKm !== undefined && query.bbox !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'cannot be combined with radiusKm' });
      }
      if (query.sort === 'distance' && query.lat === undefined && query.bbox === undefined) {
        ctx.addIssue({ code: 'custom', path: ['sort'], message: 'distance needs lat and lng, or bbox' });
      }
    }),
});
export type SearchReq = z.infer<typeof SearchSchema>;

export const FacetValuesSchema = requestShape({
  body: z.object({
    facet: z.enum(FACET_NAMES, { error: 'must be category, country or city' }),
    facetQuery: searchText(100),
    q: searchText(200),
    location: searchText(200),
    maxFacetHits: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more').max(MAX_FACET_VALUES, `must be ${MAX_FACET_VALUES} or less`).default(10),
  }),
});
export type FacetValuesReq = z.infer<typeof FacetValuesSchema>;

/**
 * Requests one multi-search may carry: the /search page sends its main query plus one per
 * refined disjunctive facet (category, country, city), so 4 at most. Each request is a full
 * search on the one event loop; a cap keeps one call from costing many.
 */
export const MULTI_SEARCH_MAX_REQUESTS = 4;

export const MultiSearchSchema = requestShape({
  body: z.object({
    requests: z
      .array(InstantSearchRequestSchema, { error: 'must be a list of search requests' })
      .min(1, 'must hold at least one request')
      .max(MULTI_SEARCH_MAX_REQUESTS, `must hold ${MULTI_SEARCH_MAX_REQUESTS} requests or fewer`),
  }),
});
export type MultiSearchReq = z.infer<typeof MultiSearchSchema>;
