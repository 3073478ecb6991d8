/**
 * Where search jobs run: in this thread (`InProcessSearch`: the Meilisearch engine, whose work is
 * on its server, or no search threads configured), or on a pool of worker threads, each with its
 * own read-only connection to the embedded engine's index file (`SearchPool`), so searches use
 * every core while this thread only parses, dispatches and writes.
 */
import { Worker } from 'node:worker_threads';
import { answerSearchJob, fromJobFailure, type JobEngine, type SearchJob } from './search-answers.ts';
import type { SearchThreadReply, SearchThreadRequest, WarmUpRequest } from './search-thread.ts';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';

/** A job not run because its client had gone before its turn. */
export class SearchCancelled extends Error {
  constructor() {
    super('Search not run: its client has gone');
    this.name = 'SearchCancelled';
  }
}

export interface SearchAnswerer {
  /**
   * The JSON text of the job's answer. Rejects with {@link SearchCancelled}, without running it,
   * when `signal` aborts before the job starts; a bad filter rejects with a `FilterError`.
   */
  answer(job: SearchJob, signal?: AbortSignal): Promise<string>;
  /**
   * The answer and whether it was computed on the live index file. False for an answer a search
   * thread gave from the file before a rebuild's, while it waited for its turn to load the new one:
   * right for the visitor a moment ago, but not to be kept as the new file's answer. Answerers
   * without it always answer from the live file.
   */
  answerOnFile?(job: SearchJob, signal?: AbortSignal): Promise<{ json: string; isLive: boolean }>;
  close(): Promise<void>;
}

/** Answers in the calling thread. */
export class InProcessSearch implements SearchAnswerer {
  constructor(private readonly engine: JobEngine) {}

  async answer(job: SearchJob, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) throw new SearchCancelled();
    return answerSearchJob(this.engine, job);
  }

  async close(): Promise<void> {}
}

/**
 * The worker runs the TypeScript sources like the rest of the server (npm start runs under tsx).
 * Node 20 does not apply an `--import` loader to a worker's entry module, so a small bootstrap
 * registers tsx inside the worker first and then imports the entry (as the import worker does).
 */
const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./search-worker.ts', import.meta.url));

/** Times a job is sent again because the file it named was replaced before a thread opened it. */
const MAX_FILE_RETRIES = 3;

export interface SearchPoolOptions {
  threads: number;
  /**
   * Jobs sent to one thread at once: with 2, a thread starts its next job as soon as it posts an
   * answer instead of idling while this thread handles the answer and sends the next job.
   */
  jobsPerThread?: number;
  /** The live index file's path (null before the first build); read for each job. */
  livePath: () => string | null;
  /** Called when a thread found the file gone: the engine follows the pointer to the new file. */
  followSwap: () => void;
}

interface Job {
  id: number;
  job: SearchJob;
  signal: AbortSignal | undefined;
  retries: number;
  /** Whether the file it was sent with was the live one (see SearchAnswerer.answerOnFile). */
  isLive: boolean;
  resolve: (answer: { json: string; isLive: boolean }) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  slot: number;
}

interface Thread {
  worker: Worker;
  running: Map<number, Job>;
  /** The index file the thread reads, as far as its jobs and replies tell (null before its first). */
  file: string | null;
  /** The file it is loading (null when it is not): it is sent no job until it says it is done. */
  warmingTo: string | null;
}

