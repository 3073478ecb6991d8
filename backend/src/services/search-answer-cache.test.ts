import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { InstantSearchRequest } from '../routes/search/instantsearch.ts';
import type { SearchReq } from '../routes/search/schema.ts';
import { SearchAnswerCache, searchJobKey } from './search-answer-cache.ts';
import type { SearchJob } from './search-answers.ts';
import { SearchCancelled, type SearchAnswerer } from './search-pool.ts';

/** An engine's place that counts the jobs it runs; a job's answer waits until the test settles it when `held`. */
class CountingSearches implements SearchAnswerer {
  runs: SearchJob[] = [];
  held: { resolve: (json: string) => void; reject: (error: unknown) => void }[] = [];
  isHolding = false;
  answerOf: (job: SearchJob) => string = (job) => JSON.stringify({ run: this.runs.length, kind: job.kind, padding: 'x'.repeat(400) });

  answer(job: SearchJob, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(new SearchCancelled());
    this.runs.push(job);
    if (!this.isHolding) return Promise.resolve(this.answerOf(job));
    return new Promise((resolve, reject) => this.held.push({ resolve, reject }));
  }

  async close(): Promise<void> {}
}

/** The job's kept answer, as the route looks it up before the queue. */
async function readyOf(cache: SearchAnswerCache, job: SearchJob) {
  return (await cache.look(job)).kept;
}

/** Lets the event loop turn until `count` jobs are held by the engine (the cache reads the generation first). */
async function untilHeld(inner: CountingSearches, count: number): Promise<void> {
  while (inner.held.length < count) await new Promise((resolve) => setImmediate(resolve));
}

const MINUTE = 60_000;
/** 10:00:00 UTC on the day of the test's writing: a minute boundary. */
const TEN = Date.UTC(2026, 10, 26, 10, 0, 0);

function searchJob(q: string, now = TEN, extra: Partial<SearchReq['query']> = {}): SearchJob {
  return { kind: 'search', query: { q, page: 1, perPage: 20, ...extra } as SearchReq['query'], now };
}

function multiJob(facetFilters: InstantSearchRequest['params']['facetFilters'], now = TEN): SearchJob {
  const params = { query: 'pizza', hitsPerPage: 20, page: 0, facets: ['category'], maxValuesPerFacet: 10, facetFilters } as InstantSearchRequest['params'];
  return { kind: 'multi', requests: [{ indexName: 'businesses', params } as InstantSearchRequest], now };
}

function setUp(maxBytes = 1024 * 1024) {
  const inner = new CountingSearches();
  const state = { generation: 'index-a:1' as string | Error };
  const cache = new SearchAnswerCache(
    inner,
    async () => {
      if (state.generation instanceof Error) throw state.generation;
      return state.generation;
    },
    { maxBytes },
  );
  return { inner, state, cache };
}

