/**
 * The one way pages read data. In the browser it calls the JSON API; on the server the backend
 * installs an in-process client over the same services, so a server render makes no HTTP calls.
 */
import type {
  AdvertisementCodes,
  BusinessDetail,
  CategoryEntry,
  CategoryPageData,
  CityEntry,
  CityPageData,
  ContactDetails,
  ContactReceipt,
  CountryEntry,
  CountryPageData,
  FeaturedBusiness,
  HomepageData,
  InstantSearchResponse,
  NearbyBusinesses,
  PagedBusinesses,
  PagedCities,
  SiteSettings,
} from '@directory/backend/shared/api-types.ts';
import { FRESHNESS_SECONDS, UNUSED_CACHE_SECONDS, type FreshnessKind } from '@directory/backend/shared/freshness.ts';
import { QueryClient } from '@tanstack/query-core';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string;
  phone: string;
  /** The honeypot field the form hides from people: empty from a person, filled by a bot (the server drops the message). */
  website?: string;
}

/** One query of the InstantSearch (Algolia) multi-query protocol, as `POST /api/search/multi` reads it. */
export interface InstantSearchQuery {
  indexName: string;
  type?: 'default' | 'facet';
  facet?: string;
  params?: Record<string, unknown>;
}

/** One page of cities: of a letter and/or a country, those matching `q` when it is not blank. */
export interface CitiesPageOptions {
  letter?: string;
  country?: string;
  q?: string;
  page: number;
  limit: number;
}

/** A business lookup: found, moved to another slug (old slug), or missing. */
export type BusinessResult = { kind: 'found'; business: BusinessDetail } | { kind: 'moved'; slug: string } | { kind: 'missing' };

/** One call of the admin API: a read, or a write with the session's CSRF token. */
export interface AdminCallInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as `X-CSRF-Token` (every admin write needs it). */
  csrfToken?: string;
  /**
   * The page request's Cookie header: the server's in-process client forwards it so the
   * operator's session applies; the browser sends its own cookies and ignores this.
   */
  cookie?: string | null;
}

export interface ApiClient {
  homepage(): Promise<HomepageData>;
  featured(): Promise<FeaturedBusiness[]>;
  businesses(page: number): Promise<PagedBusinesses>;
  business(slug: string): Promise<BusinessResult>;
  /** The businesses near a business (its page's "Nearby" cards). */
  nearby(slug: string): Promise<NearbyBusinesses>;
  categories(letter?: string): Promise<CategoryEntry[]>;
  /** null when the category does not exist. */
  category(slug: string, page: number, limit: number): Promise<CategoryPageData | null>;
  countries(): Promise<CountryEntry[]>;
  country(slug: string): Promise<CountryPageData | null>;
  cities(options?: { letter?: string; country?: string }): Promise<CityEntry[]>;
  citiesPage(options: CitiesPageOptions): Promise<PagedCities>;
  city(countryCode: string, citySlug: string, page: number, limit: number): Promise<CityPageData | null>;
  siteSettings(): Promise<SiteSettings>;
  advertisementCodes(): Promise<AdvertisementCodes>;
  /** The operator's contact details (contact page, legal pages). */
  contactDetails(): Promise<ContactDetails>;
  sendContact(message: ContactMessage): Promise<ContactReceipt>;
  /** The search page's queries (InstantSearch multi-query protocol), answered in the Algolia shape. */
  instantSearch(requests: InstantSearchQuery[]): Promise<InstantSearchResponse>;
  /** A call of the admin API (`/api/admin/...` and the other guarded paths), through its session checks. */
  admin<T>(path: string, init?: AdminCallInit): Promise<T>;
}

/** A failed call: "{status}: {body text}" as the spec's shared helper words it, with the body parsed when it is JSON. */
export class ApiRequestError extends Error {
  readonly body: unknown;

