/**
 * Secondary indexes of `businesses` dropped for the length of a bulk import and built once at
 * its end. Each inserted row otherwise updates a dozen B-trees (popularity, rating, reviews,
 * category pairs, name…), most of the cost of an insert; building an index from the finished
 * table is a single sort. Only non-unique indexes are dropped: the unique ones (slug, place id)
 * are the import's own identity checks.
 *
 * Crash safety: the indexes' SQL is stored in `deferred_indexes` in the transaction that drops
 * them, and removed in the transaction that recreates them, so a crash leaves either the indexes
 * or the rows that recreate them. `restoreAbandoned` recreates the indexes of an importer that
 * is gone (the server's start, `npm run import`, and every import before it starts).
 */
import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { inShortSortRuns } from '@directory/data/sort-runs.ts';
import { runTaskThread } from '@directory/indexer/worker-source.ts';

interface DeferredIndex {
  name: string;
  sql: string;
  owner_pid: number;
}

export class DeferredIndexes {
  private readonly secondary: Statement<[], { name: string; sql: string }>;
  private readonly stored: Statement<[], DeferredIndex>;
  private readonly store: Statement<[string, string, number]>;
  private readonly clear: Statement<[]>;
  private readonly forget: Statement<[string]>;

  constructor(private readonly db: RecordDatabase) {
    this.secondary = db.prepare(
      `SELECT name, sql FROM sqlite_master
       WHERE type = 'index' AND tbl_name = 'businesses' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %' ORDER BY name`,
    );
    this.stored = db.prepare('SELECT name, sql, owner_pid FROM deferred_indexes ORDER BY name');
    this.store = db.prepare('INSERT INTO deferred_indexes (name, sql, owner_pid) VALUES (?, ?, ?)');
    this.clear = db.prepare('DELETE FROM deferred_indexes');
    this.forget = db.prepare('DELETE FROM deferred_indexes WHERE name = ?');
  }

  /** Names of the indexes currently deferred (none when no bulk import holds them). */
  deferred(): string[] {
    return this.stored.all().map((index) => index.name);
  }

  /** Drops the secondary indexes for `ownerPid`, in one transaction, all but those named in `keepLive`; returns how many. */
  defer(ownerPid: number, keepLive: readonly string[] = []): number {
    return this.db.transaction(() => {
      if (this.stored.all().length > 0) throw new Error('The secondary indexes are already deferred by another import.');
      const indexes = this.secondary.all().filter((index) => !keepLive.includes(index.name));
      for (const index of indexes) {
        this.store.run(index.name, index.sql, ownerPid);
        this.db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
      }
      return indexes.length;
    })();
  }

  /**
   * Recreates one deferred index, in a transaction of its own; false when it is not deferred. A
   * thread that restores them one by one holds the write lock for one index at a time.
   */
  restoreOne(name: string): boolean {
    return this.db.transaction(() => {
      const index = this.stored.all().find((stored) => stored.name === name);
      if (index === undefined) return false;
      inShortSortRuns(this.db, () => this.db.exec(index.sql));
      this.forget.run(name);
      return true;
    })();
  }

  /** Recreates every deferred index in one transaction; returns how many. */
  restore(): number {
    return this.db.transaction(() => {
      const indexes = this.stored.all();
      inShortSortRuns(this.db, () => {
        for (const index of indexes) this.db.exec(index.sql);
      });
      this.clear.run();
      return indexes.length;
    })();
  }

  /**
   * Hands the deferred indexes to whoever restores abandoned ones next (the next import, the
   * server's start): their importer could not rebuild them (a full disk). Their SQL stays stored.
   */
  abandon(): void {
    this.db.prepare('UPDATE deferred_indexes SET owner_pid = 0').run();
  }

  /** Recreates indexes deferred by an importer that is no longer alive (or gave them up); returns how many. */
  restoreAbandoned(isAlive: (pid: number) => boolean): number {
    const indexes = this.stored.all();
    if (indexes.length === 0 || indexes.some((index) => index.owner_pid > 0 && isAlive(index.owner_pid))) return 0;
    return this.restore();
  }
}

/**
 * Builds the deferred indexes of the record at `recordFile` on a thread of its own
 * (deferred-indexes-worker.ts), one transaction each; resolves with how many it built.
 */
export async function restoreOnThread(recordFile: string): Promise<number> {
  try {
    return await runTaskThread<number>(new URL('./deferred-indexes-worker.ts', import.meta.url), { recordFile }).result;
  } catch (error) {
    throw new Error(`The record's indexes could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
}
