import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import type { CategoryEntry, CityEntry } from '../shared/api-types.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { brotliDecompressSync } from 'node:zlib';
import { listEtag, ListAnswerCache, SMALLEST_BROTLI_AFTER } from './index-cached.ts';

let app: TestApp & { url: string };

beforeAll(async () => {
  app = await startTestApp([
    buildBusiness({ name: 'Dental One', category: 'Dentist', city: 'Berlin', country: 'Germany', countryCode: 'DE' }),
    buildBusiness({ name: 'Dental Two', category: 'Dentist', city: 'Bonn', country: 'Germany', countryCode: 'DE' }),
    buildBusiness({ name: 'Pipe Pros', category: 'Plumber', city: 'Berlin', country: 'Germany', countryCode: 'DE' }),
  ]);
});

afterAll(() => app.close());

/** A browser revalidating its copy (fetch() alone would add "Cache-Control: no-cache"). */
const revalidate = (path: string, etag: string) =>
  fetch(app.url + path, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });

describe('list answers keyed by the index generation', () => {
  it('computes a list once per index change and answers a matching ETag with 304 without reading the index', async () => {
    const categories = vi.spyOn(app.deps.engine, 'categories');
    const first = await app.get('/api/categories');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const body = (await first.json()) as CategoryEntry[];
    expect(body.map((entry) => [entry.category, entry.count])).toEqual([['Dentist', 2], ['Plumber', 1]]);
    expect(categories).toHaveBeenCalledTimes(1);

    const again = await app.get('/api/categories');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.json()).toEqual(body);
    const notModified = await revalidate('/api/categories', etag);
    expect(notModified.status).toBe(304);
    // The 304 renews the copy for as long as the full answer said (lists: 2 hours, visitor spec §9).
    expect(first.headers.get('cache-control')).toContain('max-age=7200');
    expect(notModified.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(categories).toHaveBeenCalledTimes(1);

    // A business written and applied to the index: a new generation, a new answer, a new ETag.
    insertBusiness(app.deps.record, buildBusiness({ name: 'Pipe Masters', category: 'Plumber', city: 'Bonn', country: 'Germany', countryCode: 'DE' }));
    await app.deps.sync.catchUp();
    const changed = await revalidate('/api/categories', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as CategoryEntry[]).map((entry) => [entry.category, entry.count])).toEqual([['Dentist', 2], ['Plumber', 2]]);
    expect(categories).toHaveBeenCalledTimes(2);
    categories.mockRestore();
  });

  it('keys answers by the validated request: a letter in either case is one answer, another letter another', async () => {
    const lower = await app.get('/api/cities?letter=b');
    const upper = await app.get('/api/cities?letter=B');
    expect(upper.headers.get('etag')).toBe(lower.headers.get('etag'));
    const lowerCities = ((await lower.json()) as CityEntry[]).map((city) => city.city);
    expect(lowerCities.sort()).toEqual(['Berlin', 'Bonn']);
    expect(((await upper.json()) as CityEntry[]).map((city) => city.city).sort()).toEqual(lowerCities);
    const other = await app.get('/api/cities?letter=m');
    expect(other.headers.get('etag')).not.toBe(lower.headers.get('etag'));
    expect(await other.json()).toEqual([]);
  });

  it('sends no ETag with an error and keeps no error answer', async () => {
    const response = await app.get('/api/categories/astronaut');
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('ListAnswerCache', () => {
  it('serves an answer only for the generation it was computed from', () => {
    const cache = new ListAnswerCache({ maxBytes: 1000 });
    cache.set('/api/countries', 'index-1:5', Buffer.from('[1]'));
    expect(cache.get('/api/countries', 'index-1:5')?.toString()).toBe('[1]');
    expect(cache.get('/api/countries', 'index-1:6')).toBeUndefined();
  });

  it('stays within its memory bound, dropping the least recently used answers', () => {
    const cache = new ListAnswerCache({ maxBytes: 100 });
    for (let i = 0; i < 10; i += 1) cache.set(`k${i}`, 'g', Buffer.from('x'.repeat(30)));
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('k9', 'g')?.toString()).toBe('x'.repeat(30));
    expect(cache.get('k0', 'g')).toBeUndefined();
  });

  it('names each answer by its key, generation and clear count: the same validator until one of them moves', () => {
    const cache = new ListAnswerCache({ maxBytes: 1000 });
    const first = cache.etagOf('/api/countries', 'index-1:5');
    expect(first).toBe(listEtag('index-1:5#0', '/api/countries'));
    expect(cache.etagOf('/api/countries', 'index-1:5')).toBe(first);
    expect(cache.etagOf('/api/categories', 'index-1:5')).not.toBe(first);
    const moved = cache.etagOf('/api/countries', 'index-1:6');
    expect(moved).not.toBe(first);
    cache.clear();
    expect(cache.etagOf('/api/countries', 'index-1:6')).not.toBe(moved);
  });

  it('sends an answer many visitors ask for at brotli\'s best once that compression ends: the same JSON in fewer bytes', async () => {
    const cache = new ListAnswerCache({ maxBytes: 10_000_000 });
    const cities = Array.from({ length: 400 }, (_, i) => ({ city: `Town ${i}`, slug: `town-${i}`, countryCode: 'DE', country: 'Germany', businessCount: i * 7 }));
    const json = Buffer.from(JSON.stringify(cities));
    cache.set('/api/cities?letter=T', 'g1', json);
    const answer = cache.answer('/api/cities?letter=T', 'g1')!;
    const first = cache.encode('/api/cities?letter=T', answer, 'br');
    for (let hit = 2; hit < SMALLEST_BROTLI_AFTER; hit += 1) expect(cache.encode('/api/cities?letter=T', answer, 'br')).toBe(first);
    // The last hit before the threshold started nothing.
    await cache.recompressed();
    expect(cache.encode('/api/cities?letter=T', answer, 'br')).toBe(first);
    await cache.recompressed();
    const smallest = cache.encode('/api/cities?letter=T', answer, 'br');
    expect(smallest.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(smallest).equals(json)).toBe(true);
    // Gzip answers are left as they were.
    const gzip = cache.encode('/api/cities?letter=T', answer, 'gzip');
    expect(cache.encode('/api/cities?letter=T', answer, 'gzip')).toBe(gzip);
  });
});
