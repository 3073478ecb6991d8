import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { publicCondition, type ListingPolicy } from '@directory/indexer/record-source.ts';

/** What a sitemap needs of a business. */
export interface SitemapBusinessRow {
  id: number;
  slug: string;
  updated_at: string;
}

/** One business sitemap file, as the index lists it. */
export interface SitemapPageRow {
  /** Latest `updated_at` among the page's businesses. */
  lastmod: string;
}

/**
 * SQL for the sitemaps: public businesses in id order, read by keyset over the primary key so
 * no query holds the shared connection between chunks.
 */
export class SitemapRepository {
  private readonly pages: Statement<{ pageSize: number }, SitemapPageRow>;
  private readonly idAtOffset: Statement<[number], number>;
  private readonly fromId: Statement<[number, number], SitemapBusinessRow>;

  constructor(db: RecordDatabase, policy: ListingPolicy) {
    const isPublic = publicCondition(policy);
    // One pass in id order: every page's latest change, page number = (position - 1) / pageSize.
    // The cast keeps the division whole: better-sqlite3 binds JavaScript numbers as REAL.
    this.pages = db.prepare(
      `SELECT max(updated_at) AS lastmod
         FROM (SELECT updated_at, (row_number() OVER (ORDER BY id) - 1) / CAST(@pageSize AS INTEGER) AS page
                 FROM businesses WHERE ${isPublic})
        GROUP BY page ORDER BY page`,
    );
    this.idAtOffset = db
      .prepare(`SELECT id FROM businesses WHERE ${isPublic} ORDER BY id LIMIT 1 OFFSET ?`)
      .pluck() as Statement<[number], number>;
    this.fromId = db.prepare(
      `SELECT id, slug, updated_at FROM businesses WHERE id >= ? AND ${isPublic} ORDER BY id LIMIT ?`,
    );
  }

  /** Every business sitemap file in order, `pageSize` public businesses each. */
  businessPages(pageSize: number): SitemapPageRow[] {
    return this.pages.all({ pageSize });
  }

  /** The id of the public business at `offset` (0-based) in id order; undefined past the end. */
  idAt(offset: number): number | undefined {
    return this.idAtOffset.get(offset);
  }

  /** Up to `limit` public businesses with an id of `firstId` or more, in id order. */
  businessesFrom(firstId: number, limit: number): SitemapBusinessRow[] {
    return this.fromId.all(firstId, limit);
  }
}
