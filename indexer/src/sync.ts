import { randomUUID } from 'node:crypto';
import { tryWrite } from '@directory/data/record-lock.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { faultPoint } from './fault-point.ts';
import { ChangeLogConsumers, changeLogHighWater, isPositionAvailable, rebuildConsumerName } from './change-log.ts';
import { isProcessAlive } from './process-alive.ts';
import type { ChangeFeed, DocumentChanges, DocumentSource, RebuildHooks, RebuildReport, SearchEngine } from './engine.ts';
import { readChanges, snapshotSource, type ListingPolicy } from './record-source.ts';

/** Most change-log entries read per batch (a rebuild's catch-up reads this many at a time). */
export const CHANGE_BATCH = 500;
/** Fewest entries the server's sync reads per batch. */
export const MIN_CHANGE_BATCH = 10;
/**
 * How long one batch of the server's sync should hold the event loop. A batch is one synchronous
 * transaction, and its cost per entry grows with the index (at 1,000,000 businesses an upsert
 * costs 1–4 ms, more for an update than for a new business: 500 of them held every request for
 * a second or more). So the batch size follows the measured cost of the last batch to stay near
 * this budget, and after each batch the sync pauses at least as long as the batch took: it never
 * takes more than half of the event loop (the server lengthens the pause while visitors' requests
 * wait for their turn: see `syncYield` in the backend's admission queue).
 */
export const SYNC_BATCH_BUDGET_MS = 40;

/** The next batch size: the last one scaled to the budget, within [MIN_CHANGE_BATCH, CHANGE_BATCH]. */
export function nextBatchSize(size: number, elapsedMs: number): number {
  const scaled = elapsedMs > 0 ? Math.round((size * SYNC_BATCH_BUDGET_MS) / elapsedMs) : CHANGE_BATCH;
  // Grows at most twofold a batch, so one fast batch of removals does not make the next huge.
  return Math.max(MIN_CHANGE_BATCH, Math.min(CHANGE_BATCH, size * 2, scaled));
}

/** Lets the event loop run for `ms` (at least one turn). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)));
}

/** Raised when an index is behind entries that were already pruned: only a rebuild can repair it. */
export class IndexBehindError extends Error {
  constructor(readonly indexId: string, readonly position: number) {
    super(`The index ${indexId} is at change ${position}, but later changes were pruned from the log: run \`npm run reindex\`.`);
    this.name = 'IndexBehindError';
  }
}

const PROGRESS_EVERY = 10_000;
/** Where a fault test stops a rebuild: this many documents handed to the engine (fault-point.ts). */
const FAULT_POINT_DOCUMENTS = 1000;

/** The source's documents, calling `onRead` with the count read so far after each one, and `onEnd` with the total. */
function tapDocuments(source: DocumentSource, onRead: (read: number) => void, onEnd?: (read: number) => void): DocumentSource {
  return {
    seq: source.seq,
    *documents() {
      let read = 0;
      for (const document of source.documents()) {
        yield document;
        read += 1;
        onRead(read);
      }
      onEnd?.(read);
    },
  };
}

/** The snapshot's documents, passing the `rebuild:documents` fault point on the way. */
function withFaultPoint(source: DocumentSource): DocumentSource {
  return tapDocuments(source, (read) => {
    if (read === FAULT_POINT_DOCUMENTS) faultPoint('rebuild:documents');
  });
}

function withProgress(source: DocumentSource, onProgress: (documentsRead: number) => void): DocumentSource {
  return tapDocuments(
    source,
    (read) => {
      if (read % PROGRESS_EVERY === 0) onProgress(read);
    },
    onProgress,
  );
}

/**
 * Rebuilds the engine's whole index from a snapshot of the record, then brings the new index up
 * to date from the change log before it is swapped in. The rebuild is registered as a change-log
 * consumer from before its snapshot until the new index's position is registered, so nothing it
 * needs is pruned meanwhile.
 */
