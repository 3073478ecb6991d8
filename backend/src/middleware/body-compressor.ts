/**
 * Where answers held in memory (pages, JSON, sitemaps) are compressed: on compression threads of
 * our own (`CompressionThreads`, what the server uses) or, with none, in one zlib call each on
 * libuv's thread pool (`ZlibCompressor`, and the threads' fallback).
 *
 * A zlib call (`brotliCompress`, `gzip`) builds a zlib stream for each body and passes its chunks
 * back and forth between the threads: for a 16 KB business page, ~120 µs of the server's thread
 * and ~400 µs of CPU in all, against ~160 µs for the same compression done in one synchronous call.
 * A compression thread does that call, and encodes the page's text to UTF-8 too; the server's
 * thread only posts the text and takes back the bytes (~15 µs).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';
import { compressionOptions, type CompressedEncoding } from './compression-settings.ts';

export interface BodyCompressor {
  /** `body` compressed in `encoding`, with the settings of compression-settings.ts. */
  compress(body: string | Buffer, encoding: CompressedEncoding): Promise<Buffer>;
  close(): Promise<void>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One zlib call per body, on libuv's thread pool. */
export class ZlibCompressor implements BodyCompressor {
  compress(body: string | Buffer, encoding: CompressedEncoding): Promise<Buffer> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return encoding === 'br' ? brotli(bytes, compressionOptions(encoding, bytes.length)) : gzipped(bytes, compressionOptions(encoding, bytes.length));
  }

  async close(): Promise<void> {}
}

/** A body sent to a compression thread. */
export interface CompressionRequest {
  id: number;
  body: string | Uint8Array;
  encoding: CompressedEncoding;
}

/** A compression thread's answer: the compressed bytes (transferred), or why it failed. */
export type CompressionReply = { id: number; bytes: ArrayBuffer } | { id: number; error: string };

/**
 * Compression threads the server runs: half the cores, at least one. On this project's 2-core
 * machine a second thread served no more business pages than one (both ~+10 % over libuv's pool).
 */
export const COMPRESSION_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

const WORKER_SOURCE = tsWorkerSource(new URL('./compression-worker.ts', import.meta.url));

/** Threads lost in a row without one answer before the threads are given up for libuv's pool (a thread that cannot start). */
const MAX_LOSSES_IN_A_ROW = 3;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Compression threads: each body goes to the thread with the fewest bodies waiting. A body whose
 * thread fails, or any body once threads could not be kept alive, is compressed by
 * {@link ZlibCompressor} instead: the answer is sent all the same.
 */
export class CompressionThreads implements BodyCompressor {
  private readonly threads: Thread[] = [];
  private readonly fallback = new ZlibCompressor();
  private nextId = 1;
  private lossesInARow = 0;
  private isClosed = false;

  private readonly log: (line: string) => void;
  private readonly workerSource: string;

  /** `workerSource`: what a thread runs (compression-worker.ts; tests give threads that fail). */
  constructor(
    private readonly count: number,
    options: { log?: (line: string) => void; workerSource?: string } = {},
  ) {
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a whole number of 1 or more, got ${count}`);
    this.log = options.log ?? console.error;
    this.workerSource = options.workerSource ?? WORKER_SOURCE;
  }

  /** Starts every thread now rather than at the first answer (a thread takes a moment to load). */
  start(): void {
    while (!this.isGivenUp && this.threads.length < this.count) this.threads.push(this.spawn());
  }

  /** Whether threads were lost too often in a row: every body then goes to libuv's pool. */
  get isGivenUp(): boolean {
    return this.lossesInARow >= MAX_LOSSES_IN_A_ROW;
  }

  compress(body: string | Buffer, encoding: CompressedEncoding): Promise<Buffer> {
    if (this.isClosed || this.isGivenUp) return this.fallback.compress(body, encoding);
    this.start();
    let thread = this.threads[0]!;
    for (const candidate of this.threads) if (candidate.pending.size < thread.pending.size) thread = candidate;
    const id = this.nextId++;
    const compressed = new Promise<Buffer>((resolve, reject) => thread.pending.set(id, { resolve, reject }));
    thread.worker.postMessage({ id, body, encoding } satisfies CompressionRequest);
    return compressed.catch(() => this.fallback.compress(body, encoding));
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private spawn(): Thread {
    const worker = new Worker(this.workerSource, { eval: true });
    // The server's socket keeps the process alive, not an idle compression thread.
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (reply: CompressionReply) => this.receive(thread, reply));
    worker.on('error', (error) => this.lose(thread, error));
    worker.on('exit', (code) => this.lose(thread, new Error(`A compression thread stopped (exit code ${code}).`)));
    return thread;
  }

  private receive(thread: Thread, reply: CompressionReply): void {
    const pending = thread.pending.get(reply.id);
    if (!pending) return;
    thread.pending.delete(reply.id);
    this.lossesInARow = 0;
    if ('bytes' in reply) pending.resolve(Buffer.from(reply.bytes));
    else pending.reject(new Error(reply.error));
  }

  /** A thread ended: its bodies go to the fallback, and the next body starts a new thread. */
  private lose(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index === -1) return;
    this.threads.splice(index, 1);
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
    if (this.isClosed) return;
    this.lossesInARow += 1;
    if (this.isGivenUp) this.log(`Compression threads stopped ${this.lossesInARow} times in a row (${error.message}): answers are compressed on libuv's pool from now on.`);
  }
}
