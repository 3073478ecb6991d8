import type { RecordDatabase } from '@directory/data/record.ts';
import type { RebuildReport, SearchEngine } from './engine.ts';
import { pruneChangeLog, readChanges, snapshotSource, type ListingPolicy } from './record-source.ts';

const CHANGE_BATCH = 2000;

/** Rebuilds the engine's whole index from a snapshot of the record. */
export async function rebuildIndex(recordFile: string, engine: SearchEngine, policy: ListingPolicy): Promise<RebuildReport> {
  const source = snapshotSource(recordFile, policy);
  try {
    return await engine.rebuild(source);
  } finally {
    source.close();
  }
}

/**
 * Keeps an engine in step with the record through the change log: `catchUp()` applies
 * everything pending; `start()` also polls, and `poke()` asks for a pass right after a write.
 */
export class IndexSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private isPending = false;

  constructor(
    private readonly record: RecordDatabase,
    private readonly engine: SearchEngine,
    private readonly policy: ListingPolicy,
    private readonly onError: (error: unknown) => void = (error) => console.error('index sync failed:', error),
  ) {}

  /** Applies every pending change; returns how many change-log entries were applied. */
  catchUp(): Promise<number> {
    if (this.running) {
      this.isPending = true;
      return this.running;
    }
    this.running = this.applyPending().finally(() => {
      this.running = null;
      if (this.isPending) {
        this.isPending = false;
        void this.catchUp().catch(this.onError);
      }
    });
    return this.running;
  }

  private async applyPending(): Promise<number> {
    let applied = 0;
    let seq = await this.engine.appliedSeq();
    if (seq < 0) return 0;
    for (;;) {
      const changes = readChanges(this.record, seq, CHANGE_BATCH, this.policy);
      if (changes === null) break;
      await this.engine.applyChanges(changes);
      applied += changes.upserts.length + changes.removals.length;
      seq = changes.seq;
    }
    pruneChangeLog(this.record, seq);
    return applied;
  }

  /** Asks for a pass soon (after a write). */
  poke(): void {
    void this.catchUp().catch(this.onError);
  }

  start(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A failed pass was already reported through onError; stopping only waits for it to end.
    await this.running?.catch(() => undefined);
  }
}
