import type Koa from 'koa';
import inject from 'light-my-request';
import { ApiRequestError, parseRetryAfter, type AdminCallInit, type ApiClient } from '@directory/frontend/src/lib/api-client.ts';
import { RateLimitedError } from '../errors.ts';
import { badRequestFromIssues } from '../middleware/validate.ts';
import { ContactMessageBody } from '../routes/contact/schema.ts';
import { presentBusinessDetail, presentFeaturedBusiness } from '../presenters/business.ts';
import { presentBusinessPage, presentCategoryPage, presentCityPage, presentCountryPage, presentHomepage } from '../presenters/pages.ts';
import { presentCategoryEntry, presentCityEntry, presentCountryEntry, presentPagedCities } from '../presenters/places.ts';
import type { AppDeps } from '../routes/deps.ts';
import { InstantSearchRequestSchema, multiSearch } from '../routes/search/instantsearch.ts';
import { BUSINESS_MAX_PAGE } from '../services/directory-service.ts';
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

/**
 * The API client server renders use: the same services and presenters as the JSON API, called
 * in-process, so a page render costs no HTTP round trip and shows exactly what the API answers.
 * Admin calls go through `app` (when given) with the page request's cookie.
 */
export function createInProcessApiClient({ directory, site, inbox, engine }: AppDeps, app?: Koa): ApiClient {
  const handler: { current?: ReturnType<Koa['callback']> } = {};
  const stamper = new NonceStamper();
  return {
    homepage: async () => presentHomepage(await directory.home()),
    featured: async () => (await directory.featured()).map(presentFeaturedBusiness),
    businesses: async (page) => presentBusinessPage(await directory.businessPage(page), BUSINESS_MAX_PAGE),
    async business(slug) {
      const found = directory.business(slug);
      if (found.kind === 'found') return { kind: 'found', business: presentBusinessDetail(found.row) };
      return found;
    },
    categories: async (letter) => (await directory.categories(letter)).map(presentCategoryEntry),
    async category(slug, page, limit) {
      const found = await directory.category(slug, page, limit);
      return found && presentCategoryPage(found.detail, found.page);
    },
    countries: async () => (await directory.countries()).map(presentCountryEntry),
    async country(slug) {
      const detail = await directory.country(slug);
      return detail && presentCountryPage(detail);
    },
    cities: async (options = {}) =>
      (
        await directory.cities({
          ...(options.letter ? { letter: options.letter } : {}),
          ...(options.country ? { countryCode: options.country.toUpperCase() } : {}),
        })
      ).map(presentCityEntry),
    async citiesPage({ letter, country, q, page, limit }) {
      const text = q?.trim();
      const filter = {
        ...(letter ? { letter: letter.toUpperCase() } : {}),
        ...(country ? { countryCode: country.toUpperCase() } : {}),
        ...(text ? { text } : {}),
      };
      return presentPagedCities(await directory.cityPage(filter, page, limit), page, limit);
    },
    async city(countryCode, citySlug, page, limit) {
      const found = await directory.city(countryCode, citySlug, page, limit);
      return found && presentCityPage(found.detail, found.page);
    },
    siteSettings: async () => {
      const settings = site.siteSettings();
      return { head_tags: settings.head_tags, facebook_pixel: settings.facebook_pixel, footer_tags: settings.footer_tags };
    },
    // Rendered into the page by React: their scripts carry the placeholder the page renderer turns into the response's nonce.
    async advertisementCodes() {
      const codes = site.advertisementCodes();
      return { ad1: stamper.stamp(codes.ad1), ad2: stamper.stamp(codes.ad2), ad3: stamper.stamp(codes.ad3), ad4: stamper.stamp(codes.ad4) };
    },
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
    // The same validation and search as POST /api/search/multi; bad input throws (the page's URL is parsed before it gets here).
    instantSearch: async (requests) => ({ results: await multiSearch(engine, InstantSearchRequestSchema.array().parse(requests), new Date()) }),
    admin<T>(path: string, init: AdminCallInit = {}): Promise<T> {
      if (!app) throw new Error('This in-process client was created without the app: admin calls need it.');
      return dispatchAdminCall<T>(app, handler, path, init);
    },
  };
}