  constructor(
    readonly status: number,
    text: string,
    /** The `Retry-After` header in seconds (a throttled login answers 429 with it). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiRequestError';
    this.body = parseJsonOrNull(text);
  }
}

/** Seconds of a `Retry-After` header (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The sentence of an API error body (`{ error: { message } }`), or null. */
export function apiErrorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body as { error: unknown };
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : null;
}

/**
 * The API's message when a read failed with a 503 of ours (the search engine unreachable), else
 * null (a 503 without our JSON, from a proxy say, keeps its own text). It
 * reads the error's text, not its class: an error a server render hands to the browser arrives
 * there as a plain Error with the same message.
 */
export function unavailableMessage(error: unknown): string | null {
  if (!(error instanceof Error) || !error.message.startsWith('503: ')) return null;
  return apiErrorMessage(parseJsonOrNull(error.message.slice('503: '.length)));
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * True for a failed API call. Checked by shape, not `instanceof`: the server bundle and the
 * backend's in-process client each hold their own copy of the class.
 */
export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof Error && error.name === 'ApiRequestError' && typeof (error as ApiRequestError).status === 'number';
}

async function request<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(path, {
    method: init?.method ?? 'GET',
    credentials: 'include',
    headers: init ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
    ...(init ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new ApiRequestError(response.status, (await response.text()) || response.statusText);
  return (await response.json()) as T;
}

/** null for a 404, the parsed body otherwise. */
async function requestOrNull<T>(path: string): Promise<T | null> {
  try {
    return await request<T>(path);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Wait before retry `failureCount` (0-based): 1 s, doubling, at most 30 s (visitor spec §9). */
export const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/**
 * Whether a failed read is worth another try: the network failed or the server had a passing
 * problem (5xx, 429). A 4xx answer would come back the same, so it is not retried.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status >= 500 || error.status === 429;
  return error instanceof TypeError;
}

/** The browser's cache of API reads, with the spec's general defaults (§9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: FRESHNESS_SECONDS.default * 1000, gcTime: UNUSED_CACHE_SECONDS * 1000, retryDelay },
      mutations: { retry: false },
    },
  });
}

/** The client's reads: every call that the browser caches. */
type ReadName = Exclude<keyof ApiClient, 'sendContact' | 'instantSearch' | 'admin'>;

/**
 * The API path of each read. It is both the HTTP request and the browser cache's key, so the
 * server can name the reads of a page it renders and the browser start with them cached.
 */
export const apiPaths: { [Name in ReadName]: (...args: Parameters<ApiClient[Name]>) => string } = {
  homepage: () => '/api/homepage-data',
  featured: () => '/api/featured-businesses',
  businesses: (page) => `/api/businesses${query({ page })}`,
  business: (slug) => `/api/businesses/${encodeURIComponent(slug)}`,
  nearby: (slug) => `/api/businesses/${encodeURIComponent(slug)}/nearby`,
  categories: (letter) => `/api/categories${query({ letter })}`,
  category: (slug, page, limit) => `/api/categories/${encodeURIComponent(slug)}${query({ page, limit })}`,
  countries: () => '/api/countries',
  country: (slug) => `/api/countries/${encodeURIComponent(slug)}`,
  cities: (options = {}) => `/api/cities${query({ letter: options.letter, country: options.country })}`,
  citiesPage: ({ letter, country, q, page, limit }) => `/api/cities${query({ letter, country, q: q?.trim(), page, limit })}`,
  city: (countryCode, citySlug, page, limit) =>
    `/api/cities/${encodeURIComponent(countryCode)}/${encodeURIComponent(citySlug)}${query({ page, limit })}`,
  siteSettings: () => '/api/admin/site-settings',
  advertisementCodes: () => '/api/admin/advertisement-codes',
  contactDetails: () => '/api/contact-details',
};

/** One read a server render made: its path (the cache key) and its answer. */
export type ApiRead = [path: string, answer: unknown];

/** The reads of a server-rendered page, embedded in it for the browser's cache. */
export interface RenderedReads {
  /** When the server read them (ms since the epoch): their freshness counts from then. */
  readAt: number;
  reads: ApiRead[];
}

/** The id of the `<script type="application/json">` element that carries a page's {@link RenderedReads}. */
export const RENDERED_READS_ELEMENT_ID = 'api-reads';

/**
 * Puts the reads a server render made into `queries`, as if the browser had made them when the
 * server did: the first client-side move after a server-rendered page reuses what is still fresh
 * instead of fetching it again.
 */
export function seedQueryCache(queries: QueryClient, rendered: RenderedReads, now = Date.now()): void {
  // A clock ahead of the browser's must not make an answer look fresher than it is.
  const updatedAt = Math.min(rendered.readAt, now);
  for (const [path, answer] of rendered.reads) queries.setQueryData([path], answer, { updatedAt });
}

/**
 * The JSON API over HTTP, as the browser uses it. Reads go through `queries`: an answer is
 * reused while it is fresh (so moving between list pages does not fetch the whole list again),
 * and a failed read is retried up to 3 times (the business detail once). Writes and the search
 * page's queries (InstantSearch keeps its own cache) go straight to the server, never retried.
 */
export function createHttpApiClient(queries: QueryClient = createQueryClient()): ApiClient {
  const read = <T>(path: string, freshness: FreshnessKind, fetcher: () => Promise<T> = () => request<T>(path), retries = 3): Promise<T> =>
    queries.fetchQuery({
      queryKey: [path],
      queryFn: fetcher,
      staleTime: FRESHNESS_SECONDS[freshness] * 1000,
      retry: (failureCount, error) => failureCount < retries && isRetryable(error),
    });
  return {
    homepage: () => read(apiPaths.homepage(), 'home'),
    featured: () => read(apiPaths.featured(), 'featured'),
    businesses: (page) => read(apiPaths.businesses(page), 'default'),
    business(slug) {
      const path = apiPaths.business(slug);
      const fetchBusiness = async (): Promise<BusinessResult> => {
        const response = await fetch(path, { credentials: 'include', redirect: 'follow' });
        if (response.status === 404) return { kind: 'missing' };
        if (!response.ok) throw new ApiRequestError(response.status, (await response.text()) || response.statusText);
        const business = (await response.json()) as BusinessDetail;
        return business.slug === slug ? { kind: 'found', business } : { kind: 'moved', slug: business.slug };
      };
      // Visitor spec §9: business detail fresh 10 minutes, 1 retry.
      return read(path, 'businessDetail', fetchBusiness, 1);
    },
    // As fresh as the business itself, 1 retry: the page shows without them when they fail.
    nearby: (slug) => read(apiPaths.nearby(slug), 'businessDetail', undefined, 1),
    categories: (letter) => read(apiPaths.categories(letter), 'lists'),
    category: (slug, page, limit) => {
      const path = apiPaths.category(slug, page, limit);
      return read(path, 'placePage', () => requestOrNull<CategoryPageData>(path));
    },
    countries: () => read(apiPaths.countries(), 'lists'),
    country: (slug) => {
      const path = apiPaths.country(slug);
      return read(path, 'placePage', () => requestOrNull<CountryPageData>(path));
    },
    cities: (options) => read(apiPaths.cities(options), 'lists'),
    citiesPage: (options) => read(apiPaths.citiesPage(options), 'lists'),
    city: (countryCode, citySlug, page, limit) => {
      const path = apiPaths.city(countryCode, citySlug, page, limit);
      return read(path, 'placePage', () => requestOrNull<CityPageData>(path));
    },
    // Site settings: fresh 5 minutes, 1 retry (visitor spec §7 and §9).
    siteSettings: () => read(apiPaths.siteSettings(), 'siteSettings', undefined, 1),
    advertisementCodes: () => read(apiPaths.advertisementCodes(), 'siteSettings'),
    // Changed only by an operator's save, like the snippets: fresh as long, 1 retry.
    contactDetails: () => read(apiPaths.contactDetails(), 'siteSettings', undefined, 1),
    sendContact: (message) => request('/api/contact', { method: 'POST', body: message }),
    instantSearch: (requests) => request('/api/search/multi', { method: 'POST', body: { requests } }),
    // Admin calls are never cached nor retried here: the admin screens' loaders decide.
    async admin<T>(path: string, init: AdminCallInit = {}): Promise<T> {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.csrfToken) headers['x-csrf-token'] = init.csrfToken;
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        credentials: 'include',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      if (!response.ok) {
        throw new ApiRequestError(response.status, (await response.text()) || response.statusText, parseRetryAfter(response.headers.get('retry-after')));
      }
      return (await response.json()) as T;
    },
  };
}

/** The browser's one cache of API reads. */
const browserQueries = createQueryClient();

export const httpApiClient: ApiClient = createHttpApiClient(browserQueries);

/** Starts the browser's cache with the reads the server made for the page being hydrated. */
export function seedBrowserCache(rendered: RenderedReads): void {
  seedQueryCache(browserQueries, rendered);
}

let current: ApiClient = httpApiClient;

/** The client loaders use: HTTP in the browser, in-process on the server. */
export function getApiClient(): ApiClient {
  return current;
}

/** Installs the server's in-process client (called once by the backend at start-up). */
export function setApiClient(client: ApiClient): void {
  current = client;
}
