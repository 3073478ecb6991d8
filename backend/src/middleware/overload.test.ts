import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError, CategoryEntry } from '../shared/api-types.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The real app whose admission queue runs on a hand-driven clock and scheduler: requests
 * wait in the queue until the test pumps it, so "the queue is full" is a state, not a race.
 */
async function startDrivenApp(bounds: { maxQueued: number; maxWaitMs: number }) {
  let clock = 0;
  let enqueued = 0;
  const enqueueWaiters: Array<{ count: number; resolve: () => void }> = [];
  let scheduled: Array<() => void> = [];
  let scheduleWaiter: (() => void) | null = null;
  const app = await startTestApp(
    [buildBusiness({ name: 'Pizza Roma', category: 'Pizza restaurant' }), buildBusiness({ name: 'Dental Care', category: 'Dentist' })],
    {
      admission: {
        concurrency: 1,
        ...bounds,
        // The queue reads the clock once when a request joins it, and again at its turn.
        now: () => clock,
        schedule: (task) => {
          scheduled.push(task);
          scheduleWaiter?.();
        },
      },
    },
  );
  const queue = app.deps.admission;
  const originalRun = queue.run.bind(queue);
  queue.run = (job, isGone) => {
    const result = originalRun(job, isGone);
    enqueued += 1;
    for (const waiter of enqueueWaiters.filter((w) => w.count <= enqueued)) waiter.resolve();
    return result;
  };
  return {
    app,
    advance: (ms: number) => {
      clock += ms;
    },
    /** Resolves once `count` requests have reached the queue. */
    enqueued: (count: number) =>
      new Promise<void>((resolve) => {
        if (enqueued >= count) resolve();
        else enqueueWaiters.push({ count, resolve });
      }),
    /** Runs one scheduled pass, waiting for the queue to schedule one first. */
    async pump() {
      if (scheduled.length === 0) await new Promise<void>((resolve) => (scheduleWaiter = resolve));
      scheduleWaiter = null;
      const tasks = scheduled;
      scheduled = [];
      for (const task of tasks) task();
    },
  };
}

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('overload shedding', () => {
  it('answers 503 with Retry-After beyond the queue bound, then serves the queued requests', async () => {
    const driven = await startDrivenApp({ maxQueued: 2, maxWaitMs: 1000 });
    app = driven.app;
    const first = app.get('/api/search?q=pizza');
    const second = app.get('/api/categories');
    await driven.enqueued(2);

    const refused = await app.get('/api/search?q=dental');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as ApiError).error).toEqual({ id: 'overloaded', message: 'The server is busy. Please try again in a moment.' });

    await driven.pump();
    const searched = await first;
    expect(searched.status).toBe(200);
    expect(((await searched.json()) as { hits: Array<{ name: string }> }).hits.map((hit) => hit.name)).toEqual(['Pizza Roma']);
    await driven.pump();
    const listed = await second;
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as CategoryEntry[]).map((entry) => entry.category).sort()).toEqual(['Dentist', 'Pizza restaurant']);
  });

  it('answers 503 instead of running a request that waited past the deadline', async () => {
    const driven = await startDrivenApp({ maxQueued: 10, maxWaitMs: 500 });
    app = driven.app;
    const waited = app.get('/api/search?q=pizza');
    await driven.enqueued(1);
    driven.advance(501);
    await driven.pump();
    const response = await waited;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('computes a list once for requests queued together for it', async () => {
    const driven = await startDrivenApp({ maxQueued: 10, maxWaitMs: 1000 });
    app = driven.app;
    const countries = vi.spyOn(app.deps.engine, 'countries');
    const both = [app.get('/api/countries'), app.get('/api/countries')];
    await driven.enqueued(2);
    await driven.pump();
    await driven.pump();
    const [first, second] = await Promise.all(both);
    expect(await first!.text()).toBe(await second!.text());
    expect(second!.headers.get('etag')).toBe(first!.headers.get('etag'));
    expect(countries).toHaveBeenCalledTimes(1);
  });

  it('lets a ready list answer through without a turn in the queue', async () => {
    const driven = await startDrivenApp({ maxQueued: 1, maxWaitMs: 1000 });
    app = driven.app;
    const computed = app.get('/api/countries');
    await driven.enqueued(1);
    await driven.pump();
    const etag = (await computed).headers.get('etag')!;

    // The queue is now full with a search; the ready answer and the 304 still come back.
    const blocked = app.get('/api/search?q=pizza');
    await driven.enqueued(2);
    expect((await app.get('/api/countries')).status).toBe(200);
    // A browser revalidating its copy; fetch() itself would add "Cache-Control: no-cache" to a conditional request.
    const revalidated = await fetch(`${driven.app.url}/api/countries`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(revalidated.status).toBe(304);
    await driven.pump();
    expect((await blocked).status).toBe(200);
  });
});
