import { MeilisearchRequestError } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineHealth } from './engine-health.ts';

const refused = () => new MeilisearchRequestError('http://127.0.0.1:7700/indexes', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('EngineHealth', () => {
  it('marks the engine down once, probes after 1 s, 2 s, 4 s…, and is up again when a probe passes', async () => {
    const outcomes = [false, false, true];
    const probe = vi.fn(async () => {
      if (!outcomes.shift()) throw refused();
    });
    const logged: string[] = [];
    const health = new EngineHealth(probe, (line) => logged.push(line));

    expect(health.noteFailure(refused())).toBe(true);
    expect(health.noteFailure(refused())).toBe(true);
    expect(health.isAvailable()).toBe(false);
    expect(logged).toEqual(['Search engine unreachable (Request to http://127.0.0.1:7700/indexes has failed (ECONNREFUSED)): lists and searches answer 503 until it answers again; probing it with backoff.']);
    expect(health.retryAfterSeconds()).toBe(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(health.retryAfterSeconds()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(health.retryAfterSeconds()).toBe(4);
    await vi.advanceTimersByTimeAsync(4000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(health.isAvailable()).toBe(true);
    expect(logged.at(-1)).toBe('Search engine reachable again: lists and searches answer again.');
    // Up again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('leaves other errors to the caller and stays up', () => {
    const health = new EngineHealth(async () => undefined, () => undefined);
    expect(health.noteFailure(new Error('The search index has not been built yet: run `npm run reindex`.'))).toBe(false);
    expect(health.isAvailable()).toBe(true);
  });
});
