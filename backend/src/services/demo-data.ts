import { Worker } from 'node:worker_threads';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';
import type { BusinessRepository } from '../db/business-repository.ts';
import { BulkInsertTriggers } from '../db/bulk-insert-triggers.ts';
import { widenCheckpointWindow } from '../db/checkpoint-window.ts';
import { DeferredIndexes } from '../db/deferred-indexes.ts';
import { savePrepared, type PreparedBusiness } from './business-writer.ts';
import { preparedDemoBusinesses } from './demo-rows.ts';

const BATCH_SIZE = 5000;

/**
 * From this many demo businesses on, they are made on a worker thread, a batch ahead of the
 * writes: making one (its fields, record columns and slug) costs ~13–17 µs of this thread, ~15 s
 * of a first start at 1,000,000, against ~3–5 µs to receive it; the thread costs ~0.2 s to start.
 */
export const DEMO_WORKER_FROM = 50_000;

/**
 * Fills an empty record with `size` demo businesses, in 5,000-row transactions, each marked as
 * demo data (`is_demo = 1`: the "test data" the admin area can delete), as an import into an
 * empty record writes: the record's secondary indexes set aside and built once at the end
 * (`DeferredIndexes`: sorting each index once costs less than keeping it current row by row; a
 * start that stops mid-way leaves them to the next start, which rebuilds them), each batch's
 * change log, name search rows and counts written once for the batch (`BulkInsertTriggers`), and
 * the write-ahead log copied into the record every few dozen batches, not after each one
 * (`widenCheckpointWindow`). The businesses are the same whichever thread makes them
 * (`onWorker`, by default from {@link DEMO_WORKER_FROM} on). With `buildOnly`, a load that
 * completes builds only those of the deferred indexes and leaves the others deferred for the
 * caller to build (`restoreOnThread`: a first start builds them beside the search index); a load
 * that fails builds them all, as before. Returns how many were written (0 when the record already
 * holds businesses); `onProgress` hears the count after each batch.
 */
export async function loadDemoDataIfEmpty(
  repository: BusinessRepository,
  size: number,
  onProgress: (written: number) => void = () => undefined,
  options: { onWorker?: boolean; buildOnly?: readonly string[] } = {},
): Promise<number> {
  if (size === 0 || !repository.isEmpty()) return 0;
  const indexes = new DeferredIndexes(repository.db);
  const bulk = new BulkInsertTriggers(repository.db);
  indexes.defer(process.pid);
  const restoreCheckpoints = widenCheckpointWindow(repository.db);
  let written = 0;
  let isComplete = false;
  try {
    for await (const batch of demoBatches(size, options.onWorker ?? size >= DEMO_WORKER_FROM)) {
      written += savePrepared(repository, batch, { isDemo: true, bulk }).inserted;
      onProgress(written);
    }
    isComplete = true;
  } finally {
    if (isComplete && options.buildOnly) {
      for (const name of options.buildOnly) indexes.restoreOne(name);
    } else indexes.restore();
    restoreCheckpoints();
  }
  return written;
}

/** The demo businesses 0 to `size` - 1 in batches, in order: made here, or on a worker thread one batch ahead. */
async function* demoBatches(size: number, onWorker: boolean): AsyncGenerator<PreparedBusiness[]> {
  const ranges: [from: number, to: number][] = [];
  for (let from = 0; from < size; from += BATCH_SIZE) ranges.push([from, Math.min(size, from + BATCH_SIZE)]);
  if (!onWorker) {
    for (const [from, to] of ranges) yield preparedDemoBusinesses(from, to);
    return;
  }
  const maker = new DemoBusinessThread();
  try {
    let next = maker.make(ranges[0]!);
    for (let index = 0; index < ranges.length; index += 1) {
      const batch = await next;
      // Asked before this batch is written, so the thread makes it meanwhile.
      if (index + 1 < ranges.length) next = maker.make(ranges[index + 1]!);
      yield batch;
    }
  } finally {
    await maker.close();
  }
}

/** The worker thread of demo-rows-worker.ts: answers each range in the order asked. */
class DemoBusinessThread {
  private readonly worker = new Worker(tsWorkerSource(new URL('./demo-rows-worker.ts', import.meta.url)), { eval: true });
  private readonly waiting: { resolve(batch: PreparedBusiness[]): void; reject(error: Error): void }[] = [];

  constructor() {
    this.worker.on('message', (batch: PreparedBusiness[]) => this.waiting.shift()?.resolve(batch));
    this.worker.on('error', (error) => this.failWaiting(error));
    this.worker.on('exit', (code) => this.failWaiting(new Error(`The demo data thread stopped (exit code ${code}).`)));
  }

  make([from, to]: [number, number]): Promise<PreparedBusiness[]> {
    const made = new Promise<PreparedBusiness[]>((resolve, reject) => this.waiting.push({ resolve, reject }));
    // A batch still being made when a write fails is never awaited: its failure is not unhandled.
    made.catch(() => undefined);
    this.worker.postMessage({ from, to });
    return made;
  }

  private failWaiting(error: Error): void {
    for (const waiting of this.waiting.splice(0)) waiting.reject(error);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
