/**
 * Property-based tests: malformed and hostile values sent to every endpoint, public and admin
 * (signed in), in query strings, JSON and form bodies and path segments. Every answer is a
 * correct 2xx or a 4xx with `{ error: { id, message } }`, never a 5xx, and the record's tables
 * are unchanged by reads and by refused writes (a digest before and after each request).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { signInAsAdmin, type AdminClient } from '../testing/admin-client.ts';
import { hostileText, queryString, recordDigest as digestOf, urlPiece } from '../testing/hostile-values.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp & { url: string };
let admin: AdminClient;
const recordDigest = () => digestOf(app.deps.record);

/** JSON values where text is expected, and where numbers or booleans are. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constant(null),
  fc.constantFrom(-1, 0, 1, 1.5, -1e308, 1e308, 2 ** 53 + 1, -(2 ** 31), 91, -181),
  fc.boolean(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.constant({ __proto__: { isAdmin: true } }),
  fc.constant('y'.repeat(90_000)),
);

/** A JSON object text over `keys` (own `__proto__`/`constructor` keys included), or JSON that is broken. */
function jsonBody(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keys, '__proto__', 'constructor', 'prototype'), hostileText);
  const object = fc
    .array(fc.tuple(key, hostileJson), { maxLength: 6 })
    .map((pairs) => `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`);
  const broken = fc.constantFrom('{"a":', '[1,2', 'null', '"text"', '123', '[]', '{"__proto__":{"polluted":true}}', '\u0000', '{"a":"\\ud800"}', `${'['.repeat(5000)}${']'.repeat(5000)}`);
  return fc.oneof({ weight: 4, arbitrary: object }, { weight: 1, arbitrary: broken });
}

