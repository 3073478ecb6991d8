/**
 * The search call of the engine interface: what a visitor asks ("pizza" near "Lyon", only open
 * now, within 5 km) and what every engine answers. Both engines give the same answer for the
 * same index contents, within the bounds flagged by `isTotalExact` and `isFacetExact`.
 */
import type { BusinessSummary } from './document.ts';

export type SearchSort = 'relevance' | 'rating' | 'reviews' | 'distance';

export const FACET_NAMES = ['category', 'country', 'city'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export const MAX_PER_PAGE = 100;
export const DEFAULT_MAX_FACET_VALUES = 10;
export const MAX_FACET_VALUES = 100;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeoRadius extends GeoPoint {
  radiusKm: number;
}

export interface GeoBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

export type GeoFilter = GeoRadius | GeoBox;

export interface CityRef {
  countryCode: string;
  citySlug: string;
}

/** Filters combine with AND; the values inside one list combine with OR. */
export interface SearchFilters {
  categorySlugs?: string[];
  countryCodes?: string[];
  cities?: CityRef[];
  minRating?: number;
  /** Open at the request's `now`, in each business's own time zone; unknown hours never count as open. */
  openNow?: boolean;
  geo?: GeoFilter;
}

export interface SearchRequest {
  /** What: words, each matched as a prefix, typos tolerated on long words. */
  query?: string;
  /** Where: a city, a country name or code, or a postal code (comma-separated parts all apply). */
  location?: string;
  filters?: SearchFilters;
  /** `distance` needs a point: `aroundPoint`, or the centre of a radius/box filter. */
  sort?: SearchSort;
  aroundPoint?: GeoPoint;
  /** 1-based. */
  page: number;
  /** At most {@link MAX_PER_PAGE}. */
  perPage: number;
  facets?: FacetName[];
  /** Values per facet, most frequent first (default {@link DEFAULT_MAX_FACET_VALUES}). */
  maxFacetValues?: number;
  /** Searches inside one facet's values: labels with a word starting with `query` (accents folded). */
  facetSearch?: { facet: FacetName; query: string };
  /** The moment "open now" is evaluated at; defaults to the current time. */
  now?: Date;
}

/**
 * Highlighted copies of a hit's fields: the field's plain text (not HTML-escaped) where every
 * matched word is wrapped in {@link HIGHLIGHT_PRE_TAG} and {@link HIGHLIGHT_POST_TAG}.
 */
export interface SearchHighlight {
  name: string;
  category: string | null;
}

export const HIGHLIGHT_PRE_TAG = '<mark>';
export const HIGHLIGHT_POST_TAG = '</mark>';

export interface SearchHit extends BusinessSummary {
  _highlight: SearchHighlight;
  /** Distance from the request's point in kilometres, when the request has one. */
  _distanceKm: number | null;
}

export interface FacetValue {
  /** The filter value: category slug, country code, or `CC:city-slug` for cities. */
  value: string;
  /** What a visitor reads: category name, country name, city name. */
  label: string;
  count: number;
}

export type FacetCounts = Partial<Record<FacetName, FacetValue[]>>;

export interface SearchResponse {
  hits: SearchHit[];
  /** Matching businesses; a lower bound when `isTotalExact` is false. */
  total: number;
  isTotalExact: boolean;
  page: number;
  perPage: number;
  totalPages: number;
  facets: FacetCounts;
  /** False when facet counts were taken over a bounded candidate set rather than every match. */
  isFacetExact: boolean;
  /** Present when the request asked for a facet search. */
  facetHits?: FacetValue[];
  /**
   * Present when no business matched every query word and the search dropped words from the end
   * (as Meilisearch's matching strategy "last"): the words it searched with, and those it dropped.
   */
  queryWords?: { used: string[]; dropped: string[] };
  /** Present when the where box names no place the index knows: nothing is found, and this says why. */
  unknownPlace?: UnknownPlace;
  /** Present when the where box was read with a typo corrected ("Londn" → "London"): the answer is for `used`. */
  correctedLocation?: LocationCorrection;
  /** Present when the where box names a real place the index has no business in: the answer is the businesses around it, nearest first. */
  aroundPlace?: AroundPlace;
  /** Present when the where box chose one real city among several of its name in one country ("Springfield, MO"): the hits are the index's city of that name within `radiusKm` of it. */
  chosenCity?: ChosenCity;
  /**
   * Present when a part of the where box written with a city could not be applied ("Springfield, Vermont", "Springfield, Narnia"): the hits are
   * the city's without it, or, beside `aroundPlace`, those around the real city it names ("Grenoble, Narnia").
   */
  unmatchedPlace?: UnmatchedPlace;
  processingTimeMs: number;
}

/** "No place called …": the text as typed, and the nearest names the index knows (may be empty). */
export interface UnknownPlace {
  text: string;
  suggestions: string[];
}

/**
 * A real place the index has no business in ("Lyon" in a directory without one): the search looked
 * for the businesses within `radiusKm` of it instead, nearest first (unless the request sorts
 * otherwise), and measured each hit's distance from it (unless the request gives its own point).
 */
export interface AroundPlace {
  /** The where box as typed. */
  text: string;
  /** The place it was read as, with its country, and its region when the country has several places of the name: "Lyon, France", "Springfield, Massachusetts, United States". */
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** True when some business lies within `radiusKm` of it, whatever the words and filters asked (offer "all businesses near …" only then). */
  hasBusinesses: boolean;
  /** Set when the where box named a country the index has no business in ("Iceland"): its name; the place looked around (`name`) is its most populous city. */
  country?: string;
}

/**
 * The real city a country's region written with a city chose ("Springfield, MO") where the index
 * files every city of that name in the country under one city (`US:springfield`): the search kept
 * that city's businesses within `radiusKm` of the chosen one.
 */
export interface ChosenCity {
  /** With its region and country: "Springfield, Missouri, United States". */
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

/**
 * A part of the where box written with a city that the search could not apply: a region (or a
 * country's region) in which the catalogue knows no city of the name ("Springfield, Vermont"), a
 * city or region it knows but the city does not lie in, or a text naming no place ("Narnia"). The
 * search kept the city without it, rather than finding nothing or choosing one of its namesakes; for a
 * real city the index has no business in, it looked around it (or, when the region holds none of
 * its name, around the most populous one of the region's country).
 */
export interface UnmatchedPlace {
  /** The part as typed: "Vermont", "Narnia". */
  text: string;
  /** True when the part names a place (a region, a country, a city) the city was not found in; false when it names none. */
  isKnownPlace: boolean;
  /** The city searched, as the index names it: "Springfield". */
  city: string;
  /** The place searched, named with its country when its cities lie in one ("Springfield, United States"), else the city's name alone; the place looked around, if any ("Grenoble, France"). */
  searched: string;
}

/** A where box read with a typo corrected: the text as typed, and the place the search used ("London", "London, UK"). */
export interface LocationCorrection {
  typed: string;
  used: string;
}

/** The facet value of a city: country code and city slug, "FR:lyon". */
export function cityKey(countryCode: string, citySlug: string): string {
  return `${countryCode}:${citySlug}`;
}

/** Reads a city facet value ("FR:lyon"); null when it is not one. */
export function parseCityKey(value: string): CityRef | null {
  const match = /^([A-Za-z]{2}):(.+)$/.exec(value);
  return match ? { countryCode: match[1]!.toUpperCase(), citySlug: match[2]! } : null;
}

export function isGeoRadius(geo: GeoFilter): geo is GeoRadius {
  return 'radiusKm' in geo;
}