describe('SearchAnswerCache', () => {
  it('answers the same search again without running it, byte for byte, until the index generation changes', async () => {
    const { inner, state, cache } = setUp();
    const first = await cache.answer(searchJob('pizza'));
    // A later moment of the same search: the answer does not depend on it.
    expect(await cache.answer(searchJob('pizza', TEN + 5 * MINUTE))).toBe(first);
    expect(inner.runs).toHaveLength(1);
    const kept = await readyOf(cache, searchJob('pizza'));
    expect(kept?.json.toString()).toBe(first);

    await cache.answer(searchJob('pasta'));
    expect(inner.runs).toHaveLength(2);

    state.generation = 'index-a:2';
    expect(await readyOf(cache, searchJob('pizza'))).toBeUndefined();
    const second = await cache.answer(searchJob('pizza'));
    expect(second).not.toBe(first);
    expect(inner.runs).toHaveLength(3);
    // The validator names the generation: a client's copy of the old answer is not fresh any more.
    expect((await readyOf(cache, searchJob('pizza')))!.etag).not.toBe(kept!.etag);
  });

  it('keeps an "open now" search for its minute only, in both the plain and the multi-search form', async () => {
    const { inner, cache } = setUp();
    await cache.answer(searchJob('pizza', TEN, { openNow: true }));
    await cache.answer(searchJob('pizza', TEN + 59_999, { openNow: true }));
    expect(inner.runs).toHaveLength(1);
    await cache.answer(searchJob('pizza', TEN + MINUTE, { openNow: true }));
    expect(inner.runs).toHaveLength(2);

    await cache.answer(multiJob([['openNow:true'], ['category:pizzeria']]));
    await cache.answer(multiJob([['openNow:true'], ['category:pizzeria']], TEN + 30_000));
    expect(inner.runs).toHaveLength(3);
    await cache.answer(multiJob([['openNow:true'], ['category:pizzeria']], TEN + 2 * MINUTE));
    expect(inner.runs).toHaveLength(4);
    // Without the filter, the minute is not part of the key.
    expect(searchJobKey(multiJob([['category:pizzeria']]))).toBe(searchJobKey(multiJob([['category:pizzeria']], TEN + 2 * MINUTE)));
  });

  it('runs identical searches arriving together once, and each visitor gets the answer', async () => {
    const { inner, cache } = setUp();
    inner.isHolding = true;
    const first = cache.answer(searchJob('pizza'));
    await untilHeld(inner, 1);
    // Two more visitors ask while it runs: one through the whole path, one as the route looks before the queue.
    const second = cache.answer(searchJob('pizza'));
    const third = readyOf(cache, searchJob('pizza'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(inner.runs).toHaveLength(1);
    inner.held[0]!.resolve('{"hits":[]}');
    expect(await first).toBe('{"hits":[]}');
    expect(await second).toBe('{"hits":[]}');
    expect((await third)?.json.toString()).toBe('{"hits":[]}');
    expect(inner.runs).toHaveLength(1);
  });

  it('runs the search for a visitor still waiting when the visitor whose run it shared has left', async () => {
    const { inner, cache } = setUp();
    inner.isHolding = true;
    const gone = new AbortController();
    const leaving = cache.answer(searchJob('pizza'), gone.signal);
    const staying = cache.answer(searchJob('pizza'));
    await untilHeld(inner, 1);
    inner.held[0]!.reject(new SearchCancelled());
    await expect(leaving).rejects.toBeInstanceOf(SearchCancelled);
    await untilHeld(inner, 2);
    expect(inner.runs).toHaveLength(2);
    inner.held[1]!.resolve('{"hits":[1]}');
    expect(await staying).toBe('{"hits":[1]}');
  });

  it('keeps no failed answer: the next identical search runs again', async () => {
    const { inner, cache } = setUp();
    inner.isHolding = true;
    const failing = cache.answer(searchJob('pizza'));
    const waiting = readyOf(cache, searchJob('pizza'));
    await untilHeld(inner, 1);
    inner.held[0]!.reject(new Error('disk I/O error'));
    await expect(failing).rejects.toThrow('disk I/O error');
    expect(await waiting).toBeUndefined();
    inner.isHolding = false;
    await cache.answer(searchJob('pizza'));
    expect(inner.runs).toHaveLength(2);
  });

  it('reads the index generation once for a search the route looks up, computes and sends kept', async () => {
    const inner = new CountingSearches();
    let reads = 0;
    const generation = async () => {
      reads += 1;
      return 'index-a:1';
    };
    const cache = new SearchAnswerCache(inner, generation, { maxBytes: 1024 * 1024 });
    const lookup = await cache.look(searchJob('pizza'));
    expect(lookup.kept).toBeUndefined();
    const json = await cache.answerFor(lookup);
    expect(cache.keptFor(lookup)?.json.toString()).toBe(json);
    expect(reads).toBe(1);
  });

  it('sends the compressed forms of the same bytes', async () => {
    const { cache } = setUp();
    const json = await cache.answer(searchJob('pizza'));
    const kept = (await readyOf(cache, searchJob('pizza')))!;
    expect(brotliDecompressSync(kept.encoded('br')).toString()).toBe(json);
    expect(gunzipSync(kept.encoded('gzip')).toString()).toBe(json);
    // Compressed once: the same buffer on the next request.
    expect(kept.encoded('br')).toBe(kept.encoded('br'));
  });

  it('runs every search when it has no memory, or when the generation cannot be read', async () => {
    const off = setUp(0);
    await off.cache.answer(searchJob('pizza'));
    await off.cache.answer(searchJob('pizza'));
    expect(off.inner.runs).toHaveLength(2);
    expect(await readyOf(off.cache, searchJob('pizza'))).toBeUndefined();
    expect(off.cache.size).toBe(0);

    const down = setUp();
    down.state.generation = new Error('engine unreachable');
    await down.cache.answer(searchJob('pizza'));
    await down.cache.answer(searchJob('pizza'));
    expect(down.inner.runs).toHaveLength(2);
    expect(await readyOf(down.cache, searchJob('pizza'))).toBeUndefined();
  });

  it('stays within its memory, the least recently used answers leaving first', async () => {
    const { inner, cache } = setUp(8 * 1024);
    inner.answerOf = (job) => JSON.stringify({ q: job.kind === 'search' ? job.query.q : '', padding: 'x'.repeat(1000) });
    for (let i = 0; i < 50; i += 1) await cache.answer(searchJob(`word${i}`));
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(8);
    expect(await readyOf(cache, searchJob('word49'))).toBeDefined();
    expect(await readyOf(cache, searchJob('word0'))).toBeUndefined();
  });

  it('forgets every answer on "clear cache"', async () => {
    const { inner, cache } = setUp();
    await cache.answer(searchJob('pizza'));
    const etag = (await readyOf(cache, searchJob('pizza')))!.etag;
    cache.clear();
    expect(await readyOf(cache, searchJob('pizza'))).toBeUndefined();
    await cache.answer(searchJob('pizza'));
    expect(inner.runs).toHaveLength(2);
    expect((await readyOf(cache, searchJob('pizza')))!.etag).not.toBe(etag);
  });
});
