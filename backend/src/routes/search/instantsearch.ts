/**
 * The InstantSearch (Algolia) multi-query protocol over our engine, so that react-instantsearch
 * talks to `/api/search/multi` with a thin custom search client.
 *
 * Requests: `{ requests: [{ indexName, params }] }` where `params` is an object or, from older
 * clients, a URL-encoded string (array values JSON-encoded); v5 clients put the parameters on the
 * request itself. `type: 'facet'` with `facet` and `facetQuery` is a facet search.
 * Index names choose the sort: `businesses` (relevance), `businesses_rating`, `businesses_reviews`,
 * `businesses_distance` (the Algolia way: one replica per sort).
 * Facet attributes: `category` (slug), `country` (code), `city` ("FR:lyon"); `openNow:true` is a
 * facet filter; `rating>=4` a numeric filter; `location` is our own "where" parameter.
 * Pages are 0-based, as in Algolia. Highlights use the request's `highlightPreTag`/`PostTag`
 * (default `<em>`), around raw text: InstantSearch escapes on its side.
 */
import { z } from 'zod';
import { searchText } from '../schema-parts.ts';
import {
  FACET_NAMES,
  HIGHLIGHT_POST_TAG,
  HIGHLIGHT_PRE_TAG,
  MAX_FACET_VALUES,
  MAX_PER_PAGE,
  parseCityKey,
  type CityRef,
  type FacetName,
  type GeoFilter,
  type SearchRequest,
  type SearchResponse,
  type SearchSort,
} from '@directory/indexer/search-types.ts';
import type { InstantSearchFacetResult, InstantSearchHighlight, InstantSearchResult } from '../../shared/api-types.ts';
import { presentAroundPlace, presentChosenCity, presentSearchItem, presentUnmatchedPlace } from './present-search.ts';

const INDEX_NAME = /^businesses(?:_(relevance|rating|reviews|distance))?$/;
const FILTER_ATTRIBUTES = [...FACET_NAMES, 'openNow'] as const;

/** A JSON-encoded value inside URL-encoded params ("[[\"category:a\"]]"), or the plain text. */
function decodeValue(value: string): unknown {
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch (error) {
      if (error instanceof SyntaxError) return value;
      throw error;
    }
  }
  return value;
}

function parseUrlParams(text: string): Record<string, unknown> {
  return Object.fromEntries([...new URLSearchParams(text)].map(([key, value]) => [key, decodeValue(value)]));
}

const wholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be ${min} or more`).max(max, `must be ${max} or less`);

const filterList = z
  .union([z.string().transform((text) => decodeValue(text)), z.array(z.union([z.string(), z.array(z.string())]))])
  .pipe(z.union([z.string().transform((text) => [text]), z.array(z.union([z.string(), z.array(z.string())]))], { error: 'must be a filter string or a list of them' }));

const latLng = z.string().transform((text, ctx) => {
  const [lat = Number.NaN, lng = Number.NaN] = text.split(',').map((part) => Number(part.trim()));
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    ctx.addIssue({ code: 'custom', message: 'must be "lat,lng" in degrees' });
    return z.NEVER;
  }
  return { lat, lng };
});

/** `insideBoundingBox`: "lat1,lng1,lat2,lng2" or [[lat1, lng1, lat2, lng2]] (first box only). */
const boundingBox = z.union([z.string(), z.array(z.array(z.number()))]).transform((value, ctx): GeoFilter => {
  const numbers = typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : (value[0] ?? []);
  const [lat1 = Number.NaN, lng1 = Number.NaN, lat2 = Number.NaN, lng2 = Number.NaN] = numbers;
  if (numbers.length !== 4 || !numbers.every(Number.isFinite) || Math.abs(lat1) > 90 || Math.abs(lat2) > 90) {
    ctx.addIssue({ code: 'custom', message: 'must be four numbers: lat1,lng1,lat2,lng2' });
    return z.NEVER;
  }
  // Algolia's two points are the north-east and south-west corners.
  return { north: Math.max(lat1, lat2), south: Math.min(lat1, lat2), east: lng1, west: lng2 };
});

const ParamsSchema = z.looseObject({
  query: searchText(200),
  location: searchText(200),
  facets: z
    .union([z.string().transform((text) => decodeValue(text)), z.array(z.string())])
    .pipe(z.union([z.string().transform((text) => text.split(',')), z.array(z.string())]))
    .default([]),
  facetFilters: filterList.optional(),
  numericFilters: filterList.optional(),
  page: wholeNumber(0, 49).default(0),
  hitsPerPage: wholeNumber(0, MAX_PER_PAGE).default(20),
  maxValuesPerFacet: wholeNumber(1, MAX_FACET_VALUES).default(10),
  maxFacetHits: wholeNumber(1, MAX_FACET_VALUES).default(10),
  aroundLatLng: latLng.optional(),
  aroundRadius: z.union([z.literal('all'), z.coerce.number({ error: 'must be metres or "all"' }).positive('must be more than 0')]).optional(),
  insideBoundingBox: boundingBox.optional(),
  highlightPreTag: z.string().max(50).default('<em>'),
  highlightPostTag: z.string().max(50).default('</em>'),
  facetQuery: searchText(100),
});

export const InstantSearchRequestSchema = z
  .looseObject({
    indexName: z.string().regex(INDEX_NAME, 'must be businesses, businesses_rating, businesses_reviews or businesses_distance'),
    type: z.enum(['default', 'facet'], { error: 'must be default or facet' }).default('default'),
    facet: z.enum(FACET_NAMES, { error: 'must be category, country or city' }).optional(),
    params: z.union([z.string().transform(parseUrlParams), z.record(z.string(), z.unknown())]).default({}),
  })
  .transform(({ indexName, type, facet, params, ...inline }) => ({ indexName, type, ...(facet ? { facet } : {}), params: { ...inline, ...params } }))
  .pipe(
    z.object({
      indexName: z.string(),
      type: z.enum(['default', 'facet']),
      facet: z.enum(FACET_NAMES).optional(),
      params: ParamsSchema,
    }),
  )
  .superRefine((request, ctx) => {
    if (request.type === 'facet' && !request.facet) ctx.addIssue({ code: 'custom', path: ['facet'], message: 'is required for a facet search' });
    for (const name of request.params.facets) {
      if (name !== '*' && !(FACET_NAMES as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', path: ['params', 'facets'], message: `has an unknown facet "${name}" (category, country, city)` });
      }
    }
    if (request.indexName.endsWith('_distance') && !request.params.aroundLatLng && !request.params.insideBoundingBox) {
      ctx.addIssue({ code: 'custom', path: ['params', 'aroundLatLng'], message: 'is required to sort by distance' });
    }
  });

export type InstantSearchRequest = z.infer<typeof InstantSearchRequestSchema>;

/** A bad filter inside an otherwise well-formed request. */
export class FilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface ParsedFilters {
  categorySlugs: string[][];
  countryCodes: string[][];
  cities: CityRef[][];
  openNow: boolean;
  minRating: number | undefined;
}

/** `facetFilters`: AND of groups, each an OR of `attribute:value`. */
function parseFacetFilters(groups: (string | string[])[]): ParsedFilters {
  const parsed: ParsedFilters = { categorySlugs: [], countryCodes: [], cities: [], openNow: false, minRating: undefined };
  for (const group of groups) {
    const filters = (Array.isArray(group) ? group : [group]).map((filter) => {
      const colon = filter.indexOf(':');
      const attribute = filter.slice(0, colon);
      const value = filter.slice(colon + 1).replace(/^"|"$/g, '');
      if (colon < 0 || !(FILTER_ATTRIBUTES as readonly string[]).includes(attribute)) {
        throw new FilterError('facetFilters', `"${filter}" is not attribute:value with attribute ${FILTER_ATTRIBUTES.join(', ')}`);
      }
      if (value.startsWith('-')) throw new FilterError('facetFilters', `"${filter}": negative filters are not supported`);
      return { attribute: attribute as (typeof FILTER_ATTRIBUTES)[number], value };
    });
    const attributes = new Set(filters.map((filter) => filter.attribute));
    if (attributes.size > 1) throw new FilterError('facetFilters', 'an OR group must name one attribute');
    const [attribute] = attributes;
    const values = filters.map((filter) => filter.value);
    if (attribute === 'category') parsed.categorySlugs.push(values);
    else if (attribute === 'country') parsed.countryCodes.push(values.map((value) => value.toUpperCase()));
    else if (attribute === 'city') {
      parsed.cities.push(
        values.map((value) => {
          const city = parseCityKey(value);
          if (!city) throw new FilterError('facetFilters', `"city:${value}" must look like city:FR:lyon`);
          return city;
        }),
      );
    } else if (attribute === 'openNow') parsed.openNow = values.includes('true');
  }
  return parsed;
}

function parseNumericFilters(groups: (string | string[])[], parsed: ParsedFilters): void {
  for (const group of groups) {
    const filters = Array.isArray(group) ? group : [group];
    if (filters.length !== 1) throw new FilterError('numericFilters', 'OR groups of numeric filters are not supported');
    const match = /^\s*rating\s*(>=|>|=)\s*(\d+(?:\.\d+)?)\s*$/.exec(filters[0]!);
    if (!match) throw new FilterError('numericFilters', `"${filters[0]}" is not supported: use rating>=N`);
    const value = Number(match[2]);
    const minimum = match[1] === '>' ? value + 0.001 : value;
    parsed.minRating = Math.max(parsed.minRating ?? 0, minimum);
  }
}

/** Several OR groups of one attribute intersect: keep the values every group allows. */
function intersect<T>(groups: T[][], key: (value: T) => string): T[] | undefined {
  if (groups.length === 0) return undefined;
  return groups.reduce((kept, group) => kept.filter((value) => group.some((other) => key(other) === key(value))));
}

/** Translates one InstantSearch request to an engine request. */
export function toSearchRequest(request: InstantSearchRequest, now: Date): SearchRequest {
  const { params } = request;
  const filters = parseFacetFilters(params.facetFilters ?? []);
  parseNumericFilters(params.numericFilters ?? [], filters);
  const sort = (INDEX_NAME.exec(request.indexName)?.[1] ?? 'relevance') as SearchSort;
  let geo: GeoFilter | undefined;
  if (params.insideBoundingBox) geo = params.insideBoundingBox;
  else if (params.aroundLatLng && params.aroundRadius !== undefined && params.aroundRadius !== 'all') {
    geo = { ...params.aroundLatLng, radiusKm: params.aroundRadius / 1000 };
  }
  const facets = params.facets.includes('*') ? [...FACET_NAMES] : (params.facets as FacetName[]);
  return {
    query: params.query,
    location: params.location,
    filters: {
      categorySlugs: intersect(filters.categorySlugs, (slug) => slug),
      countryCodes: intersect(filters.countryCodes, (code) => code),
      cities: intersect(filters.cities, (city) => `${city.countryCode}:${city.citySlug}`),
      minRating: filters.minRating,
      openNow: filters.openNow,
      geo,
    },
    sort,
    aroundPoint: params.aroundLatLng,
    // hitsPerPage 0 (InstantSearch's facet-only queries) still asks the engine for one hit.
    page: params.page + 1,
    perPage: Math.max(params.hitsPerPage, 1),
    facets,
    maxFacetValues: request.type === 'facet' ? MAX_FACET_VALUES : params.maxValuesPerFacet,
    facetSearch: request.type === 'facet' && request.facet ? { facet: request.facet, query: params.facetQuery } : undefined,
    now,
  };
}

function retag(text: string, pre: string, post: string): string {
  return text.split(HIGHLIGHT_PRE_TAG).join(pre).split(HIGHLIGHT_POST_TAG).join(post);
}

function presentHighlight(marked: string | null, pre: string, post: string): InstantSearchHighlight {
  const text = marked ?? '';
  const matchedWords = [...text.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1]!);
  return { value: retag(text, pre, post), matchLevel: matchedWords.length > 0 ? 'full' : 'none', matchedWords };
}

function encodeParams(params: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  ).toString();
}

/** The engine's answer in the Algolia response shape. */
export function presentInstantSearchResult(request: InstantSearchRequest, response: SearchResponse): InstantSearchResult {
  const { params } = request;
  const hits = params.hitsPerPage === 0 ? [] : response.hits;
  const facets: Record<string, Record<string, number>> = {};
  const facetLabels: Record<string, Record<string, string>> = {};
  for (const [facet, values] of Object.entries(response.facets)) {
    facets[facet] = Object.fromEntries(values.map((value) => [value.value, value.count]));
    facetLabels[facet] = Object.fromEntries(values.map((value) => [value.value, value.label]));
  }
  return {
    index: request.indexName,
    query: params.query,
    params: encodeParams(params),
    hits: hits.map((hit) => ({
      ...presentSearchItem(hit),
      objectID: String(hit.id),
      ...(hit.latitude !== null && hit.longitude !== null ? { _geoloc: { lat: hit.latitude, lng: hit.longitude } } : {}),
      _highlightResult: {
        name: presentHighlight(hit._highlight.name, params.highlightPreTag, params.highlightPostTag),
        category: presentHighlight(hit._highlight.category, params.highlightPreTag, params.highlightPostTag),
      },
    })),
    nbHits: response.total,
    page: params.page,
    nbPages: Math.min(response.totalPages, 50),
    hitsPerPage: params.hitsPerPage,
    facets,
    facetLabels,
    ...(response.unknownPlace ? { unknownPlace: response.unknownPlace } : {}),
    exhaustiveFacetsCount: response.isFacetExact,
    exhaustiveNbHits: response.isTotalExact,
    processingTimeMS: response.processingTimeMs,
    ...(response.queryWords ? { queryWords: { used: response.queryWords.used, dropped: response.queryWords.dropped } } : {}),
    ...(response.correctedLocation ? { correctedLocation: { typed: response.correctedLocation.typed, used: response.correctedLocation.used } } : {}),
    ...(response.aroundPlace ? { aroundPlace: presentAroundPlace(response.aroundPlace) } : {}),
    ...(response.chosenCity ? { chosenCity: presentChosenCity(response.chosenCity) } : {}),
    ...(response.unmatchedPlace ? { unmatchedPlace: presentUnmatchedPlace(response.unmatchedPlace) } : {}),
  };
}

/** A facet search's answer in the Algolia shape (`highlighted` marks the typed prefix). */
export function presentInstantSearchFacets(request: InstantSearchRequest, response: SearchResponse): InstantSearchFacetResult {
  const { params } = request;
  const hits = (response.facetHits ?? []).slice(0, params.maxFacetHits);
  return {
    facetHits: hits.map((hit) => ({
      value: hit.value,
      label: hit.label,
      count: hit.count,
      highlighted:
        params.facetQuery.length > 0
          ? `${params.highlightPreTag}${hit.label.slice(0, params.facetQuery.length)}${params.highlightPostTag}${hit.label.slice(params.facetQuery.length)}`
          : hit.label,
    })),
    exhaustiveFacetsCount: response.isFacetExact,
    processingTimeMS: response.processingTimeMs,
  };
}

/** The engine every request of a multi-query is answered by. */
interface MultiSearchEngine {
  search(request: SearchRequest): Promise<SearchResponse>;
}

/**
 * Answers a multi-query (`POST /api/search/multi`) from requests that already passed
 * {@link InstantSearchRequestSchema}: each one translated, searched and presented in the Algolia
 * shape. A bad filter throws a {@link FilterError} naming the field it is about.
 */
export async function multiSearch(
  engine: MultiSearchEngine,
  requests: InstantSearchRequest[],
  now: Date,
): Promise<(InstantSearchResult | InstantSearchFacetResult)[]> {
  const translated = requests.map((request, index) => {
    try {
      return { request, search: toSearchRequest(request, now) };
    } catch (error) {
      // Name the request the bad filter came from, as a client reading a 400 needs it.
      if (error instanceof FilterError) throw new FilterError(`requests.${index}.params.${error.field}`, error.message);
      throw error;
    }
  });
  return Promise.all(
    translated.map(async ({ request, search }) => {
      const response = await engine.search(search);
      return request.type === 'facet' ? presentInstantSearchFacets(request, response) : presentInstantSearchResult(request, response);
    }),
  );
}
