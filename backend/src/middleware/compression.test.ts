import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { rawGet } from '../testing/raw-get.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { CompressionThreads, ZlibCompressor } from './body-compressor.ts';

// As the server compresses (on compression threads), and as with none (libuv's pool).
describe.each([1, 0])('compression, with %i compression threads', (compressionThreads) => {
  let app: TestApp & { url: string };

  beforeAll(async () => {
    const businesses = Array.from({ length: 30 }, (_, i) => buildBusiness({ name: `Compressed Bakery ${i}`, category: `Bakery ${i % 5}` }));
    app = await startTestApp(businesses, { withBuiltSite: true, compressionThreads });
  });

  afterAll(async () => {
    await app.close();
  });

  function fetchEncoded(path: string, encoding: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(app.url + path, { headers: { 'accept-encoding': encoding, ...headers } });
  }

  it('compresses on the compressor the app was given', () => {
    expect(app.deps.compressor).toBeInstanceOf(compressionThreads > 0 ? CompressionThreads : ZlibCompressor);
  });

  it('sends pages brotli-compressed to a browser that accepts brotli, and the page still reads whole', async () => {
    const response = await fetchEncoded('/', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toContain('Compressed Bakery');
  });

  it('compresses a page in one piece: its length is known up front (no chunked stream) and it decompresses whole', async () => {
    const raw = await rawGet(`${app.url}/categories`, { 'Accept-Encoding': 'br' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['transfer-encoding']).toBeUndefined();
    expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    expect(brotliDecompressSync(raw.body).toString()).toContain('Bakery 3');
  });

  it('sends JSON gzip-compressed to a client that accepts only gzip', async () => {
    const response = await fetchEncoded('/api/businesses?page=1', 'gzip');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const page = (await response.json()) as { totalCount: number; businesses: { name: string }[] };
    expect(page.totalCount).toBe(30);
    expect(page.businesses[0]!.name).toMatch(/^Compressed Bakery \d+$/);
  });

  it('leaves the body plain for a client that accepts no encoding', async () => {
    const response = await fetchEncoded('/api/businesses?page=1', 'identity');
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('answers a repeat request with 304 and no body, whatever the encoding', async () => {
    const first = await fetchEncoded('/api/businesses?page=1', 'br');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    // node:http, because fetch hides a 304 behind the cached 200 it assumes the caller holds.
    const repeat = await rawGet(`${app.url}/api/businesses?page=1`, { 'If-None-Match': tag!, 'Accept-Encoding': 'br' });
    expect({ status: repeat.status, body: repeat.body.toString() }).toEqual({ status: 304, body: '' });
  });

  it('serves the brotli copy of a script made at build time', async () => {
    const html = await (await fetchEncoded('/', 'identity')).text();
    // The page's largest script (the entry itself is a few hundred bytes, under the build's 1 KB threshold for a compressed copy).
    const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!))];
    expect(scripts.length).toBeGreaterThan(1);
    const sized = await Promise.all(scripts.map(async (path) => ({ path, text: await (await fetchEncoded(path, 'identity')).text() })));
    const { path: script, text: plainText } = sized.reduce((largest, entry) => (entry.text.length > largest.text.length ? entry : largest));
    expect(plainText.length).toBeGreaterThan(100_000);
    const encoded = await fetchEncoded(script, 'br');
    expect(encoded.headers.get('content-encoding')).toBe('br');
    const encodedBytes = Number(encoded.headers.get('content-length'));
    expect(encodedBytes).toBeGreaterThan(0);
    expect(encodedBytes).toBeLessThan(Buffer.byteLength(plainText) / 2);
    expect(await encoded.text()).toBe(plainText);
  });
});