export async function rebuildIndex(
  recordFile: string,
  engine: SearchEngine,
  policy: ListingPolicy,
  /** The engine's hooks, and the name this rebuild is registered under when its caller reserved one ({@link importRebuildName}). */
  hooks: RebuildHooks & { consumerName?: string } = {},
  /** Called with the number of snapshot documents read so far, every `PROGRESS_EVERY` and at the end. */
  onProgress?: (documentsRead: number) => void,
): Promise<RebuildReport> {
  const record = openRecord(recordFile);
  const consumers = new ChangeLogConsumers(record);
  const name = hooks.consumerName ?? rebuildConsumerName(engine.indexId, randomUUID());
  try {
    consumers.removeDeadRebuilds(isProcessAlive);
    consumers.reserve(name);
    const source = snapshotSource(recordFile, policy);
    try {
      consumers.set(name, source.seq);
      await hooks.afterSnapshot?.();
      const feed: ChangeFeed = {
        read: (afterSeq) => readChanges(record, afterSeq, CHANGE_BATCH, policy),
        progress: (seq) => consumers.set(name, seq),
      };
      const documents = withFaultPoint(source);
      const report = await engine.rebuild(onProgress ? withProgress(documents, onProgress) : documents, feed, hooks);
      record.transaction(() => {
        consumers.advance(engine.indexId, report.appliedSeq);
        consumers.remove(name);
        record.prepare('DELETE FROM index_rebuild_requests WHERE id <= ?').run(source.rebuildRequestsUpTo);
      })();
      return report;
    } finally {
      source.close();
    }
  } finally {
    consumers.remove(name);
    record.close();
  }
}

/** Whether a write without change-log rows (delete-all) still waits for the full rebuild it asked for. */
export function isRebuildOwed(record: RecordDatabase): boolean {
  return record.prepare('SELECT EXISTS (SELECT 1 FROM index_rebuild_requests)').pluck().get() === 1;
}

/** What a server's sync does beyond applying the change log; every part has a default. */
export interface IndexSyncOptions {
  /** Where a failed pass is reported (by default the console). */
  onError?: (error: unknown) => void;
  /** What the sync waits for after a batch that took `batchMs`: at least that long (so at most half the event loop). */
  yieldAfterBatch?: (batchMs: number) => Promise<void>;
  /**
   * While this holds, a pass applies nothing and leaves the changes in the log (the server:
   * while a large import runs, whose full rebuild will carry its rows). The sync also waits,
   * by itself, while a rebuild ending an import runs ({@link ChangeLogConsumers.isImportRebuildRunning}).
   */
  isDeferred?: () => boolean;
  /** A full rebuild instead of a change log too long to apply change by change (see {@link BacklogRebuild}). */
  backlog?: BacklogRebuild;
}

/**
 * A long change log (rows written by a script, a maintenance task, another process) costs far
 * more applied change by change than a full rebuild: at 1,000,000 businesses a change costs 1–4 ms
 * and takes at most half the event loop, so 100,000 of them keep search minutes behind the record,
 * where a rebuild in a child process takes about a minute. Above `threshold` pending entries, a
 * pass asks for `rebuild` instead and applies nothing until it ends; the rebuild publishes an
 * index that holds every change up to its end, and the next pass applies the rest. Should the
 * rebuild fail, the backlog is applied change by change.
 */
export interface BacklogRebuild {
  /** Pending change-log entries above which a full rebuild is asked for. */
  threshold: number;
  /** Runs a full rebuild (the server: in a child process) for `pending` entries; resolves true once it published, false when it failed. */
  rebuild: (pending: number) => Promise<boolean>;
}

/**
 * Keeps an engine in step with the record through the change log: `catchUp()` applies
 * everything pending; `start()` also polls, and `poke()` asks for a pass right after a write.
 * Each pass starts from the position of the index it writes to (not from memory), applies a batch
 * at a time sized to a time budget, with a pause for the event loop after each batch, registers
 * the index's position and prunes what every consumer has applied.
 */
