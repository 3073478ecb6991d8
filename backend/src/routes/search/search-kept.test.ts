import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import type { InstantSearchResponse, InstantSearchResult, SearchResults } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp & { url: string };

beforeAll(async () => {
  app = await startTestApp([
    buildBusiness({ name: 'Pizzeria Roma', category: 'Pizza restaurant', city: 'Lyon', country: 'France', countryCode: 'FR' }),
    buildBusiness({ name: 'Pizza Nova', category: 'Pizza restaurant', city: 'Paris', country: 'France', countryCode: 'FR' }),
    buildBusiness({ name: 'Pipe Pros', category: 'Plumber', city: 'Lyon', country: 'France', countryCode: 'FR' }),
  ]);
});

afterAll(() => app.close());

/** The request the /search page sends for "pizz" (one request, the three facets). */
const PAGE_SEARCH = {
  requests: [{ indexName: 'businesses', params: { query: 'pizz', hitsPerPage: 20, page: 0, facets: ['category', 'country', 'city'], maxValuesPerFacet: 10 } }],
};

describe('search answers kept per index generation', () => {
  it('answers a repeated search from its kept answer, with a validator, until a change reaches the index', async () => {
    const search = vi.spyOn(app.deps.engine, 'search');
    const admission = vi.spyOn(app.deps.searchAdmission, 'run');
    const first = await app.get('/api/search?q=pizz');
    expect(first.status).toBe(200);
    const body = (await first.json()) as SearchResults;
    expect(body.hits.map((hit) => hit.name).sort()).toEqual(['Pizza Nova', 'Pizzeria Roma']);
    expect(search).toHaveBeenCalledTimes(1);
    expect(admission).toHaveBeenCalledTimes(1);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    // The same search, however the query string spells it: the engine is not asked, the queue not entered.
    const again = await app.get('/api/search?q=pizz&page=1');
    expect(await again.json()).toEqual(body);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    const revalidated = await fetch(`${app.url}/api/search?q=pizz`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(revalidated.status).toBe(304);
    expect(search).toHaveBeenCalledTimes(1);
    expect(admission).toHaveBeenCalledTimes(1);

    // A new pizzeria written and applied to the index: the next search finds it.
    insertBusiness(app.deps.record, buildBusiness({ name: 'Pizza Luna', category: 'Pizza restaurant', city: 'Nice', country: 'France', countryCode: 'FR' }));
    await app.deps.sync.catchUp();
    const changed = await app.get('/api/search?q=pizz');
    expect(((await changed.json()) as SearchResults).hits.map((hit) => hit.name).sort()).toEqual(['Pizza Luna', 'Pizza Nova', 'Pizzeria Roma']);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(search).toHaveBeenCalledTimes(2);
    search.mockRestore();
    admission.mockRestore();
  });

  it('keeps the /search page\'s multi-search answer too, and sends it compressed as a browser asks', async () => {
    const search = vi.spyOn(app.deps.engine, 'search');
    const post = () =>
      fetch(`${app.url}/api/search/multi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
        body: JSON.stringify(PAGE_SEARCH),
      });
    const first = await post();
    const firstBody = (await first.json()) as InstantSearchResponse;
    expect((firstBody.results[0] as InstantSearchResult).nbHits).toBe(3);
    const again = await post();
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(await again.json()).toEqual(firstBody);
    expect(search).toHaveBeenCalledTimes(1);
    // POST answers are not for shared caches: no Cache-Control, as before they were kept.
    expect(again.headers.get('cache-control')).toBeNull();
    search.mockRestore();
  });

  it('answers a bad multi-search filter with 400 every time, keeping nothing', async () => {
    const bad = { requests: [{ indexName: 'businesses', params: { query: 'pizz', facetFilters: [['colour:red']] } }] };
    for (let i = 0; i < 2; i += 1) {
      const response = await app.post('/api/search/multi', bad);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('facetFilters');
    }
  });

  it('forgets the kept answers on "clear cache" in the admin area', async () => {
    await app.get('/api/search?q=pipe');
    expect(app.deps.searchAnswers.size).toBeGreaterThan(0);
    expect(app.deps.admin.caches.clearAll()).toContain('search_answers');
    expect(app.deps.searchAnswers.size).toBe(0);
  });
});