export class SearchPool implements SearchAnswerer {
  private readonly jobsPerThread: number;
  /** A flag per job slot, shared with the threads: 1 when that job's client has gone. */
  private readonly cancelled: Int32Array;
  private readonly freeSlots: number[];
  private readonly threads: Thread[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private isClosed = false;
  /** A live file a thread could not open when asked to warm up on it (gone already): not asked again. */
  private unopenedFile: string | null = null;
  /** Callers of {@link whenOnLiveFile} waiting for the threads to move. */
  private movedWaiters: (() => void)[] = [];

  constructor(private readonly options: SearchPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError(`threads must be a whole number of 1 or more, got ${options.threads}`);
    this.jobsPerThread = options.jobsPerThread ?? 2;
    const capacity = options.threads * this.jobsPerThread;
    this.cancelled = new Int32Array(new SharedArrayBuffer(capacity * Int32Array.BYTES_PER_ELEMENT));
    this.freeSlots = Array.from({ length: capacity }, (_, slot) => capacity - 1 - slot);
  }

  /** Jobs the threads can hold at once: what an admission queue in front should let through. */
  get capacity(): number {
    return this.options.threads * this.jobsPerThread;
  }

  /** Starts every thread now rather than at the first search (a thread takes a moment to load), and warms them all up on the live file at once. */
  start(): void {
    while (this.threads.length < this.options.threads) this.threads.push(this.spawn());
    const file = this.options.livePath();
    if (file !== null) for (const thread of this.threads) this.warmUp(thread, file);
  }

  /** Asks `thread` to open `file` and load what searching it needs; it gets no job until it has (the jobs it holds run first). */
  private warmUp(thread: Thread, file: string): void {
    thread.warmingTo = file;
    thread.worker.postMessage({ type: 'warm-up', file } satisfies WarmUpRequest);
  }

  /**
   * A rebuild published a new file: its threads move to it one at a time. The others keep
   * answering from the file they have open (the old one, still readable once replaced), so
   * searches go on while each thread loads the new file's columns (~0.5-1 s of CPU at 1M); when
   * every thread loaded at once, every search waited for them. A single thread has no other to
   * answer meanwhile: its jobs wait for its warm-up.
   */
  private moveToLiveFile(live: string): void {
    if (live === this.unopenedFile || this.threads.some((thread) => thread.warmingTo !== null)) return;
    const behind = this.threads.find((thread) => thread.file !== null && thread.file !== live);
    if (behind) this.warmUp(behind, live);
  }

  /** Moves the next thread to the live file if none is moving, and tells the waiters once every thread has. */
  private followLiveFile(): void {
    const live = this.options.livePath();
    if (live !== null) this.moveToLiveFile(live);
    this.notifyIfMoved();
  }

  /** Resolves once every thread that has read a file reads the live one (starting the move if a rebuild's file waits). */
  whenOnLiveFile(): Promise<void> {
    this.followLiveFile();
    if (this.hasMoved()) return Promise.resolve();
    return new Promise((resolve) => this.movedWaiters.push(resolve));
  }

  private hasMoved(): boolean {
    const live = this.options.livePath();
    if (live === null || live === this.unopenedFile || this.isClosed) return true;
    return this.threads.every((thread) => thread.warmingTo === null && (thread.file === null || thread.file === live));
  }

  private notifyIfMoved(): void {
    if (this.movedWaiters.length === 0 || !this.hasMoved()) return;
    for (const resolve of this.movedWaiters.splice(0)) resolve();
  }

  answer(job: SearchJob, signal?: AbortSignal): Promise<string> {
    return this.answerOnFile(job, signal).then((answer) => answer.json);
  }

  answerOnFile(job: SearchJob, signal?: AbortSignal): Promise<{ json: string; isLive: boolean }> {
    if (this.isClosed) return Promise.reject(new Error('The search pool is closed.'));
    if (signal?.aborted) return Promise.reject(new SearchCancelled());
    return new Promise((resolve, reject) => {
      const entry: Job = { id: this.nextId++, job, signal, retries: 0, isLive: true, resolve, reject, slot: -1, onAbort: () => this.abort(entry) };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.waiting.push(entry);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    for (const entry of this.waiting.splice(0)) this.settle(entry, new Error('The search pool is closed.'));
    const threads = this.threads.splice(0);
    this.notifyIfMoved();
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private spawn(): Thread {
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { cancelled: this.cancelled.buffer } });
    // The server's socket keeps the process alive, not an idle search thread.
    worker.unref();
    const thread: Thread = { worker, running: new Map(), file: null, warmingTo: null };
    worker.on('message', (reply: SearchThreadReply) => this.receive(thread, reply));
    worker.on('error', (error) => this.lose(thread, error));
    worker.on('exit', (code) => this.lose(thread, new Error(`A search thread stopped (exit code ${code}).`)));
    return thread;
  }

  /** A thread died: its jobs fail, a new thread takes its place. */
  private lose(thread: Thread, error: unknown): void {
    const index = this.threads.indexOf(thread);
    if (index === -1) return;
    this.threads.splice(index, 1);
    for (const entry of thread.running.values()) this.settle(entry, error);
    thread.running.clear();
    if (this.isClosed) return;
    // It may have been the thread moving to a new file: the next one goes.
    this.followLiveFile();
    this.dispatch();
  }

  /** Sends waiting jobs to the least busy threads while they have room. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      if (this.threads.length < this.options.threads) this.threads.push(this.spawn());
      const live = this.options.livePath();
      if (live === null) {
        this.settle(this.waiting.shift()!, new Error('The search index has not been built yet: run `npm run reindex`.'));
        continue;
      }
      this.moveToLiveFile(live);
      let thread: Thread | undefined;
      for (const candidate of this.threads) {
        if (candidate.warmingTo === null && candidate.running.size < this.jobsPerThread && (!thread || candidate.running.size < thread.running.size)) thread = candidate;
      }
      if (!thread) return;
      const entry = this.waiting.shift()!;
      // A thread still on the file before a rebuild's answers from it until its turn to move.
      const file = thread.file ?? live;
      entry.isLive = file === live;
      thread.file = file;
      entry.slot = this.freeSlots.pop()!;
      Atomics.store(this.cancelled, entry.slot, 0);
      thread.running.set(entry.id, entry);
      thread.worker.postMessage({ id: entry.id, slot: entry.slot, file, job: entry.job } satisfies SearchThreadRequest);
    }
  }

  private receive(thread: Thread, reply: SearchThreadReply): void {
    if (reply.type === 'warmed') {
      const asked = thread.warmingTo;
      thread.warmingTo = null;
      thread.file = reply.openFile;
      if (asked !== null && reply.openFile !== asked) {
        // Replaced before the thread could open it: not asked again; the engine follows the pointer.
        this.unopenedFile = asked;
        this.options.followSwap();
      }
      this.followLiveFile();
      this.dispatch();
      return;
    }
    const entry = thread.running.get(reply.id);
    if (!entry) return;
    thread.running.delete(reply.id);
    this.freeSlot(entry);
    switch (reply.type) {
      case 'answer':
        this.settle(entry, null, { json: reply.json, isLive: entry.isLive });
        break;
      case 'failure':
        this.settle(entry, fromJobFailure(reply.failure));
        break;
      case 'skipped':
        this.settle(entry, new SearchCancelled());
        break;
      case 'file-gone':
        // A rebuild replaced the file between this thread's look at the pointer and the worker's open.
        thread.file = reply.openFile;
        this.options.followSwap();
        if (entry.retries >= MAX_FILE_RETRIES) {
          this.settle(entry, new Error('The search index file kept being replaced before a search thread could open it.'));
        } else {
          entry.retries += 1;
          this.waiting.unshift(entry);
        }
        break;
    }
    this.dispatch();
  }

  /** The client left: a waiting job is dropped now, a sent one is skipped by its thread if not started. */
  private abort(entry: Job): void {
    const index = this.waiting.indexOf(entry);
    if (index !== -1) {
      this.waiting.splice(index, 1);
      this.settle(entry, new SearchCancelled());
    } else if (entry.slot !== -1) {
      Atomics.store(this.cancelled, entry.slot, 1);
    }
  }

  private freeSlot(entry: Job): void {
    if (entry.slot === -1) return;
    Atomics.store(this.cancelled, entry.slot, 0);
    this.freeSlots.push(entry.slot);
    entry.slot = -1;
  }

  private settle(entry: Job, error: unknown, answer?: { json: string; isLive: boolean }): void {
    this.freeSlot(entry);
    entry.signal?.removeEventListener('abort', entry.onAbort);
    if (error === null) entry.resolve(answer!);
    else entry.reject(error);
  }
}
