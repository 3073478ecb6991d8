import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue, AdmissionRefused, syncYield, SYNC_PAUSE_FACTOR_WHILE_QUEUED, type AdmissionOptions } from './admission.ts';

/** A queue on a hand-driven clock and scheduler: `pass()` is one turn of the event loop. */
function drivenQueue(options: Omit<AdmissionOptions, 'now' | 'schedule'>) {
  let clock = 0;
  let scheduled: Array<() => void> = [];
  const queue = new AdmissionQueue({ ...options, now: () => clock, schedule: (task) => scheduled.push(task) });
  return {
    queue,
    advance(ms: number) {
      clock += ms;
    },
    /** Runs what was scheduled, then lets settled jobs report back. */
    async pass() {
      const tasks = scheduled;
      scheduled = [];
      for (const task of tasks) task();
      await flushMicrotasks();
    },
    get pendingPasses() {
      return scheduled.length;
    },
  };
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** A job that finishes when the test says so, recording that it ran. */
function controlledJob(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    job: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => `ran ${String(value)}`,
    (error: unknown) => (error instanceof AdmissionRefused ? `refused ${error.reason}` : `failed ${String(error)}`),
  );

describe('AdmissionQueue', () => {
  it('queues a burst and starts nothing until the next pass, then one job at a time in arrival order', async () => {
    const driven = drivenQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 1000 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => controlledJob(log, name));
    const results = jobs.map((job) => outcome(driven.queue.run(job.job)));
    expect(driven.queue.queued).toBe(3);
    expect(log).toEqual([]);

    await driven.pass();
    expect(log).toEqual(['start a']);
    expect(driven.queue.active).toBe(1);

    // The running job holds the only slot: no pass is even scheduled until it finishes.
    expect(driven.pendingPasses).toBe(0);
    await driven.pass();
    expect(log).toEqual(['start a']);

    jobs[0]!.finish();
    await flushMicrotasks();
    await driven.pass();
    expect(log).toEqual(['start a', 'start b']);
    jobs[1]!.finish();
    await flushMicrotasks();
    await driven.pass();
    jobs[2]!.finish();
    expect(await Promise.all(results)).toEqual(['ran a', 'ran b', 'ran c']);
    expect(driven.queue.queued).toBe(0);
    expect(driven.queue.active).toBe(0);
  });

  it('refuses at once a request beyond the queue bound, without running it', async () => {
    const driven = drivenQueue({ concurrency: 1, maxQueued: 2, maxWaitMs: 1000 });
    const log: string[] = [];
    void outcome(driven.queue.run(controlledJob(log, 'a').job));
    void outcome(driven.queue.run(controlledJob(log, 'b').job));
    const third = outcome(driven.queue.run(controlledJob(log, 'c').job));
    expect(await third).toBe('refused queue-full');
    expect(driven.queue.queued).toBe(2);
    await driven.pass();
    expect(log).toEqual(['start a']);
  });

  it('drops unrun a request that waited longer than the deadline, and runs the next one in time', async () => {
    const driven = drivenQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 500 });
    const log: string[] = [];
    const slow = controlledJob(log, 'slow');
    const slowResult = outcome(driven.queue.run(slow.job));
    await driven.pass();

    const late = outcome(driven.queue.run(controlledJob(log, 'late').job));
    driven.advance(400);
    const fresh = controlledJob(log, 'fresh');
    const freshResult = outcome(driven.queue.run(fresh.job));
    // The slow job takes 200 ms more: 'late' has now waited 600 ms, 'fresh' 200 ms.
    driven.advance(200);
    slow.finish();
    await flushMicrotasks();
    await driven.pass();

    expect(await late).toBe('refused waited-too-long');
    expect(log).toEqual(['start slow', 'start fresh']);
    fresh.finish();
    expect(await freshResult).toBe('ran fresh');
    expect(await slowResult).toBe('ran slow');
  });

  it('does not run a request whose client has gone', async () => {
    const driven = drivenQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 1000 });
    const log: string[] = [];
    let isGone = false;
    const result = outcome(driven.queue.run(controlledJob(log, 'abandoned').job, () => isGone));
    isGone = true;
    await driven.pass();
    expect(await result).toBe('refused client-gone');
    expect(log).toEqual([]);
  });

  it('starts as many jobs in one pass as it has slots', async () => {
    const driven = drivenQueue({ concurrency: 2, maxQueued: 10, maxWaitMs: 1000 });
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) void outcome(driven.queue.run(controlledJob(log, name).job));
    await driven.pass();
    expect(log).toEqual(['start a', 'start b']);
    expect(driven.queue.queued).toBe(1);
  });

  it('passes a job failure to its caller and frees the slot', async () => {
    const driven = drivenQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 1000 });
    const failed = outcome(driven.queue.run(() => Promise.reject(new Error('boom'))));
    const next = outcome(driven.queue.run(async () => 'next'));
    await driven.pass();
    expect(await failed).toBe('failed Error: boom');
    await driven.pass();
    expect(await next).toBe('ran next');
  });

  it('rejects bounds that are not whole numbers of 1 or more', () => {
    expect(() => new AdmissionQueue({ concurrency: 0, maxQueued: 1, maxWaitMs: 1 })).toThrow(/concurrency/);
    expect(() => new AdmissionQueue({ concurrency: 1, maxQueued: 0, maxWaitMs: 1 })).toThrow(/maxQueued/);
    expect(() => new AdmissionQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 1.5 })).toThrow(/maxWaitMs/);
  });
});

describe("the index sync's pause, seen from the queue", () => {
  afterEach(() => vi.useRealTimers());

  /** Whether the pause after a batch of `batchMs` has ended once `advanceMs` of (fake) time passed. */
  async function endsWithin(queued: number, batchMs: number, advanceMs: number): Promise<boolean> {
    vi.useFakeTimers();
    let isOver = false;
    void syncYield({ queued })(batchMs).then(() => (isOver = true));
    await vi.advanceTimersByTimeAsync(advanceMs);
    return isOver;
  }

  it('is as long as the batch while no request waits: the sync takes at most half the event loop', async () => {
    expect(await endsWithin(0, 40, 39)).toBe(false);
    expect(await endsWithin(0, 40, 40)).toBe(true);
  });

  it('is three times as long while requests wait for their turn: visitors before the index catching up', async () => {
    expect(SYNC_PAUSE_FACTOR_WHILE_QUEUED).toBe(3);
    expect(await endsWithin(5, 40, 40)).toBe(false);
    expect(await endsWithin(5, 40, 119)).toBe(false);
    expect(await endsWithin(5, 40, 120)).toBe(true);
  });
});
