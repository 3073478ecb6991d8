/**
 * Shapes of every public JSON response. The frontend imports these types, so client and
 * server cannot drift. Field names follow the visitor spec (section 3); fields beyond the spec
 * (slugs, country codes) are there so the client never has to rebuild a link by guessing.
 */

export interface ApiError {
  error: { id: string; message: string; fields?: Record<string, string[]> };
}

/**
 * Whether a business is running: `temporarily_closed` when Google's export said so
 * (CLOSED_TEMPORARILY) or an operator marked it; its usual hours then say nothing about today.
 */
export type BusinessStatus = 'operational' | 'temporarily_closed';

export interface FeaturedBusiness {
  id: number;
  slug: string;
  name: string;
  type: string | null;
  image_url: string | null;
  rating: number | null;
  review_count: number;
  full_address: string | null;
  phone: string | null;
  category: string | null;
  categorySlug: string | null;
  city: string | null;
  countryCode: string | null;
}

export interface BusinessListItem {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  categorySlug: string | null;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  address: string | null;
  isApproved: boolean;
  createdAt: string;
  placeId: string | null;
  countryCode: string | null;
  url: string | null;
  photo: string | null;
  status: BusinessStatus;
}

export interface PagedBusinesses {
  businesses: BusinessListItem[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export interface HomepageData {
  popularSearches: { category: string; slug: string; count: number }[];
  topCities: { city: string; slug: string; countryCode: string; count: number }[];
  topCountries: { country: string; slug: string; countryCode: string; businessCount: number }[];
  totals: { businesses: number; categories: number; countries: number; cities: number };
}

export interface CategoryEntry {
  category: string;
  slug: string;
  letter: string;
  count: number;
  countryCount: number;
  averageRating: number | null;
}

export interface CountryEntry {
  country: string;
  slug: string;
  countryCode: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export interface CityEntry {
  city: string;
  slug: string;
  countryCode: string;
  country: string;
  businessCount: number;
  categoryCount: number;
}

/** `GET /api/cities?page=`: one page of cities, with the count and business total of every match. */
export interface PagedCities {
  cities: CityEntry[];
  total: number;
  businessTotal: number;
  currentPage: number;
  totalPages: number;
  limit: number;
}

export interface NamedCount {
  slug: string;
  count: number;
}

export interface CountryPageData {
  country: string;
  slug: string;
  countryCode: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
  topCities: (NamedCount & { city: string; countryCode: string })[];
  topCategories: (NamedCount & { category: string })[];
}

export interface CategoryPageData {
  category: string;
  slug: string;
  businessCount: number;
  countryCount: number;
  averageRating: number | null;
  businesses: BusinessListItem[];
  topCountries: (NamedCount & { country: string; countryCode: string })[];
  currentPage: number;
  totalPages: number;
  limit: number;
}

export interface CityPageData {
  city: string;
  slug: string;
  country: string;
  countryCode: string;
  /** The country page's slug ("france"). */
  countrySlug: string;
  businessCount: number;
  categoryCount: number;
  businesses: BusinessListItem[];
  topCategories: (NamedCount & { category: string })[];
  currentPage: number;
  totalPages: number;
  limit: number;
}

/** Amenity groups ({"Accessibility": {"Wheelchair accessible entrance": true}}) or plain text. */
export type About = Record<string, Record<string, boolean>> | string;

export interface BusinessDetail {
  id: number;
  name: string;
  slug: string;
  type: string | null;
  category: string | null;
  categorySlug: string | null;
  rating: number | null;
  reviews: number;
  reviewsLink: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  citySlug: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  /** The country page's slug ("spain"): its link needs no redirect from the code. */
  countrySlug: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  photo: string | null;
  logo: string | null;
  locatedIn: string | null;
  placeId: string | null;
  verified: boolean;
  isApproved: boolean;
  about: About | null;
  /** Its usual hours (while it is temporarily closed, those it keeps when it opens again). */
  workingHours: Record<string, string> | null;
  timeZone: string | null;
  url: string | null;
  status: BusinessStatus;
  createdAt: string;
  updatedAt: string;
}

/** A business near the one a page shows: one of its "Nearby" cards. */
export interface NearbyBusiness {
  id: number;
  slug: string;
  name: string;
  /** Its category, else its type. */
  category: string | null;
  city: string | null;
  rating: number | null;
  reviews: number;
  photo: string | null;
  /** How far it is from the page's business (km). */
  distanceKm: number;
}

/**
 * `GET /api/businesses/{slug}/nearby`: up to 6 public businesses within 50 km, nearest first, of
 * the business's own category; of any category when none of its own is that near.
 */
export interface NearbyBusinesses {
  /** Whether they share the business's category. */
  isSameCategory: boolean;
  businesses: NearbyBusiness[];
}

export interface SiteSettings {
  head_tags: string;
  facebook_pixel: string;
  footer_tags: string;
}

/** One phone line of the operator's contact details. */
export interface ContactPhoneLine {
  /** What the line is for ("Listings and corrections"); null when the operator gave none. */
  label: string | null;
  number: string;
}

/**
 * The operator's contact details as visitors see them (`GET /api/contact-details`): the contact
 * page, the legal pages and their JSON-LD show a detail only when it is set (not null, not empty).
 */
export interface ContactDetails {
  organisationName: string;
  addressLines: string[];
  supportEmail: string | null;
  /** Where legal notices go: the legal email, else the support email. */
  legalEmail: string | null;
  /** Where privacy requests go: the privacy email, else the support email. */
  privacyEmail: string | null;
  phoneLines: ContactPhoneLine[];
  businessHours: string[];
}

export interface AdvertisementCodes {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

export interface ContactReceipt {
  success: true;
  id: number;
  message: string;
}

/* ---- Search (/api/search, /api/search/multi, /api/search/facet-values) ---- */

export type SearchFacetName = 'category' | 'country' | 'city';

/** One facet value: `value` is what a filter takes (category slug, country code, "FR:lyon"). */
export interface SearchFacetValue {
  value: string;
  label: string;
  count: number;
}

/** A business in search results: the list item plus where it is and what matched. */
export interface SearchResultItem extends BusinessListItem {
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from the searched point, when the search has one. */
  distanceKm: number | null;
  /** HTML-escaped name and category with matched words wrapped in `<mark>`…`</mark>`: safe to inject. */
  highlight: { name: string; category: string | null };
}

export interface SearchResults {
  query: string;
  location: string;
  hits: SearchResultItem[];
  totalCount: number;
  /** False when `totalCount` is a lower bound (very broad searches are counted up to a bound). */
  isTotalExact: boolean;
  currentPage: number;
  totalPages: number;
  perPage: number;
  facets: Record<SearchFacetName, SearchFacetValue[]>;
  /** False when facet counts were taken over the first matches only. */
  isFacetExact: boolean;
  /** Present when the location names no place the index knows (nothing is found). */
  unknownPlace?: UnknownPlace;
  processingTimeMs: number;
  /** Present when no business matched every word: the words searched with, and those dropped. */
  queryWords?: QueryWordsUsed;
  /** Present when the location was read with a typo corrected ("Londn" → "London"). */
  correctedLocation?: LocationCorrection;
  /** Present when the location names a real place without businesses here: the hits are the nearest around it. */
  aroundPlace?: AroundPlace;
  /** Present when a region written with the city chose one real city among several of its name ("Springfield, MO"): the hits lie near it. */
  chosenCity?: ChosenCity;
  /** Present when a part written with the city could not be applied ("Springfield, Vermont", "Springfield, Narnia"): the hits are the city's without it (beside `aroundPlace`, those around the real city: "Grenoble, Narnia"). */
  unmatchedPlace?: UnmatchedPlace;
}

/** A location read with a typo corrected: as typed, and the place searched. */
export interface LocationCorrection {
  typed: string;
  used: string;
}

/** The words a search used when nothing matched them all (it dropped words from the end). */
export interface QueryWordsUsed {
  used: string[];
  dropped: string[];
}

/**
 * A location naming a real place the directory has no business in ("Lyon", or a country such as
 * "Iceland": around its main city): the search showed the businesses within `radiusKm` of it,
 * nearest first, each with its distance from it.
 */
export interface AroundPlace {
  /** The location as typed. */
  text: string;
  /** The place it was read as, with its country (and region when the country has several of the name): "Lyon, France". */
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** True when some business lies within `radiusKm` of it, whatever the words and filters asked (offer "all businesses near …" only then). */
  hasBusinesses: boolean;
  /** Set when the where box named a country the directory has no business in ("Iceland"): its name; the place looked around (`name`) is its most populous city. */
  country?: string;
}

/**
 * The real city a region written with a city chose ("Springfield, MO") where the directory files
 * every city of the name in the country under one city: the search kept that city's businesses
 * within `radiusKm` of the chosen one.
 */
export interface ChosenCity {
  /** With its region and country: "Springfield, Missouri, United States". */
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

/**
 * A part of the location written with a city that the search could not apply: a region in which
 * the directory knows no city of the name ("Springfield, Vermont"), or a text naming no place
 * ("Springfield, Narnia"). The search kept the city without it.
 */
export interface UnmatchedPlace {
  /** The part as typed: "Vermont", "Narnia". */
  text: string;
  /** True when the part names a place (region, country, city) the city was not found in; false when it names none. */
  isKnownPlace: boolean;
  /** The city searched: "Springfield". */
  city: string;
  /** The place searched, as the page names it: "Springfield, United States" (or the real city a region chose, or the one looked around: "Grenoble, France"). */
  searched: string;
}

/** "No place called …": the location as typed and the nearest known place names (may be none). */
export interface UnknownPlace {
  text: string;
  suggestions: string[];
}

export interface FacetValuesResults {
  facet: SearchFacetName;
  facetHits: SearchFacetValue[];
  isFacetExact: boolean;
}

/** `_highlightResult` entry of the InstantSearch (Algolia) response shape. */
export interface InstantSearchHighlight {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export interface InstantSearchHit extends SearchResultItem {
  objectID: string;
  _geoloc?: { lat: number; lng: number };
  _highlightResult: { name: InstantSearchHighlight; category: InstantSearchHighlight };
}

/** One result of `POST /api/search/multi`, in the shape react-instantsearch reads. */
export interface InstantSearchResult {
  index: string;
  query: string;
  params: string;
  hits: InstantSearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  /** Not part of the Algolia shape: the label of every facet value returned, for display. */
  facetLabels: Record<string, Record<string, string>>;
  /** Not part of the Algolia shape: the where box names no place the index knows (nothing is found). */
  unknownPlace?: UnknownPlace;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  processingTimeMS: number;
  /** Not part of the Algolia shape: present when no business matched every word (see SearchResults). */
  queryWords?: QueryWordsUsed;
  /** Not part of the Algolia shape: present when the where box was read with a typo corrected (see SearchResults). */
  correctedLocation?: LocationCorrection;
  /** Not part of the Algolia shape: present when the where box names a real place without businesses here (see SearchResults). */
  aroundPlace?: AroundPlace;
  /** Not part of the Algolia shape: present when a region written with the city chose one real city among several of its name (see SearchResults). */
  chosenCity?: ChosenCity;
  /** Not part of the Algolia shape: present when a part written with the city could not be applied (see SearchResults). */
  unmatchedPlace?: UnmatchedPlace;
}

export interface InstantSearchFacetResult {
  facetHits: { value: string; highlighted: string; count: number; label: string }[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}

export interface InstantSearchResponse {
  results: (InstantSearchResult | InstantSearchFacetResult)[];
}
