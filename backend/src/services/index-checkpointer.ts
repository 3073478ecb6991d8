/**
 * Checkpoints the embedded engine's index off the server's thread. The index sync writes the
 * index on the event loop; with SQLite's automatic checkpoint, some commits also copied the whole
 * write-ahead log into the file and synced it, stalling every request meanwhile. The server's
 * index connection checkpoints nothing (`SqliteEngine.setCheckpointingOwnWrites(false)`); this
 * thread does it every {@link CHECKPOINT_EVERY_MS} instead. Should the thread fail, the engine
 * checkpoints its own writes again.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';

/** How often the live index's log is copied into the file (a passive checkpoint never blocks a reader or the writer). */
export const CHECKPOINT_EVERY_MS = 1000;

export interface CheckpointRequest {
  path: string;
}

export type CheckpointReply = { walFrames: number; checkpointed: number } | { error: string };

const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./index-checkpoint-worker.ts', import.meta.url));

export class IndexCheckpointer {
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The checkpoint under way (one at a time); the next waits for it. */
  private inFlight: Promise<unknown> = Promise.resolve();
  private onReply: ((reply: CheckpointReply) => void) | null = null;

  constructor(
    private readonly engine: SqliteEngine,
    private readonly log: (line: string) => void = console.error,
  ) {}

  start(): void {
    if (this.worker) return;
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true });
    worker.unref();
    worker.on('message', (reply: CheckpointReply) => this.onReply?.(reply));
    const fail = (reason: string) => {
      if (this.worker !== worker) return;
      this.stopTimer();
      this.worker = null;
      this.onReply?.({ error: reason });
      this.engine.setCheckpointingOwnWrites(true);
      this.log(`The index checkpoint thread stopped (${reason}); the server checkpoints the index itself again.`);
    };
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    this.worker = worker;
    this.engine.setCheckpointingOwnWrites(false);
    this.timer = setInterval(() => {
      // One under way is enough: the timer does not queue more behind it.
      if (this.onReply === null) void this.checkpoint();
    }, CHECKPOINT_EVERY_MS);
    this.timer.unref();
  }

  /** One checkpoint of the live file, after the one under way; resolves with the thread's answer (null when no thread or no index). */
  checkpoint(): Promise<CheckpointReply | null> {
    const next = this.inFlight.then(() => this.send());
    this.inFlight = next;
    return next;
  }

  private send(): Promise<CheckpointReply | null> {
    const worker = this.worker;
    const path = this.engine.livePath();
    if (worker === null || path === null) return Promise.resolve(null);
    return new Promise<CheckpointReply>((resolve) => {
      this.onReply = (reply) => {
        this.onReply = null;
        resolve(reply);
      };
      worker.postMessage({ path } satisfies CheckpointRequest);
    });
  }

  async close(): Promise<void> {
    this.stopTimer();
    const worker = this.worker;
    this.worker = null;
    this.onReply?.({ error: 'the checkpointer was closed' });
    this.engine.setCheckpointingOwnWrites(true);
    await worker?.terminate();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
