import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { publicCondition, type ListingPolicy } from '@directory/indexer/record-source.ts';

/** What a sitemap needs of a business. */
export interface SitemapBusinessRow {
  id: number;
  slug: string;
  updated_at: string;
}

/**
 * SQL for the business sitemaps: a file is an id range the index cut, read from the record by
 * keyset over the primary key, one chunk per query, so no query numbers or skips rows and none
 * holds the shared connection between chunks.
 */
export class SitemapRepository {
  private readonly fromId: Statement<[number, number, number], SitemapBusinessRow>;
  private readonly countInRange: Statement<[number, number], number>;

  constructor(private readonly db: RecordDatabase, policy: ListingPolicy) {
    this.fromId = db.prepare(
      `SELECT id, slug, updated_at FROM businesses WHERE id >= ? AND id < ? AND ${publicCondition(policy)} ORDER BY id LIMIT ?`,
    );
    this.countInRange = db
      .prepare(`SELECT count(*) FROM businesses WHERE id >= ? AND id < ? AND ${publicCondition(policy)}`)
      .pluck() as Statement<[number, number], number>;
  }

  /** Public businesses with an id from `firstId` up to, not including, `endId` (a primary-key range read). */
  countFrom(firstId: number, endId: number): number {
    return this.countInRange.get(firstId, endId) ?? 0;
  }

  /** Up to `limit` public businesses with an id from `firstId` up to, not including, `endId`, in id order. */
  businessesFrom(firstId: number, endId: number, limit: number): SitemapBusinessRow[] {
    return this.fromId.all(firstId, endId, limit);
  }

  /** The query plan of `businessesFrom`, one line a step (for plan tests). */
  businessesFromPlan(): string[] {
    return this.db
      .prepare(`EXPLAIN QUERY PLAN ${this.fromId.source}`)
      .all(1, 2, 3)
      .map((row) => (row as { detail: string }).detail);
  }
}
