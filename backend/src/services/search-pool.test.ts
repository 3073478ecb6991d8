import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { buildSearchWorld } from '@directory/indexer/sqlite/search-test-world.ts';
import { DocColumns } from '@directory/indexer/sqlite/doc-columns.ts';
import type { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import { rebuildIndex } from '@directory/indexer/sync.ts';
import { FilterError, InstantSearchRequestSchema } from '../routes/search/instantsearch.ts';
import { FacetValuesSchema, SearchSchema } from '../routes/search/schema.ts';
import type { SearchResults } from '../shared/api-types.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { saveBusinesses } from './business-writer.ts';
import type { SearchJob } from './search-answers.ts';
import { SearchAnswerCache } from './search-answer-cache.ts';
import { InProcessSearch, SearchCancelled, SearchPool } from './search-pool.ts';
import { SearchThreadState } from './search-thread.ts';

/** A Wednesday, 12:00 UTC: "open now" is evaluated at the same moment both ways. */
const NOW = Date.parse('2026-03-04T12:00:00Z');

const searchJob = (query: string): SearchJob => ({
  kind: 'search',
  query: SearchSchema.parse({ query: Object.fromEntries(new URLSearchParams(query)), params: {}, body: {} }).query,
  now: NOW,
});
const multiJob = (requests: unknown[]): SearchJob => ({ kind: 'multi', requests: InstantSearchRequestSchema.array().parse(requests), now: NOW });
const facetJob = (body: unknown): SearchJob => ({ kind: 'facet-values', body: FacetValuesSchema.parse({ query: {}, params: {}, body }).body, now: NOW });

/** Searches the /search page, the home page and the API make, over every kind of filter and sort. */
const JOBS: SearchJob[] = [
  searchJob('q=pizz&perPage=5'),
  searchJob('q=plumber&location=lyon'),
  searchJob('q=restaurant&country=FR,DE&sort=rating'),
  searchJob('q=cafe&city=FR:paris&openNow=true'),
  searchJob('q=dentist&minRating=4.5'),
  searchJob('lat=45.764&lng=4.8357&radiusKm=10&sort=distance'),
  searchJob('bbox=2,45,5,49'),
  searchJob('q=plumbr'),
  searchJob('q=b&page=2&perPage=3&facets=category,city&maxFacetValues=3'),
  searchJob('location=69002'),
  searchJob('q=zzzzqx'),
  multiJob([
    { indexName: 'businesses', params: { query: 'bakery', facets: ['category', 'country', 'city'], facetFilters: [['country:DE']], hitsPerPage: 5 } },
    { indexName: 'businesses', params: { query: 'bakery', facets: ['country'], hitsPerPage: 0 } },
  ]),
  multiJob([{ indexName: 'businesses_rating', params: { numericFilters: ['rating>=4.5'], hitsPerPage: 3, page: 1 } }]),
  multiJob([{ indexName: 'businesses', type: 'facet', facet: 'city', params: { facetQuery: 'ber' } }]),
  facetJob({ facet: 'category', facetQuery: 'pi' }),
  facetJob({ facet: 'city', q: 'hotel' }),
];

/** The answer without its timing, which differs between any two runs. */
const withoutTiming = (json: string): unknown =>
  JSON.parse(json, (key, value: unknown) => (key === 'processingTimeMs' || key === 'processingTimeMS' ? 0 : value));

let app: TestApp;
let engine: SqliteEngine;
let pool: SearchPool;

beforeAll(async () => {
  app = await startTestApp(buildSearchWorld());
  engine = app.deps.engine as SqliteEngine;
  pool = new SearchPool({ threads: 2, livePath: () => engine.livePath(), followSwap: () => engine.reopenIfSwapped() });
});

afterAll(async () => {
  await pool.close();
  await app.close();
});

describe('search threads', () => {
  it('answer every kind of search exactly as the server thread does', async () => {
    const inProcess = new InProcessSearch(engine);
    for (const job of JOBS) {
      const [pooled, local] = await Promise.all([pool.answer(job), inProcess.answer(job)]);
      expect(withoutTiming(pooled), JSON.stringify(job)).toEqual(withoutTiming(local));
    }
    // The comparison is about real answers: the world's pizza places are found.
    const pizza = JSON.parse(await pool.answer(JOBS[0]!)) as SearchResults;
    expect(pizza.hits.map((hit) => hit.name)).toContain('Pizzeria Napoli');
  });

  it('report a bad filter as the server thread does, naming the field', async () => {
    const job = multiJob([{ indexName: 'businesses', params: { query: 'x' } }, { indexName: 'businesses', params: { facetFilters: ['color:red'] } }]);
    const local = await new InProcessSearch(engine).answer(job).catch((error: unknown) => error);
    const pooled = await pool.answer(job).catch((error: unknown) => error);
    expect(local).toBeInstanceOf(FilterError);
    expect(pooled).toBeInstanceOf(FilterError);
    expect({ field: (pooled as FilterError).field, message: (pooled as FilterError).message }).toEqual({
      field: (local as FilterError).field,
      message: (local as FilterError).message,
    });
    expect((pooled as FilterError).field).toBe('requests.1.params.facetFilters');
  });

  it('move to the new index file when a rebuild publishes one, one thread at a time, the other answering from the old file meanwhile', async () => {
    // Both threads read the current file (two jobs at once: one each).
    await Promise.all([pool.answer(searchJob('q=pizza')), pool.answer(searchJob('q=hotel'))]);
    const before = await pool.answerOnFile(searchJob('q=quokka'));
    expect(before.isLive).toBe(true);
    expect((JSON.parse(before.json) as SearchResults).totalCount).toBe(0);
    saveBusinesses(app.deps.businesses, [buildBusiness({ name: 'Quokka Coffee', category: 'Café' })]);
    const oldFile = engine.livePath();
    await rebuildIndex(app.deps.record.name, engine, 'all');
    expect(engine.livePath()).not.toBe(oldFile);

    // The first search after the swap sends one thread to load the new file and runs on the
    // other, still on the old file: answered at once, said not to be the live file's.
    const during = await pool.answerOnFile(searchJob('q=quokka'));
    expect(during.isLive).toBe(false);
    expect((JSON.parse(during.json) as SearchResults).totalCount).toBe(0);

    await pool.whenOnLiveFile();
    for (const job of [searchJob('q=quokka'), searchJob('q=quokka&perPage=5')]) {
      const after = await pool.answerOnFile(job);
      expect(after.isLive).toBe(true);
      expect((JSON.parse(after.json) as SearchResults).hits.map((hit) => hit.name)).toEqual(['Quokka Coffee']);
    }
  });

  it("keep no answer a thread gave from the old file as the new file's, and keep the new file's", async () => {
    const cache = new SearchAnswerCache(pool, () => engine.generation(), { maxBytes: 1_000_000 });
    await Promise.all([pool.answer(searchJob('q=pizza')), pool.answer(searchJob('q=hotel'))]);
    saveBusinesses(app.deps.businesses, [buildBusiness({ name: 'Bilby Bakery', category: 'Bakery' })]);
    await rebuildIndex(app.deps.record.name, engine, 'all');
    const job = searchJob('q=bilby');
    const stale = JSON.parse(await cache.answer(job)) as SearchResults;
    expect(stale.totalCount).toBe(0);
    expect((await cache.look(job)).kept).toBeUndefined();

    await pool.whenOnLiveFile();
    const fresh = JSON.parse(await cache.answer(job)) as SearchResults;
    expect(fresh.hits.map((hit) => hit.name)).toEqual(['Bilby Bakery']);
    const kept = (await cache.look(job)).kept;
    expect((JSON.parse(kept!.json.toString()) as SearchResults).hits.map((hit) => hit.name)).toEqual(['Bilby Bakery']);
  });

  it('with one thread, wait for it to load the new file rather than answer from the old one', async () => {
    const single = new SearchPool({ threads: 1, livePath: () => engine.livePath(), followSwap: () => engine.reopenIfSwapped() });
    try {
      single.start();
      await single.whenOnLiveFile();
      saveBusinesses(app.deps.businesses, [buildBusiness({ name: 'Numbat Books', category: 'Book store' })]);
      await rebuildIndex(app.deps.record.name, engine, 'all');
      const answer = await single.answerOnFile(searchJob('q=numbat'));
      expect(answer.isLive).toBe(true);
      expect((JSON.parse(answer.json) as SearchResults).hits.map((hit) => hit.name)).toEqual(['Numbat Books']);
    } finally {
      await single.close();
    }
  });

  it('do not run a job whose client left while it waited for a thread', async () => {
    const single = new SearchPool({ threads: 1, jobsPerThread: 1, livePath: () => engine.livePath(), followSwap: () => engine.reopenIfSwapped() });
    try {
      const left = new AbortController();
      const first = single.answer(searchJob('q=pizza'));
      const second = single.answer(searchJob('q=hotel'), left.signal);
      left.abort();
      await expect(second).rejects.toBeInstanceOf(SearchCancelled);
      expect((JSON.parse(await first) as SearchResults).totalCount).toBeGreaterThan(0);
      await expect(single.answer(searchJob('q=hotel'), left.signal)).rejects.toBeInstanceOf(SearchCancelled);
    } finally {
      await single.close();
    }
  });
});

describe('a search thread', () => {
  const flags = () => new Int32Array(new SharedArrayBuffer(8));

  it('skips a job whose client has gone once it was sent', async () => {
    const cancelled = flags();
    const thread = new SearchThreadState(cancelled);
    Atomics.store(cancelled, 1, 1);
    expect(await thread.handle({ id: 7, slot: 1, file: engine.livePath()!, job: searchJob('q=pizza') })).toEqual({ id: 7, type: 'skipped' });
    expect(thread.openFile).toBeNull();
    thread.close();
  });

  it('warms up on the live file: opens it and loads what searching needs, so its first search loads nothing more', async () => {
    const thread = new SearchThreadState(flags());
    const load = vi.spyOn(DocColumns, 'load');
    try {
      const file = engine.livePath()!;
      thread.warmUp(file);
      expect(thread.openFile).toBe(file);
      expect(load).toHaveBeenCalledTimes(1);
      const reply = await thread.handle({ id: 1, slot: 0, file, job: searchJob('q=pizz') });
      expect(reply.type).toBe('answer');
      expect(load).toHaveBeenCalledTimes(1);
      // A file already removed is left alone, and the thread keeps the one it has.
      thread.warmUp(join(dirname(file), 'search-removed.sqlite'));
      expect(thread.openFile).toBe(file);
    } finally {
      load.mockRestore();
      thread.close();
    }
  });

  it('keeps answering from the file it reads until a job names the new one, then asks again for a removed file', async () => {
    const thread = new SearchThreadState(flags());
    const oldFile = engine.livePath()!;
    const answerOf = async (file: string) => {
      const reply = await thread.handle({ id: 1, slot: 0, file, job: searchJob('q=wombat') });
      if (reply.type !== 'answer') return reply.type;
      return (JSON.parse(reply.json) as SearchResults).hits.map((hit) => hit.name);
    };
    expect(await answerOf(oldFile)).toEqual([]);
    saveBusinesses(app.deps.businesses, [buildBusiness({ name: 'Wombat Books', category: 'Book store' })]);
    await rebuildIndex(app.deps.record.name, engine, 'all');
    const newFile = engine.livePath()!;
    expect(newFile).not.toBe(oldFile);
    // The rebuild removed the old file; the connection to it still answers a search sent before the swap.
    expect(await answerOf(oldFile)).toEqual([]);
    expect(await answerOf(newFile)).toEqual(['Wombat Books']);
    expect(thread.openFile).toBe(newFile);
    // A job naming the removed file, once the thread has left it, is sent back for the new one.
    expect(await answerOf(oldFile)).toBe('file-gone');
    thread.close();
  });
});

describe('GET /api/search with search threads', () => {
  it('answers from the pool through the whole app, and a bad filter is a 400', async () => {
    const pooled = await startTestApp(buildSearchWorld(), { searchThreads: 2 });
    try {
      expect(pooled.deps.searches).toBeInstanceOf(SearchPool);
      const response = await pooled.get('/api/search?q=pizz&perPage=5');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as SearchResults;
      expect(body.hits[0]).toMatchObject({ name: 'Pizzeria Napoli', highlight: { name: '<mark>Pizzeria</mark> Napoli' } });
      const bad = await pooled.post('/api/search/multi', { requests: [{ indexName: 'businesses', params: { facetFilters: ['color:red'] } }] });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty(['requests.0.params.facetFilters']);
    } finally {
      await pooled.close();
    }
  });

  it('sheds searches beyond the queue bound with 503 and Retry-After, then runs the queued one on a thread', async () => {
    let scheduled: (() => void)[] = [];
    let onSchedule: (() => void) | null = null;
    const pooled = await startTestApp(buildSearchWorld(), {
      searchThreads: 1,
      admission: {
        concurrency: 1,
        maxQueued: 1,
        maxWaitMs: 1000,
        now: () => 0,
        // Nothing starts until the test runs the queue's pass: "the queue is full" is a state, not a race.
        schedule: (task) => {
          scheduled.push(task);
          onSchedule?.();
        },
      },
    });
    try {
      expect(pooled.deps.searchAdmission).not.toBe(pooled.deps.admission);
      const queued = pooled.get('/api/search?q=pizza');
      if (scheduled.length === 0) await new Promise<void>((resolve) => (onSchedule = resolve));
      const refused = await pooled.get('/api/search?q=hotel');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      const tasks = scheduled;
      scheduled = [];
      for (const task of tasks) task();
      const answered = await queued;
      expect(answered.status).toBe(200);
      expect(((await answered.json()) as SearchResults).hits.map((hit) => hit.name)).toContain('Pizzeria Napoli');
    } finally {
      await pooled.close();
    }
  });
});
