/**
 * The record's write lock, seen from a process that must not wait for it synchronously.
 *
 * SQLite lets one connection write at a time. better-sqlite3 is synchronous, so a connection with
 * a busy timeout that finds the lock taken (an `npm run import` in another process, the import
 * worker, a reindex child) sleeps *on the calling thread* until the lock frees or the timeout
 * passes. On the server's event loop that stops every visitor's request for as long. The server's
 * connection therefore never waits (`busy_timeout = 0`, see {@link neverWaitForWriteLock}): a
 * write either goes through at once or fails with SQLITE_BUSY, and the callers below either skip
 * it for later (bookkeeping, counters) or wait for the lock on timers, letting requests run.
 */
import type { RecordDatabase } from './record.ts';
import { isRecordBusy } from './storage-errors.ts';

/** From now on a write on `db` that finds the lock taken fails at once with SQLITE_BUSY instead of sleeping. */
export function neverWaitForWriteLock(db: RecordDatabase): void {
  db.pragma('busy_timeout = 0');
}

/** What {@link tryWrite} returns when another connection held the write lock. */
export const RECORD_BUSY: unique symbol = Symbol('record busy');

/**
 * Runs `write` (a transaction, or one statement) and returns its result, or {@link RECORD_BUSY}
 * when another connection held the write lock: the failed write was rolled back whole, so the
 * caller can simply try again later.
 */
export function tryWrite<T>(write: () => T): T | typeof RECORD_BUSY {
  try {
    return write();
  } catch (error) {
    if (isRecordBusy(error)) return RECORD_BUSY;
    throw error;
  }
}

/** True when no other connection holds the write lock at this moment (taken and released at once). */
export function isWriteLockFree(db: RecordDatabase): boolean {
  // Inside a transaction of this connection the lock is either ours already or asked for by it.
  if (db.inTransaction) return true;
  const result = tryWrite(() => {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return true;
  });
  return result === true;
}

/** How often {@link waitForWriteLock} looks at the lock: often enough to catch an importer's gap between batches. */
export const LOCK_POLL_MS = 5;

/**
 * Waits on timers (the event loop keeps running) until the write lock is free, at most
 * `timeoutMs`; true when it was found free. Another writer may take it again before the caller
 * writes: the caller must still handle SQLITE_BUSY.
 */
export async function waitForWriteLock(db: RecordDatabase, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (isWriteLockFree(db)) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/** A write that found the record's write lock taken for longer than it could wait. */
export class RecordBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`The record stayed locked by another writer for ${Math.round(waitedMs)} ms`);
    this.name = 'RecordBusyError';
  }
}

/**
 * Runs the synchronous `write` as soon as the write lock is free, waiting on timers meanwhile (an
 * import in another process releases the lock between its batches). `write` must be one
 * transaction, or one statement: a try that finds the lock taken rolls back whole and is run again.
 * Throws {@link RecordBusyError} after `timeoutMs`.
 */
export async function writeSoon<T>(db: RecordDatabase, write: () => T, timeoutMs = WRITE_WAIT_MS): Promise<T> {
  const started = performance.now();
  for (;;) {
    const result = tryWrite(write);
    if (result !== RECORD_BUSY) return result;
    const waited = performance.now() - started;
    if (waited >= timeoutMs || !(await waitForWriteLock(db, timeoutMs - waited))) throw new RecordBusyError(performance.now() - started);
  }
}

/** How long a visitor's or operator's write waits for the lock before it is answered 503. */
export const WRITE_WAIT_MS = 10_000;

/** Most writes {@link DeferredWrites} keeps while the lock is taken; beyond it the oldest are dropped (and counted). */
const DEFERRED_LIMIT = 50_000;
/** Writes flushed per transaction. */
const FLUSH_CHUNK = 500;
/** How often deferred writes are tried again. */
const RETRY_MS = 200;

/**
 * Small writes that may land a moment late (visitor counts, audit entries, session touches,
 * change-log bookkeeping): written at once when the lock is free, otherwise kept in order in
 * memory and written by a timer as soon as it is. Nothing here ever waits on the lock.
 */
export class DeferredWrites {
  private readonly queue: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Writes dropped because the queue was full (reported once per drop run). */
  dropped = 0;

  constructor(
    private readonly db: RecordDatabase,
    private readonly onDrop: (count: number) => void = (count) => console.error(`Dropped ${count} deferred record write(s): the record stayed locked by another writer`),
  ) {}

  /** Writes now when it can (and nothing is waiting before it), else later. */
  write(write: () => void): void {
    if (this.queue.length === 0 && tryWrite(write) !== RECORD_BUSY) return;
    if (this.queue.length >= DEFERRED_LIMIT) {
      this.queue.shift();
      this.dropped += 1;
      if (this.dropped === 1) queueMicrotask(() => this.onDrop(this.dropped));
    }
    this.queue.push(write);
    this.schedule();
  }

  /** How many writes wait for the lock. */
  get pending(): number {
    return this.queue.length;
  }

  /** Writes what waits, a chunk per transaction, until done or the lock is taken; true when nothing is left. */
  flush(): boolean {
    while (this.queue.length > 0) {
      const chunk = this.queue.slice(0, FLUSH_CHUNK);
      let result: true | typeof RECORD_BUSY;
      try {
        result = tryWrite(() => this.db.transaction(() => chunk.forEach((write) => write()))() ?? true);
      } catch {
        // One write of the chunk failed for another reason (the chunk rolled back): one by one, so only it is lost.
        if (!this.flushOneByOne(chunk.length)) return false;
        continue;
      }
      if (result === RECORD_BUSY) return false;
      this.queue.splice(0, chunk.length);
    }
    this.dropped = 0;
    return true;
  }

  /** Writes the first `count` queued writes one transaction each, reporting and dropping those that fail. */
  private flushOneByOne(count: number): boolean {
    for (let i = 0; i < count; i += 1) {
      try {
        if (tryWrite(this.queue[0]!) === RECORD_BUSY) return false;
      } catch (error) {
        console.error('A deferred record write failed and was dropped:', error);
      }
      this.queue.shift();
    }
    return true;
  }

  /** Stops the retry timer after one last try. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.flush()) this.schedule();
    }, RETRY_MS);
    this.timer.unref();
  }
}

const deferredByConnection = new WeakMap<RecordDatabase, DeferredWrites>();

/** The connection's one queue of deferred writes (audit entries, visitor counts, session touches). */
export function deferredWritesOf(db: RecordDatabase): DeferredWrites {
  let deferred = deferredByConnection.get(db);
  if (!deferred) {
    deferred = new DeferredWrites(db);
    deferredByConnection.set(db, deferred);
  }
  return deferred;
}