export class IndexSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Set while `stop` waits: the pass under way ends after its current batch (the log keeps the rest). */
  private isStopping = false;
  private isPending = false;
  /** The position last reported as behind the pruned log, so a poll does not repeat it every time. */
  private reportedBehind: number | null = null;
  private readonly consumers: ChangeLogConsumers;
  /** Entries read per batch, following the measured cost of the last batch (see {@link SYNC_BATCH_BUDGET_MS}). */
  private batchSize = MIN_CHANGE_BATCH;

  private readonly onError: (error: unknown) => void;
  private readonly yieldAfterBatch: (batchMs: number) => Promise<void>;
  private readonly isDeferred: () => boolean;
  private readonly backlog: BacklogRebuild | null;
  /** The full rebuild asked for because of a backlog, while it runs: passes apply nothing meanwhile. */
  private backlogRebuild: Promise<void> | null = null;
  /** Set when that rebuild failed: the backlog is then applied change by change, not asked for again. */
  private isBacklogRebuildRefused = false;

  constructor(
    private readonly record: RecordDatabase,
    private readonly engine: SearchEngine,
    private readonly policy: ListingPolicy,
    options: IndexSyncOptions = {},
  ) {
    this.consumers = new ChangeLogConsumers(record);
    this.onError = options.onError ?? ((error) => console.error('index sync failed:', error));
    this.yieldAfterBatch = options.yieldAfterBatch ?? pause;
    this.isDeferred = options.isDeferred ?? (() => false);
    this.backlog = options.backlog ?? null;
  }

  /** Applies every pending change; returns how many documents were upserted or removed. */
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
    if (!isPositionAvailable(this.record, seq)) {
      if (this.reportedBehind === seq) return 0;
      this.reportedBehind = seq;
      throw new IndexBehindError(this.engine.indexId, seq);
    }
    // The registration and pruning below are bookkeeping on the record: when another process holds
    // its write lock (an import), they are skipped, never waited for, and done by a later batch or
    // pass. A registration left behind only keeps more of the log; it never loses a change.
    tryWrite(() => this.consumers.heartbeat(this.engine.indexId, seq));
    for (;;) {
      // A rebuild ending an import (in any process) will publish every change up to its end.
      if (this.isStopping || this.isWaitingForRebuild() || this.askedForBacklogRebuild(seq)) break;
      const started = performance.now();
      const changes: DocumentChanges | null = readChanges(this.record, seq, this.batchSize, this.policy);
      if (changes === null) break;
      const position = await this.engine.applyChanges(changes);
      if (position === changes.seq) {
        applied += changes.upserts.length + changes.removals.length;
        tryWrite(() => this.consumers.advance(this.engine.indexId, position));
      } else if (position < changes.fromSeq && !isPositionAvailable(this.record, position)) {
        // The index was swapped for one further behind than this pass started (a rebuild published meanwhile).
        throw new IndexBehindError(this.engine.indexId, position);
      }
      seq = position;
      tryWrite(() => this.consumers.prune(CHANGE_BATCH));
      const elapsed = performance.now() - started;
      this.batchSize = nextBatchSize(this.batchSize, elapsed);
      await this.yieldAfterBatch(elapsed);
    }
    tryWrite(() => this.consumers.prune(CHANGE_BATCH));
    return applied;
  }

  /** Whether a pass leaves the log to a full rebuild: one asked for by the server, ending an import, or for a backlog. */
  private isWaitingForRebuild(): boolean {
    return this.backlogRebuild !== null || this.isDeferred() || this.consumers.isImportRebuildRunning(this.engine.indexId, isProcessAlive);
  }

  /** Starts the backlog's rebuild when more than the threshold waits after `seq`; true when it did. */
  private askedForBacklogRebuild(seq: number): boolean {
    if (!this.backlog) return false;
    const pending = changeLogHighWater(this.record) - seq;
    if (pending <= this.backlog.threshold) {
      this.isBacklogRebuildRefused = false;
      return false;
    }
    if (this.isBacklogRebuildRefused) return false;
    this.backlogRebuild = this.backlog
      .rebuild(pending)
      .then((isPublished) => {
        this.isBacklogRebuildRefused = !isPublished;
      }, (error: unknown) => {
        this.isBacklogRebuildRefused = true;
        this.onError(error);
      })
      .finally(() => {
        // The next pass (the server's poll, or its poke after a rebuild) applies what was written
        // while it ran, or, should it have failed, the whole backlog.
        this.backlogRebuild = null;
      });
    return true;
  }

  /** Resolves when a rebuild asked for because of a backlog has ended (at once when none runs). */
  async backlogRebuildEnded(): Promise<void> {
    await this.backlogRebuild;
  }

  /**
   * `catchUp`, and when its pass left a backlog to a rebuild, the end of that rebuild and then what
   * came after it: resolves once everything pending now is in the index. Returns the changes
   * applied one by one.
   */
  async catchUpThroughBacklog(): Promise<number> {
    const applied = await this.catchUp();
    await this.backlogRebuildEnded();
    return applied + (await this.catchUp());
  }

  /**
   * A pass that starts after any pass under way has ended, whatever that one's outcome. A probe
   * that finds a search engine back uses it: a pass started while the engine hung fails on its
   * time-out, and joining it would report the engine still down.
   */
  async catchUpAfterRunning(): Promise<number> {
    await this.running?.catch(() => undefined);
    return this.catchUp();
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

  /**
   * Stops polling and ends the pass under way after its current batch: a server stopped while a
   * long log is applied (100,000 changed rows: minutes at 1,000,000) stops at once, and the next
   * pass, or the next start, goes on from the index's position.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.isStopping = true;
    try {
      // A failed pass was already reported through onError; stopping only waits for it to end.
      await this.running?.catch(() => undefined);
    } finally {
      this.isStopping = false;
    }
  }
}
