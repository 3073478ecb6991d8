import type { Middleware } from 'koa';
import { pause } from '@directory/indexer/sync.ts';
import { ApiError } from '../errors.ts';

/** Why a request was not run. */
export type RefusalReason = 'queue-full' | 'waited-too-long' | 'client-gone';

/** A request the queue refused to run; nothing of its work was done. */
export class AdmissionRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`Request not run: ${reason}`);
    this.name = 'AdmissionRefused';
  }
}

export interface AdmissionOptions {
  /** Jobs started at once. SQLite work is synchronous on the event loop: more only fill the waits for other threads. */
  concurrency: number;
  /** Requests waiting for a slot; the next one is refused at once. */
  maxQueued: number;
  /** A request that waited longer than this for its turn is refused instead of run. */
  maxWaitMs: number;
  /** Clock in milliseconds (tests drive it). */
  now?: () => number;
  /** Runs `task` after pending I/O (new requests, closed connections) has been seen; tests drive it. */
  schedule?: (task: () => void) => void;
}

/**
 * Sixteen jobs at once. SQLite work is synchronous, so one job computes at a time, while others
 * wait on a search thread (the /search page's results); the slots also decide how many jobs one
 * scheduling pass starts. Jobs start one pass at a time, and a slot a job frees is filled at the
 * next pass, after the event loop has turned: with two slots the loop turned once per two pages,
 * and at a million businesses uncached business pages ran at ~980/s and 1.36 ms of server CPU
 * each, against ~1,400/s and 0.97 ms with sixteen (a pass then starts at most ~16 ms of page work).
 * 256 waiting, so that 200 visitors' connections at once (behind a proxy, say) are queued, not
 * refused; none run after waiting 3 s, by when a visitor is about to give up (ADMISSION_* settings).
 */
export const DEFAULT_ADMISSION: Omit<AdmissionOptions, 'now' | 'schedule'> = { concurrency: 16, maxQueued: 256, maxWaitMs: 3000 };

interface Waiter {
  enqueuedAt: number;
  isGone: () => boolean;
  start: () => void;
  refuse: (reason: RefusalReason) => void;
}

/**
 * A bounded queue in front of the expensive routes. SQLite answers synchronously on the one
 * event loop, so without it a burst would sit unseen in the sockets' buffers and be run to
 * the end, however long ago its clients gave up. Every request waits here for its turn; jobs
 * start one scheduling pass at a time (`setImmediate`, after the poll phase), so between two
 * jobs new arrivals are queued or refused and closed connections are noticed. At its turn, a
 * request whose client has gone or that waited more than `maxWaitMs` is dropped unrun.
 */
export class AdmissionQueue {
  private readonly options: Required<AdmissionOptions>;
  private readonly waiting: Waiter[] = [];
  private head = 0;
  private running = 0;
  private isDrainScheduled = false;

  constructor(options: AdmissionOptions) {
    this.options = {
      now: () => performance.now(),
      schedule: (task) => setImmediate(task),
      ...options,
    };
    const { concurrency, maxQueued, maxWaitMs } = options;
    for (const [name, value] of Object.entries({ concurrency, maxQueued, maxWaitMs })) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of 1 or more, got ${value}`);
    }
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /** Jobs started and not finished. */
  get active(): number {
    return this.running;
  }

  /**
   * Runs `job` at its turn; rejects with `AdmissionRefused` (and never runs it) when the queue
   * is full, when it waited too long, or when `isGone()` says its client has left.
   */
  run<T>(job: () => Promise<T>, isGone: () => boolean = () => false): Promise<T> {
    if (this.queued >= this.options.maxQueued) return Promise.reject(new AdmissionRefused('queue-full'));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        enqueuedAt: this.options.now(),
        isGone,
        refuse: (reason) => reject(new AdmissionRefused(reason)),
        start: () => {
          this.running += 1;
          job()
            .then(resolve, reject)
            .finally(() => {
              this.running -= 1;
              this.scheduleDrain();
            });
        },
      });
      this.scheduleDrain();
    });
  }

  private scheduleDrain(): void {
    // No pass while every slot is taken: a finishing job schedules the next one.
    if (this.isDrainScheduled || this.queued === 0 || this.running >= this.options.concurrency) return;
    this.isDrainScheduled = true;
    this.options.schedule(() => {
      this.isDrainScheduled = false;
      this.drain();
    });
  }

  /** Starts waiting jobs while slots are free, dropping those that should not run any more. */
  private drain(): void {
    while (this.running < this.options.concurrency && this.queued > 0) {
      const waiter = this.waiting[this.head]!;
      this.head += 1;
      if (waiter.isGone()) waiter.refuse('client-gone');
      else if (this.options.now() - waiter.enqueuedAt > this.options.maxWaitMs) waiter.refuse('waited-too-long');
      else waiter.start();
    }
    // Drop the consumed front of the array once it dominates, so the queue's memory stays bounded.
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    this.scheduleDrain();
  }
}

/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * Runs the rest of the request through `queue`. A refusal answers 503 with `Retry-After`
 * (nothing was done, so a retry is safe); a request whose client left is not answered at all.
 */
export function admitted(queue: AdmissionQueue): Middleware {
  return async (ctx, next) => {
    const isGone = () => ctx.req.socket.destroyed;
    try {
      await queue.run(() => next(), isGone);
    } catch (error) {
      if (!(error instanceof AdmissionRefused)) throw error;
      // Nobody is listening; Koa writes nothing to a destroyed socket.
      if (error.reason === 'client-gone') return;
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ApiError(503, 'overloaded', 'The server is busy. Please try again in a moment.');
    }
  };
}

/** How many times its batch's time the index sync pauses while requests wait in `admission`. */
export const SYNC_PAUSE_FACTOR_WHILE_QUEUED = 3;

/**
 * The index sync's pause after a batch of `batchMs`, for the server: as long as the batch while
 * no request waits (the sync takes at most half the event loop), three times as long while
 * requests wait for their turn (at most a quarter: during a large import, visitors' pages come
 * before the index catching up; the index lags a little more, and catches up once they are served).
 */
export function syncYield(admission: Pick<AdmissionQueue, 'queued'>): (batchMs: number) => Promise<void> {
  return (batchMs) => pause(batchMs * (admission.queued > 0 ? SYNC_PAUSE_FACTOR_WHILE_QUEUED : 1));
}
