import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { CategoryEntry } from '../shared/api-types.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp & { url: string };

/** Enough categories for the list to pass the compression threshold (1 KB). */
const CATEGORIES = Array.from({ length: 30 }, (_, index) => `Category number ${index + 1}`);

beforeAll(async () => {
  app = await startTestApp(CATEGORIES.map((category, index) => buildBusiness({ name: `Business ${index}`, category })));
});

afterAll(() => app.close());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(app.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (time, connection framing, request id). */
function comparable(response: RawResponse): Record<string, unknown> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _requestId, ...rest } = response.headers;
  return rest;
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

/** A cookie sends a request the full way (session lookup, validation, router); without one, a known URL takes the lean path. */
const FULL_WAY = { cookie: 'theme=dark' };

describe('ready list answers on the lean path', () => {
  it.each([
    ['no Accept-Encoding', {}],
    ['a browser', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['gzip only', { 'accept-encoding': 'gzip' }],
    ['any encoding', { 'accept-encoding': '*' }],
    ['gzip preferred by weight', { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' }],
    ['identity only', { 'accept-encoding': 'identity' }],
  ])('sends the same headers and bytes as the full path (%s)', async (_name, headers: Record<string, string>) => {
    // The first request computes the answer (full path), the second is served ready on the full path.
    const computed = await rawGet('/api/categories', { ...headers, ...FULL_WAY });
    const fullWay = await rawGet('/api/categories', { ...headers, ...FULL_WAY });
    const remembered = vi.spyOn(app.deps.listCache, 'rememberUrl');
    const lean = await rawGet('/api/categories', headers);
    // The lean answer never reached the route's middleware.
    expect(remembered).not.toHaveBeenCalled();
    remembered.mockRestore();

    expect(lean.status).toBe(200);
    expect(comparable(lean)).toEqual(comparable(fullWay));
    expect(comparable(lean)).toEqual(comparable(computed));
    expect(lean.body.equals(fullWay.body)).toBe(true);
    // Every security header, the freshness and the validator are there.
    expect(lean.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'public, max-age=7200, stale-while-revalidate=600',
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept-Encoding',
    });
    expect(lean.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const categories = (JSON.parse(decoded(lean)) as CategoryEntry[]).map((entry) => entry.category).sort();
    expect(categories).toEqual([...CATEGORIES].sort());
    expect(decoded(lean)).toBe(decoded(computed));
  });

  it('compresses as the full path negotiates: brotli for a browser, gzip when asked, none without Accept-Encoding', async () => {
    await rawGet('/api/categories', FULL_WAY);
    expect((await rawGet('/api/categories', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await rawGet('/api/categories', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet('/api/categories', {})).headers['content-encoding']).toBeUndefined();
  });

  it('answers a matching ETag with the same 304 as the full path', async () => {
    const first = await rawGet('/api/categories', FULL_WAY);
    const etag = String(first.headers.etag);
    const fullWay = await rawGet('/api/categories', { 'if-none-match': etag, ...FULL_WAY });
    const lean = await rawGet('/api/categories', { 'if-none-match': etag });
    expect(lean.status).toBe(304);
    expect(comparable(lean)).toEqual(comparable(fullWay));
  });

  it('adds HSTS over HTTPS (as the trusted proxy says) as the full path does, and keeps the request id it was given', async () => {
    const https = { 'x-forwarded-proto': 'https', 'accept-encoding': 'br' };
    await rawGet('/api/categories', FULL_WAY);
    const fullWay = await rawGet('/api/categories', { ...https, ...FULL_WAY });
    const lean = await rawGet('/api/categories', { ...https, 'x-request-id': 'trace-42' });
    expect(lean.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(comparable(lean)).toEqual(comparable(fullWay));
    expect(lean.headers['x-request-id']).toBe('trace-42');
    const plain = await rawGet('/api/categories', { 'accept-encoding': 'br' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
  });

  it('leaves the request to the full path when the index generation cannot be read', async () => {
    const fullWay = await rawGet('/api/categories', FULL_WAY);
    const failing = vi.spyOn(app.deps.engine, 'generation').mockRejectedValueOnce(new Error('index file gone'));
    const remembered = vi.spyOn(app.deps.listCache, 'rememberUrl');
    const answer = await rawGet('/api/categories', {});
    expect(failing).toHaveBeenCalled();
    // The full path (its validation remembers the URL) answered, with its own headers only.
    expect(remembered).toHaveBeenCalled();
    failing.mockRestore();
    remembered.mockRestore();
    expect(answer.status).toBe(200);
    expect(comparable(answer)).toEqual(comparable(fullWay));
  });

  it('leaves a URL never validated, and an answer of an older generation, to the full path', async () => {
    const bad = await rawGet('/api/cities?letter=%%', {});
    expect(bad.status).toBe(400);
    const before = await rawGet('/api/categories', {});
    app.deps.listCache.clear();
    const remembered = vi.spyOn(app.deps.listCache, 'rememberUrl');
    const after = await rawGet('/api/categories', {});
    expect(remembered).toHaveBeenCalled();
    remembered.mockRestore();
    expect(after.status).toBe(200);
    // A clear retires the validators handed out before it.
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
