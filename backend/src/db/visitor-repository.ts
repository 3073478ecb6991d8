import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { isRecordFull, isStorageWriteRefused } from '@directory/data/storage-errors.ts';

/**
 * Runs a visitor-count write; when the data folder refuses it (read-only or full) the visit is
 * not counted and `fallback` is returned: counting is best effort, the page it follows is served.
 */
function unlessStorageRefuses<T>(write: () => T, fallback: T): T {
  try {
    return write();
  } catch (error) {
    if (isStorageWriteRefused(error) || isRecordFull(error)) return fallback;
    throw error;
  }
}

/** SQL of the daily visitor counts (one salted hash per visitor and day). */
export class VisitorRepository {
  private readonly insertVisitor: Statement<[string, string]>;
  private readonly bump: Statement<[string]>;
  private readonly since: Statement<[string], { day: string; count: number }>;
  private readonly dropBefore: Statement<[string]>;

  constructor(private readonly db: RecordDatabase) {
    this.insertVisitor = db.prepare('INSERT OR IGNORE INTO visitor_days (day, visitor_hash) VALUES (?, ?)');
    this.bump = db.prepare('INSERT INTO visitor_counts (day, count) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET count = count + 1');
    this.since = db.prepare('SELECT day, count FROM visitor_counts WHERE day >= ? ORDER BY day');
    this.dropBefore = db.prepare('DELETE FROM visitor_days WHERE day < ?');
  }

  /** Counts a visitor once per day (not at all when the folder refuses the write). */
  record(day: string, visitorHash: string): void {
    const write = this.db.transaction(() => {
      if (this.insertVisitor.run(day, visitorHash).changes > 0) this.bump.run(day);
    });
    unlessStorageRefuses(() => write(), undefined);
  }

  countsSince(day: string): { day: string; count: number }[] {
    return this.since.all(day);
  }

  /** The per-visitor hashes of past days are of no further use once counted. */
  forgetHashesBefore(day: string): void {
    unlessStorageRefuses(() => this.dropBefore.run(day), null);
  }
}
