import { AsyncLocalStorage } from 'node:async_hooks';
import type Koa from 'koa';
import inject from 'light-my-request';
import { ApiRequestError, apiPaths, parseRetryAfter, type AdminCallInit, type ApiClient, type ApiRead } from '@directory/frontend/src/lib/api-client.ts';
import { RateLimitedError } from '../errors.ts';
import { badRequestFromIssues } from '../middleware/validate.ts';
import { ContactMessageBody } from '../routes/contact/schema.ts';
import { presentBusinessDetail, presentFeaturedBusiness, presentNearbyBusinesses } from '../presenters/business.ts';
import { presentContactDetails } from '../presenters/contact-details.ts';
import { presentBusinessPage, presentCategoryPage, presentCityPage, presentCountryPage, presentHomepage } from '../presenters/pages.ts';
import { presentCategoryEntry, presentCityEntry, presentCountryEntry, presentPagedCities } from '../presenters/places.ts';
import type { AppDeps } from '../routes/deps.ts';
import { InstantSearchRequestSchema } from '../routes/search/instantsearch.ts';
import type { InstantSearchResponse } from '../shared/api-types.ts';
import { BUSINESS_MAX_PAGE } from '../services/directory-service.ts';
import { searchUnavailable } from '../middleware/engine-availability.ts';
import type { EngineHealth } from '../services/engine-health.ts';

/**
 * A read of the search engine for a page: failing as the JSON API answers (503 with its message)
 * while the engine cannot be reached, so the page shows its error state with that status.
 */
function engineRead<A extends unknown[], R>(health: EngineHealth, read: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const unavailable = () => {
    const error = searchUnavailable(health);
    return new ApiRequestError(503, JSON.stringify({ error: { id: error.id, message: error.message } }), health.retryAfterSeconds());
  };
  return async (...args) => {
    if (!health.isAvailable()) throw unavailable();
    try {
      return await read(...args);
    } catch (error) {
      if (health.noteFailure(error)) throw unavailable();
      throw error;
    }
  };
}
import { currentPageRequest } from './page-request.ts';
import { NonceStamper } from './script-nonce.ts';

/**
 * Runs one admin call through the app's whole middleware chain (session, CSRF, validation,
 * errors) in memory, with the page request's cookie: no socket, and no second set of rules.
 */
async function dispatchAdminCall<T>(app: Koa, handler: { current?: ReturnType<Koa['callback']> }, path: string, init: AdminCallInit): Promise<T> {
  // Composed at the first call: every middleware is mounted by then.
  handler.current ??= app.callback();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.csrfToken) headers['x-csrf-token'] = init.csrfToken;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await inject(handler.current, {
    method: init.method ?? 'GET',
    url: path,
    headers,
    ...(init.body !== undefined ? { payload: JSON.stringify(init.body) } : {}),
  });
  if (response.statusCode >= 400) {
    const retryAfter = response.headers['retry-after'];
    throw new ApiRequestError(response.statusCode, response.payload || response.statusMessage, parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null));
  }
  return response.json<T>();
}

/** The reads of the render running in this async context, when it is being logged. */
const readLog = new AsyncLocalStorage<Map<string, unknown>>();

/**
 * Runs `render` and answers, beside its result, every read the in-process client made for it
 * (path and answer, the last answer when a path was read twice), for the page to embed.
 */
export async function withReadLog<T>(render: () => Promise<T>): Promise<{ result: T; reads: ApiRead[] }> {
  const reads = new Map<string, unknown>();
  const result = await readLog.run(reads, render);
  return { result, reads: [...reads] };
}

/** Notes `answer` as the read of `path` in the current log, and passes it on. */
function logged<T>(path: string, answer: T): T {
  readLog.getStore()?.set(path, answer);
  return answer;
}

/**
 * The API client server renders use: the same services and presenters as the JSON API, called
 * in-process, so a page render costs no HTTP round trip and shows exactly what the API answers.
 * Admin calls go through `app` (when given) with the page request's cookie.
 */
