import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, createHttpApiClient, createQueryClient, isRetryable, retryDelay, seedQueryCache, ApiRequestError, type ApiClient } from './api-client.ts';

/** A scripted server: each call to a path takes the next answer; the calls are recorded. */
function scriptServer(answers: Record<string, (() => Response)[]>) {
  const calls: string[] = [];
  const fetcher = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const next = answers[path]?.shift();
    if (!next) throw new TypeError(`Failed to fetch ${path}`);
    return next();
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number) => () => new Response('busy', { status });

const COUNTRIES = [{ country: 'France', slug: 'france', countryCode: 'FR', businessCount: 3, cityCount: 1, categoryCount: 1 }];

let api: ApiClient;

beforeEach(() => {
  vi.useFakeTimers();
  api = createHttpApiClient(createQueryClient());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the browser API client', () => {
  it('reuses a fresh list instead of fetching it again', async () => {
    const calls = scriptServer({ '/api/countries': [json(COUNTRIES), json(COUNTRIES)] });
    expect(await api.countries()).toEqual(COUNTRIES);
    expect(await api.countries()).toEqual(COUNTRIES);
    expect(calls).toEqual(['GET /api/countries']);
  });

  it('fetches a list again once its 2 hours of freshness are over', async () => {
    const calls = scriptServer({ '/api/countries': [json(COUNTRIES), json(COUNTRIES)] });
    await api.countries();
    vi.setSystemTime(Date.now() + 2 * 3600_000 - 1000);
    await api.countries();
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2000);
    await api.countries();
    expect(calls).toHaveLength(2);
  });

  it('keeps a category page 10 minutes, each page on its own', async () => {
    const page = (n: number) => json({ category: 'Plumber', currentPage: n });
    const calls = scriptServer({
      '/api/categories/plumber?page=1&limit=12': [page(1), page(1)],
      '/api/categories/plumber?page=2&limit=12': [page(2)],
    });
    await api.category('plumber', 1, 12);
    await api.category('plumber', 2, 12);
    await api.category('plumber', 1, 12);
    expect(calls).toHaveLength(2);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    await api.category('plumber', 1, 12);
    expect(calls).toHaveLength(3);
  });

  it('retries a failed read 3 times, waiting 1 s, 2 s, then 4 s', async () => {
    const calls = scriptServer({ '/api/countries': [failure(503), failure(502), failure(500), json(COUNTRIES)] });
    const answer = api.countries();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toHaveLength(4);
    expect(await answer).toEqual(COUNTRIES);
  });

  it('gives up after the third retry with the last error', async () => {
    const calls = scriptServer({ '/api/countries': [failure(503), failure(503), failure(503), failure(503), json(COUNTRIES)] });
    const answer = api.countries().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('503: busy');
    expect(calls).toHaveLength(4);
  });

  it('retries a business detail once only, and answers a 404 as missing without retrying', async () => {
    const calls = scriptServer({
      '/api/businesses/a-shop': [failure(503), failure(503), json({ slug: 'a-shop' })],
      '/api/businesses/gone': [failure(404)],
    });
    const answer = api.business('a-shop').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(await answer).toBeInstanceOf(ApiRequestError);
    expect(calls.filter((call) => call.endsWith('a-shop'))).toHaveLength(2);
    expect(await api.business('gone')).toEqual({ kind: 'missing' });
    expect(calls.filter((call) => call.endsWith('gone'))).toHaveLength(1);
  });

  it('does not retry an answer that would come back the same (400)', async () => {
    const calls = scriptServer({ '/api/cities?letter=1': [failure(400), json([])] });
    await expect(api.cities({ letter: '1' })).rejects.toThrow('400: busy');
    expect(calls).toHaveLength(1);
  });

  it('never retries or caches a message sent by the contact form', async () => {
    const message = { name: 'Grace', email: 'grace@example.com', subject: 'Hello there', message: 'A message long enough.', company: '', phone: '' };
    const calls = scriptServer({ '/api/contact': [failure(503), json({ ok: true })] });
    await expect(api.sendContact(message)).rejects.toThrow('503: busy');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['POST /api/contact']);
  });
});

describe('retry rules', () => {
  it('waits 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network failures and passing server problems only', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiRequestError(503, 'busy'))).toBe(true);
    expect(isRetryable(new ApiRequestError(429, 'slow down'))).toBe(true);
    expect(isRetryable(new ApiRequestError(404, 'gone'))).toBe(false);
    expect(isRetryable(new ApiRequestError(400, 'bad'))).toBe(false);
  });
});

describe('a server-rendered page\'s reads in the browser cache', () => {
  it('answers the first client-side reads from what the server read, without a request', async () => {
    const calls = scriptServer({});
    const queries = createQueryClient();
    const settings = { head_tags: '', facebook_pixel: '', footer_tags: '' };
    seedQueryCache(queries, { readAt: Date.now(), reads: [[apiPaths.countries(), COUNTRIES], [apiPaths.siteSettings(), settings]] });
    const seeded = createHttpApiClient(queries);
    expect(await seeded.countries()).toEqual(COUNTRIES);
    expect(await seeded.siteSettings()).toEqual(settings);
    expect(calls).toEqual([]);
  });

  it('counts freshness from the server\'s read: a list read 2 hours ago is fetched again', async () => {
    const calls = scriptServer({ '/api/countries': [json(COUNTRIES)] });
    const queries = createQueryClient();
    seedQueryCache(queries, { readAt: Date.now() - 2 * 3600_000 - 1000, reads: [[apiPaths.countries(), []]] });
    expect(await createHttpApiClient(queries).countries()).toEqual(COUNTRIES);
    expect(calls).toEqual(['GET /api/countries']);
  });

  it('never takes a server clock ahead of the browser\'s for fresher data', async () => {
    const calls = scriptServer({ '/api/countries': [json(COUNTRIES)] });
    const queries = createQueryClient();
    seedQueryCache(queries, { readAt: Date.now() + 24 * 3600_000, reads: [[apiPaths.countries(), []]] });
    vi.setSystemTime(Date.now() + 2 * 3600_000 + 1000);
    expect(await createHttpApiClient(queries).countries()).toEqual(COUNTRIES);
    expect(calls).toEqual(['GET /api/countries']);
  });

  it('keys each read by the path the client requests', async () => {
    const calls = scriptServer({
      '/api/categories/plumber?page=2&limit=12': [json({ category: 'Plumber' })],
      '/api/cities?letter=B&page=3&limit=24': [json({ cities: [] })],
      '/api/cities/jp/tokyo?page=1&limit=12': [json({ city: 'Tokyo' })],
    });
    const api = createHttpApiClient(createQueryClient());
    await api.category('plumber', 2, 12);
    await api.citiesPage({ letter: 'B', page: 3, limit: 24 });
    await api.city('jp', 'tokyo', 1, 12);
    const requested = calls.map((call) => call.replace('GET ', ''));
    expect(requested).toEqual([apiPaths.category('plumber', 2, 12), apiPaths.citiesPage({ letter: 'B', page: 3, limit: 24 }), apiPaths.city('jp', 'tokyo', 1, 12)]);
    expect(requested).toEqual(['/api/categories/plumber?page=2&limit=12', '/api/cities?letter=B&page=3&limit=24', '/api/cities/jp/tokyo?page=1&limit=12']);
  });
});
