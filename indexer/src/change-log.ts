/**
 * Who reads the change log, and how far. Every consumer (an index, named by `SearchEngine.indexId`,
 * and every rebuild in progress) registers the position it has applied in `index_consumers`; the
 * log is pruned only up to the lowest registered position, so nothing a consumer still needs is
 * ever deleted.
 *
 * A consumer that stops reporting (a process killed mid-rebuild, an index directory nobody serves
 * any more) must not block pruning for ever: a registration not refreshed for
 * {@link CONSUMER_TTL_MS} is dropped at the next prune. Live consumers refresh theirs at least every
 * {@link HEARTBEAT_MS}, so only a dead one expires. An index whose registration expired and that
 * comes back behind the pruned log is detected ({@link isPositionAvailable}) and must be rebuilt.
 */
import { randomUUID } from 'node:crypto';
import type { RecordDatabase } from '@directory/data/record.ts';

/** A consumer silent this long is considered gone (a day of change log is a few MB at most). */
export const CONSUMER_TTL_MS = 24 * 3600 * 1000;
/** How often a consumer with nothing to apply still refreshes its registration. */
export const HEARTBEAT_MS = 60 * 1000;

/**
 * Created by the indexer, not by a record migration: it is the indexer's bookkeeping, and every
 * process that touches it goes through here first.
 */
const CONSUMERS_DDL = `CREATE TABLE IF NOT EXISTS index_consumers (
  name        TEXT PRIMARY KEY,
  applied_seq INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID`;

/**
 * The change log's high-water mark: the last sequence number ever handed out (AUTOINCREMENT keeps
 * it in sqlite_sequence), which stays right after every entry up to it has been pruned.
 */
export function changeLogHighWater(db: RecordDatabase): number {
  return (db.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'change_log'), 0)").pluck().get() as number);
}

/**
 * True when every change after `position` is still in the log. Sequence numbers are consecutive
 * (AUTOINCREMENT, rolled-back inserts give theirs back), so a missing `position + 1` means pruned.
 */
export function isPositionAvailable(db: RecordDatabase, position: number): boolean {
  if (position >= changeLogHighWater(db)) return true;
  const first = db.prepare('SELECT min(seq) FROM change_log').pluck().get() as number | null;
  return first !== null && first <= position + 1;
}

/** Lets timers, I/O and requests run between two batches. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const REBUILD_NAME = /^rebuild:.*:(\d+):[0-9a-f-]{36}$/;

/** The registration name of a rebuild run by this process. */
export function rebuildConsumerName(indexId: string, uuid: string): string {
  return `rebuild:${indexId}:${process.pid}:${uuid}`;
}

/**
 * The registration name of a rebuild that will end an import in this process: reserved as soon as
 * the import has written more rows than the rebuild threshold, so that every sync of the index
 * leaves the rest of its rows to that rebuild ({@link ChangeLogConsumers.isImportRebuildRunning}).
 */
export function importRebuildName(indexId: string): string {
  return rebuildConsumerName(`import:${indexId}`, randomUUID());
}

/** How the registration of a rebuild ending an import of an index starts. */
function importRebuildPrefix(indexId: string): string {
  return `rebuild:import:${indexId}:`;
}

/** The process of a rebuild's registration (its name ends with `:<pid>:<uuid>`), null for another consumer. */
function rebuildPid(name: string): number | null {
  const pid = REBUILD_NAME.exec(name)?.[1];
  return pid === undefined ? null : Number(pid);
}

export interface ConsumerRow {
  name: string;
  appliedSeq: number;
  updatedAt: number;
}

export class ChangeLogConsumers {
  private readonly lastBeat = new Map<string, number>();

  constructor(
    private readonly db: RecordDatabase,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(CONSUMERS_DDL);
  }

  /**
   * Records that `name` has applied everything up to `seq`. Positions only move forward: an index
   * written by two processes is registered once, at the furthest position either reported.
   */
  advance(name: string, seq: number): void {
    this.db
      .prepare(`INSERT INTO index_consumers (name, applied_seq, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET applied_seq = max(applied_seq, excluded.applied_seq), updated_at = excluded.updated_at`)
      .run(name, seq, this.now());
    this.lastBeat.set(name, this.now());
  }