export function createInProcessApiClient({ directory, site, inbox, searchAnswers, engineHealth }: AppDeps, app?: Koa): ApiClient {
  const handler: { current?: ReturnType<Koa['callback']> } = {};
  const stamper = new NonceStamper();
  const client: ApiClient = {
    homepage: async () => logged(apiPaths.homepage(), presentHomepage(await directory.home())),
    featured: async () => logged(apiPaths.featured(), (await directory.featured()).map(presentFeaturedBusiness)),
    businesses: async (page) => logged(apiPaths.businesses(page), presentBusinessPage(await directory.businessPage(page), BUSINESS_MAX_PAGE)),
    async business(slug) {
      const found = directory.business(slug);
      return logged(apiPaths.business(slug), found.kind === 'found' ? { kind: 'found', business: presentBusinessDetail(found.row) } : found);
    },
    async nearby(slug) {
      const found = await directory.nearby(slug);
      if (found.kind !== 'found') return presentNearbyBusinesses(false, []);
      return logged(apiPaths.nearby(slug), presentNearbyBusinesses(found.isSameCategory, found.entries));
    },
    categories: async (letter) => logged(apiPaths.categories(letter), (await directory.categories(letter)).map(presentCategoryEntry)),
    async category(slug, page, limit) {
      const found = await directory.category(slug, page, limit);
      return logged(apiPaths.category(slug, page, limit), found && presentCategoryPage(found.detail, found.page));
    },
    countries: async () => logged(apiPaths.countries(), (await directory.countries()).map(presentCountryEntry)),
    async country(slug) {
      const detail = await directory.country(slug);
      return logged(apiPaths.country(slug), detail && presentCountryPage(detail));
    },
    async cities(options = {}) {
      const cities = await directory.cities({
        ...(options.letter ? { letter: options.letter } : {}),
        ...(options.country ? { countryCode: options.country.toUpperCase() } : {}),
      });
      return logged(apiPaths.cities(options), cities.map(presentCityEntry));
    },
    async citiesPage(options) {
      const { letter, country, q, page, limit } = options;
      const text = q?.trim();
      const filter = {
        ...(letter ? { letter: letter.toUpperCase() } : {}),
        ...(country ? { countryCode: country.toUpperCase() } : {}),
        ...(text ? { text } : {}),
      };
      return logged(apiPaths.citiesPage(options), presentPagedCities(await directory.cityPage(filter, page, limit), page, limit));
    },
    async city(countryCode, citySlug, page, limit) {
      const found = await directory.city(countryCode, citySlug, page, limit);
      return logged(apiPaths.city(countryCode, citySlug, page, limit), found && presentCityPage(found.detail, found.page));
    },
    siteSettings: async () => {
      const settings = site.siteSettings();
      return logged(apiPaths.siteSettings(), { head_tags: settings.head_tags, facebook_pixel: settings.facebook_pixel, footer_tags: settings.footer_tags });
    },
    // Rendered into the page by React: their scripts carry the placeholder the page renderer turns
    // into the response's nonce. The browser's cache gets them as the API answers them.
    async advertisementCodes() {
      const codes = logged(apiPaths.advertisementCodes(), site.advertisementCodes());
      return { ad1: stamper.stamp(codes.ad1), ad2: stamper.stamp(codes.ad2), ad3: stamper.stamp(codes.ad3), ad4: stamper.stamp(codes.ad4) };
    },
    contactDetails: async () => logged(apiPaths.contactDetails(), presentContactDetails(site.contactDetails())),
    async sendContact(message) {
      // The same rules and per-address limit as POST /api/contact (the address of the page request being rendered), failing the way the HTTP client does.
      const parsed = ContactMessageBody.safeParse(message);
      if (!parsed.success) {
        const error = badRequestFromIssues(parsed.error.issues);
        throw new ApiRequestError(error.status, JSON.stringify({ error: { id: error.id, message: error.message, fields: error.fields } }));
      }
      try {
        return await inbox.receive(parsed.data, currentPageRequest().address);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        throw new ApiRequestError(error.status, JSON.stringify({ error: { id: error.id, message: error.message } }), error.retryAfterSeconds);
      }
    },
    // The same validation and search as POST /api/search/multi, where searches run; bad input throws (the page's URL is parsed before it gets here).
    instantSearch: async (requests) =>
      JSON.parse(await searchAnswers.answer({ kind: 'multi', requests: InstantSearchRequestSchema.array().parse(requests), now: Date.now() })) as InstantSearchResponse,
    admin<T>(path: string, init: AdminCallInit = {}): Promise<T> {
      if (!app) throw new Error('This in-process client was created without the app: admin calls need it.');
      return dispatchAdminCall<T>(app, handler, path, init);
    },
  };
  return {
    ...client,
    homepage: engineRead(engineHealth, client.homepage),
    featured: engineRead(engineHealth, client.featured),
    businesses: engineRead(engineHealth, client.businesses),
    nearby: engineRead(engineHealth, client.nearby),
    categories: engineRead(engineHealth, client.categories),
    category: engineRead(engineHealth, client.category),
    countries: engineRead(engineHealth, client.countries),
    country: engineRead(engineHealth, client.country),
    cities: engineRead(engineHealth, client.cities),
    citiesPage: engineRead(engineHealth, client.citiesPage),
    city: engineRead(engineHealth, client.city),
    instantSearch: engineRead(engineHealth, client.instantSearch),
  };
}