// ---- the endpoints ----

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:name` segments, filled with hostile values. */
  path: string;
  /** Names the endpoint reads, so the hostile values reach its checks. */
  keys: string[];
  isAdmin?: boolean;
}

const SEARCH_KEYS = ['q', 'location', 'category', 'country', 'city', 'minRating', 'openNow', 'bbox', 'lat', 'lng', 'radiusKm', 'sort', 'page', 'perPage', 'facets', 'maxFacetValues'];
const BUSINESS_KEYS = ['name', 'category', 'type', 'phone', 'website', 'fullAddress', 'street', 'city', 'postalCode', 'country', 'countryCode', 'latitude', 'longitude', 'rating', 'reviews', 'workingHours', 'about', 'verified', 'isApproved'];

const PUBLIC: Endpoint[] = [
  { method: 'GET', path: '/api/homepage-data', keys: ['page'] },
  { method: 'GET', path: '/api/featured-businesses', keys: ['limit'] },
  { method: 'GET', path: '/api/businesses', keys: ['page', 'limit'] },
  { method: 'GET', path: '/api/businesses/:slug', keys: [] },
  { method: 'GET', path: '/api/categories', keys: ['letter'] },
  { method: 'GET', path: '/api/categories/:slug', keys: ['page', 'limit'] },
  { method: 'GET', path: '/api/countries', keys: [] },
  { method: 'GET', path: '/api/countries/:slug', keys: [] },
  { method: 'GET', path: '/api/cities', keys: ['letter', 'country', 'q', 'page', 'limit'] },
  { method: 'GET', path: '/api/cities/:countryCode/:citySlug', keys: ['page', 'limit'] },
  { method: 'GET', path: '/api/search', keys: SEARCH_KEYS },
  { method: 'POST', path: '/api/search/multi', keys: ['requests', 'indexName', 'params', 'query', 'facetFilters', 'numericFilters', 'filters'] },
  { method: 'POST', path: '/api/search/facet-values', keys: ['facet', 'facetQuery', 'q', 'location', 'maxFacetHits'] },
  { method: 'POST', path: '/api/contact', keys: ['name', 'email', 'subject', 'message', 'company', 'phone', 'website'] },
  { method: 'GET', path: '/api/admin/site-settings', keys: [] },
  { method: 'GET', path: '/api/admin/advertisement-codes', keys: [] },
  { method: 'GET', path: '/api/contact-details', keys: [] },
  { method: 'POST', path: '/api/admin/login', keys: ['username', 'password'] },
  { method: 'GET', path: '/robots.txt', keys: [] },
  { method: 'GET', path: '/sitemap.xml', keys: [] },
  { method: 'GET', path: '/sitemaps/businesses/page-:page.xml', keys: [] },
];

const ADMIN: Endpoint[] = [
  { method: 'GET', path: '/api/admin/session', keys: [] },
  { method: 'GET', path: '/api/admin/stats', keys: [] },
  { method: 'GET', path: '/api/admin/activity', keys: ['page', 'limit'] },
  { method: 'GET', path: '/api/admin/upload-reports', keys: ['page', 'limit'] },
  { method: 'GET', path: '/api/admin/upload-reports/:id/errors.csv', keys: [] },
  { method: 'GET', path: '/api/admin/reports', keys: [] },
  { method: 'GET', path: '/api/admin/categories', keys: [] },
  { method: 'GET', path: '/api/admin/country-codes', keys: [] },
  { method: 'GET', path: '/api/admin/businesses', keys: ['page', 'limit', 'filter', 'category', 'sortBy', 'sortOrder'] },
  { method: 'GET', path: '/api/admin/businesses/:id', keys: [] },
  { method: 'GET', path: '/api/admin/messages', keys: ['page', 'limit', 'status'] },
  { method: 'GET', path: '/api/admin/sitemaps', keys: [] },
  { method: 'GET', path: '/api/admin/reindex', keys: [] },
  { method: 'GET', path: '/api/admin/import-status', keys: [] },
  { method: 'GET', path: '/api/admin/export-csv', keys: ['fields', 'selectedFields', 'dateRange', 'category', 'country'] },
  { method: 'POST', path: '/api/export-csv', keys: ['selectedFields', 'dateRange', 'filters', 'category', 'country'] },
  { method: 'POST', path: '/api/admin/businesses/:id/toggle-approval', keys: [] },
  { method: 'PUT', path: '/api/admin/businesses/:id', keys: BUSINESS_KEYS },
  { method: 'DELETE', path: '/api/businesses/:id', keys: [] },
  { method: 'POST', path: '/api/admin/site-settings', keys: ['head_tags', 'footer_tags', 'analytics_code', 'facebook_pixel'] },
  { method: 'POST', path: '/api/admin/advertisement-codes', keys: ['ad1', 'ad2', 'ad3', 'ad4'] },
  { method: 'GET', path: '/api/admin/contact-details', keys: [] },
  {
    method: 'PUT',
    path: '/api/admin/contact-details',
    keys: ['organisationName', 'addressLines', 'supportEmail', 'legalEmail', 'privacyEmail', 'phoneLines', 'businessHours', 'label', 'number'],
  },
  { method: 'PATCH', path: '/api/admin/messages/:id', keys: ['isRead', 'isHandled'] },
  { method: 'DELETE', path: '/api/admin/messages/:id', keys: [] },
  { method: 'POST', path: '/api/upload-excel', keys: ['dryRun', 'file'] },
  { method: 'POST', path: '/api/upload-excel-batch', keys: ['batchSize', 'fileIndex', 'totalFiles', 'files'] },
];
// Not sent here: the actions that read no input at all (delete all, delete test data, fix
// slugs, rebuild the index, regenerate sitemaps, clear cache, logout). Nothing a client sends
// reaches them but the session and CSRF checks, which admin tests cover.

type Part = 'query' | 'json' | 'form' | 'path';

interface Attempt {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  part: Part;
}

function attemptFor(endpoint: Endpoint): fc.Arbitrary<Attempt> {
  const segments = endpoint.path.split(/(:[A-Za-z]+)/);
  const hasParams = segments.some((segment) => segment.startsWith(':'));
  const path = fc
    .array(fc.oneof(urlPiece, fc.constantFrom('1', '2', '0', '-1', '1.5', '1e3', '00001', '9'.repeat(30))), { minLength: segments.length, maxLength: segments.length })
    .map((values) => segments.map((segment, i) => (segment.startsWith(':') ? values[i]! : segment)).join(''));
  const parts: Part[] = [...(hasParams ? (['path'] as const) : []), 'query', ...(endpoint.method === 'GET' ? [] : (['json', 'form'] as const))];
  return fc.tuple(path, fc.constantFrom(...parts), queryString(endpoint.keys), jsonBody(endpoint.keys)).map(([filledPath, part, query, json]) => {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (part === 'json') {
      headers['content-type'] = 'application/json';
      body = json;
    } else if (part === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = query;
    }
    const url = `${app.url}${part === 'path' ? filledPath : endpoint.path.replace(/:[A-Za-z]+/g, '1')}${part === 'query' ? `?${query}` : ''}`;
    return { url, part, init: { method: endpoint.method, headers, ...(body !== undefined ? { body } : {}) } };
  });
}

async function send(endpoint: Endpoint, attempt: Attempt): Promise<Response> {
  if (!endpoint.isAdmin) return fetch(attempt.url, { ...attempt.init, redirect: 'manual' });
  return fetch(attempt.url, {
    ...attempt.init,
    redirect: 'manual',
    headers: { cookie: admin.cookie, origin: app.url, 'x-csrf-token': admin.csrfToken, ...attempt.init.headers },
  });
}

/** The answer's status and, for a 4xx, its `{ error: { id, message } }`; throws (with the request) on anything else. */
async function checkAnswer(endpoint: Endpoint, attempt: Attempt, response: Response): Promise<void> {
  const where = `${endpoint.method} ${attempt.url.slice(app.url.length, app.url.length + 200)} (${attempt.part}, body ${String(attempt.init.body ?? '').slice(0, 200)}) → ${response.status}`;
  const text = await response.text();
  expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) {
    const body = JSON.parse(text) as { error?: { id?: unknown; message?: unknown } };
    expect(typeof body.error?.id, where).toBe('string');
    expect(typeof body.error?.message, where).toBe('string');
    expect((body.error!.message as string).length, where).toBeGreaterThan(0);
  }
}

/** Fails with the first counterexample's assertion message only (a 9,000-character URL is no help in a log). */
function reportShortly(details: fc.RunDetails<[Attempt]>): void {
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}): ${error.slice(0, 1500)}`);
}