  /** Sets `name` at `seq`, even backwards (a rebuild registering its snapshot). */
  set(name: string, seq: number): void {
    this.db
      .prepare(`INSERT INTO index_consumers (name, applied_seq, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET applied_seq = excluded.applied_seq, updated_at = excluded.updated_at`)
      .run(name, seq, this.now());
    this.lastBeat.set(name, this.now());
  }

  /** Refreshes `name`'s registration when it is older than the heartbeat period. */
  heartbeat(name: string, seq: number): void {
    if (this.now() - (this.lastBeat.get(name) ?? 0) >= HEARTBEAT_MS) this.advance(name, seq);
  }

  /**
   * Registers a rebuild before it takes its snapshot, at the high-water mark: the snapshot can only
   * be at or after it, so nothing the rebuild will need can be pruned from here on.
   */
  reserve(name: string): number {
    return this.db.transaction(() => {
      const seq = changeLogHighWater(this.db);
      this.set(name, seq);
      return seq;
    }).immediate();
  }

  /**
   * Drops the registrations of rebuilds whose process is gone (killed mid-rebuild), so they stop
   * holding the log at once instead of for {@link CONSUMER_TTL_MS}. A rebuild's name ends with
   * `:<pid>:<uuid>` (see `rebuildConsumerName`); only processes of this machine write the record.
   */
  removeDeadRebuilds(isProcessAlive: (pid: number) => boolean): number {
    let removed = 0;
    for (const { name } of this.list()) {
      const pid = rebuildPid(name);
      if (pid !== null && !isProcessAlive(pid)) {
        this.remove(name);
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Whether a live process is rebuilding this index at the end of an import (`npm run import`
   * above the rebuild threshold), or will once its import ends: that rebuild carries every change
   * up to its publication, so applying the import's rows meanwhile is work thrown away.
   */
  isImportRebuildRunning(indexId: string, isProcessAlive: (pid: number) => boolean): boolean {
    const prefix = importRebuildPrefix(indexId);
    return this.db
      .prepare('SELECT name FROM index_consumers WHERE substr(name, 1, ?) = ?')
      .pluck()
      .all(prefix.length, prefix)
      .some((name) => {
        const pid = rebuildPid(name as string);
        return pid !== null && isProcessAlive(pid);
      });
  }

  remove(name: string): void {
    this.db.prepare('DELETE FROM index_consumers WHERE name = ?').run(name);
    this.lastBeat.delete(name);
  }

  list(): ConsumerRow[] {
    return this.db
      .prepare('SELECT name, applied_seq AS appliedSeq, updated_at AS updatedAt FROM index_consumers ORDER BY name')
      .all() as ConsumerRow[];
  }

  /**
   * Drops expired consumers, then deletes log entries every remaining consumer has applied, at most
   * `limit` of them (a long backlog is pruned a batch at a time). Returns how many were deleted.
   * It only reads unless there is something to delete, so a poll never waits for the record's
   * write lock (held by an import) for nothing. No transaction is needed: a consumer registers at
   * or above the high-water mark, never below the lowest position read here.
   */
  prune(limit: number): number {
    const expiredBefore = this.now() - CONSUMER_TTL_MS;
    if (this.db.prepare('SELECT 1 FROM index_consumers WHERE updated_at < ? LIMIT 1').get(expiredBefore)) {
      this.db.prepare('DELETE FROM index_consumers WHERE updated_at < ?').run(expiredBefore);
    }
    const lowest = this.db.prepare('SELECT min(applied_seq) FROM index_consumers').pluck().get() as number | null;
    const first = this.db.prepare('SELECT min(seq) FROM change_log').pluck().get() as number | null;
    if (lowest === null || first === null || first > lowest) return 0;
    return this.db
      .prepare('DELETE FROM change_log WHERE seq IN (SELECT seq FROM change_log WHERE seq <= ? ORDER BY seq LIMIT ?)')
      .run(lowest, limit).changes;
  }
}