async function fuzz(endpoint: Endpoint, numRuns: number): Promise<void> {
  const isWrite = endpoint.method !== 'GET';
  await fc.assert(
    fc.asyncProperty(attemptFor(endpoint), async (attempt) => {
      const before = recordDigest();
      const response = await send(endpoint, attempt);
      await checkAnswer(endpoint, attempt, response);
      // Reads never change the record, nor do refused writes; an accepted write may.
      if (!isWrite || response.status >= 400) expect(recordDigest(), `${endpoint.method} ${endpoint.path} changed the record (${response.status})`).toBe(before);
    }),
    // A fixed seed: the same run every time (FUZZ_SEED picks another); counterexamples are shown shortened.
    { numRuns, seed: Number(process.env.FUZZ_SEED ?? 20261123), reporter: reportShortly },
  );
}

beforeAll(async () => {
  const businesses = Array.from({ length: 12 }, (_, i) =>
    buildBusiness({ name: `Hostile Test Pizza ${i}`, category: i % 2 ? 'Pizza restaurant' : 'Bakery', city: i % 3 ? 'Lyon' : 'Paris' }),
  );
  app = await startTestApp(businesses);
  admin = await signInAsAdmin(app);
  app.deps.contacts.create({ name: 'Ada', email: 'ada@example.com', company: '', phone: '', subject: 'Hello there', message: 'A message to read.' });
});

afterAll(() => app.close());

describe('hostile input', () => {
  it.each(PUBLIC.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))('%s: 2xx or a 4xx with an error id and message, record unchanged', async (_name, endpoint) => {
    await fuzz(endpoint, 30);
  });

  it.each(ADMIN.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, { ...endpoint, isAdmin: true }] as const))(
    '%s (signed in): 2xx or a 4xx with an error id and message, refused writes leave the record unchanged',
    async (_name, endpoint) => {
      await fuzz(endpoint, 20);
    },
  );
});
