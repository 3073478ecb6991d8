import type { Statement } from 'better-sqlite3';
import type { BusinessRow } from '@directory/data/business-row.ts';
import type { RecordDatabase } from '@directory/data/record.ts';
import { faultPoint } from '@directory/indexer/fault-point.ts';

export type AdminSortBy = 'name' | 'rating' | 'reviewCount' | 'createdAt';
export type SortOrder = 'asc' | 'desc';

export interface AdminListQuery {
  /** An FTS5 query over the name (already built from the words typed), or null. */
  nameMatch: string | null;
  category: string | null;
  sortBy: AdminSortBy;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

/** Each sort is served by an index ending in the row id, so ties break by id without a sort step. */
const SORT_COLUMNS: Record<AdminSortBy, string> = {
  name: 'b.name COLLATE NOCASE',
  rating: 'b.rating',
  reviewCount: 'b.reviews',
  createdAt: 'b.created_at',
};

/**
 * A name search as a set of ids, built once per query from the FTS table (the unary `+` keeps
 * SQLite from driving the query by id, so rows are read along the sort index and checked
 * against the set). Probing the FTS table once per row instead costs seconds at a million rows.
 */
const MATCHING_IDS = '+b.id IN (SELECT rowid FROM businesses_name_fts WHERE businesses_name_fts MATCH @nameMatch)';

/** Name searches count their hits up to this many; beyond, the total is a lower bound. */
export const COUNT_CEILING = 10_000;

/** The columns an operator edits, as stored. */
export interface BusinessEditColumns {
  name: string;
  category: string | null;
  type: string | null;
  full_address: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  working_hours: string | null;
  about: string | null;
  url: string | null;
  photo: string | null;
  verified: 0 | 1;
  is_approved: 0 | 1;
}

/** SQL of the admin area over `businesses`: the list, the full read, edits and deletions. */
export class AdminBusinessRepository {
  private readonly byId: Statement<[number], BusinessRow>;
  private readonly counted: Statement<[string, string], number>;
  private readonly toggle: Statement<[number], { is_approved: 0 | 1 }>;
  private readonly slugsOf: Statement<[{ id: number }], string>;
  private readonly tombstone: Statement<[string]>;
  private readonly deleteOne: Statement<[number]>;
  private readonly isDeletedSlug: Statement<[string], number>;
  private readonly update: Statement;

  constructor(private readonly db: RecordDatabase) {
    this.byId = db.prepare('SELECT * FROM businesses WHERE id = ?');
    this.counted = db
      .prepare('SELECT coalesce((SELECT n FROM business_counts WHERE dimension = ? AND value = ?), 0)')
      .pluck() as Statement<[string, string], number>;
    this.toggle = db.prepare(
      `UPDATE businesses SET is_approved = 1 - is_approved, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? RETURNING is_approved`,
    );
    this.slugsOf = db
      .prepare('SELECT slug FROM businesses WHERE id = @id UNION ALL SELECT old_slug FROM slug_redirects WHERE business_id = @id')
      .pluck() as Statement<[{ id: number }], string>;
    this.tombstone = db.prepare('INSERT OR REPLACE INTO deleted_slugs (slug) VALUES (?)');
    this.deleteOne = db.prepare('DELETE FROM businesses WHERE id = ?');
    this.isDeletedSlug = db
      .prepare('SELECT EXISTS (SELECT 1 FROM deleted_slugs WHERE slug = ?)')
      .pluck() as Statement<[string], number>;
    this.update = db.prepare(
      `UPDATE businesses SET name = @name, category = @category, type = @type, full_address = @full_address,
         street = @street, city = @city, postal_code = @postal_code, country = @country, country_code = @country_code,
         phone = @phone, latitude = @latitude, longitude = @longitude, working_hours = @working_hours, about = @about,
         url = @url, photo = @photo, verified = @verified, is_approved = @is_approved,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = @id`,
    );
  }

  /**
   * The SQL of one page of the admin list (exported for the query-plan tests). Without a name
   * search, or with one matching many businesses ('index'), the rows are read in the order of
   * the sort's index (with the category when filtered) and checked against the set of matching
   * ids, so a page stops after `limit` hits. A name search matching at most
   * COUNT_CEILING businesses ('fts') reads them from the FTS table and sorts those few.
   */
  static listSql(
    query: Pick<AdminListQuery, 'nameMatch' | 'category' | 'sortBy' | 'sortOrder'>,
    strategy: 'index' | 'fts' = 'index',
  ): string {
    const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = `ORDER BY ${SORT_COLUMNS[query.sortBy]} ${direction}, b.id ${direction} LIMIT @limit OFFSET @offset`;
    const category = query.category !== null ? 'b.category = @category' : null;
    if (query.nameMatch !== null && strategy === 'fts') {
      return `SELECT b.* FROM businesses_name_fts f JOIN businesses b ON b.id = f.rowid
        WHERE businesses_name_fts MATCH @nameMatch ${category ? `AND ${category}` : ''} ${order}`;
    }
    const where = [category, query.nameMatch !== null ? MATCHING_IDS : null].filter(Boolean);
    return `SELECT b.* FROM businesses b ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${order}`;
  }

  /** The SQL counting the businesses whose name matches, reading at most COUNT_CEILING + 1 of them. */
  static boundedNameCountSql(): string {
    return `SELECT count(*) FROM (SELECT 1 FROM businesses_name_fts WHERE businesses_name_fts MATCH @nameMatch LIMIT ${COUNT_CEILING + 1})`;
  }

  /**
   * The SQL counting name matches within a category: from the (at most COUNT_CEILING) name
   * matches ('fts'), or along the category's index, stopping at COUNT_CEILING + 1 ('index').
   */
  static categoryCountSql(strategy: 'index' | 'fts'): string {
    if (strategy === 'fts') {
      return `SELECT count(*) FROM businesses_name_fts f JOIN businesses b ON b.id = f.rowid
        WHERE businesses_name_fts MATCH @nameMatch AND b.category = @category`;
    }
    return `SELECT count(*) FROM (SELECT 1 FROM businesses b WHERE b.category = @category AND ${MATCHING_IDS} LIMIT ${COUNT_CEILING + 1})`;
  }

  list(query: AdminListQuery): { rows: BusinessRow[]; total: number; isTotalExact: boolean } {
    const page = { limit: query.limit, offset: query.offset };
    const category = query.category !== null ? { category: query.category } : {};
    if (query.nameMatch === null) {
      const rows = this.db.prepare(AdminBusinessRepository.listSql(query)).all({ ...category, ...page }) as BusinessRow[];
      const total = query.category === null ? this.counted.get('all', '')! : this.counted.get('category', query.category)!;
      return { rows, total, isTotalExact: true };
    }
    const nameMatch = { nameMatch: query.nameMatch };
    const nameCount = this.db.prepare(AdminBusinessRepository.boundedNameCountSql()).pluck().get(nameMatch) as number;
    const strategy = nameCount > COUNT_CEILING ? 'index' : 'fts';
    const rows = this.db.prepare(AdminBusinessRepository.listSql(query, strategy)).all({ ...nameMatch, ...category, ...page }) as BusinessRow[];
    let total = nameCount;
    if (query.category !== null) {
      total = this.db.prepare(AdminBusinessRepository.categoryCountSql(strategy)).pluck().get({ ...nameMatch, ...category }) as number;
    }
    // Past the ceiling the total says "more than COUNT_CEILING", flagged as not exact.
    return total > COUNT_CEILING ? { rows, total: COUNT_CEILING, isTotalExact: false } : { rows, total, isTotalExact: true };
  }

  /** A count kept by the triggers of migration 003 (`all`, `approved`, `demo`, or one category/country/city). */
  count(dimension: 'all' | 'approved' | 'demo' | 'category' | 'country' | 'city', value = ''): number {
    return this.counted.get(dimension, value)!;
  }

  /** How many distinct values of a dimension hold at least one business. */
  distinctCount(dimension: 'category' | 'country' | 'city'): number {
    return this.db.prepare('SELECT count(*) FROM business_counts WHERE dimension = ? AND n > 0').pluck().get(dimension) as number;
  }

  /** The biggest values of a dimension, biggest first. */
  topValues(dimension: 'category' | 'country', limit: number): { value: string; n: number }[] {
    return this.db
      .prepare('SELECT value, n FROM business_counts WHERE dimension = ? AND n > 0 ORDER BY n DESC, value LIMIT ?')
      .all(dimension, limit) as { value: string; n: number }[];
  }

  findById(id: number): BusinessRow | undefined {
    return this.byId.get(id);
  }

  /** Writes the edited columns; false when the business is gone. */
  updateById(id: number, columns: BusinessEditColumns): boolean {
    return this.update.run({ ...columns, id }).changes === 1;
  }

  /** Flips approval; the new state, or null when the business is gone. */
  toggleApproval(id: number): 0 | 1 | null {
    return this.toggle.get(id)?.is_approved ?? null;
  }

  /** Deletes one business and remembers its slugs (current and old) as gone; false when unknown. */
  deleteById(id: number): boolean {
    return this.db.transaction(() => {
      for (const slug of this.slugsOf.all({ id })) this.tombstone.run(slug);
      return this.deleteOne.run(id).changes === 1;
    })();
  }

  isGone(slug: string): boolean {
    return this.isDeletedSlug.get(slug) === 1;
  }

  /**
   * Deletes every business in one transaction without a change-log row per business: the
   * triggers on `businesses` are set aside for the statement and put back as they were, rows of
   * tables referencing businesses are deleted first and foreign-key checks are off meanwhile, so
   * SQLite empties the table and its indexes wholesale instead of row by row; the name index and
   * counts are emptied and the slugs become tombstones (read in slug order, so appended). The
   * caller must then rebuild the search index (a snapshot after this commit is empty); the request
   * for that rebuild is committed with the deletion (`index_rebuild_requests`).
   * Returns how many businesses were deleted.
   */
  deleteAll(): number {
    const children = this.db
      .prepare(
        `SELECT DISTINCT m.name FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
         WHERE m.type = 'table' AND f."table" = 'businesses'`,
      )
      .pluck()
      .all() as string[];
    const hadForeignKeys = this.db.pragma('foreign_keys', { simple: true }) === 1;
    // PRAGMA foreign_keys cannot change inside a transaction; nothing else runs on this
    // connection meanwhile (better-sqlite3 is synchronous).
    if (hadForeignKeys) this.db.pragma('foreign_keys = OFF');
    try {
      return this.db.transaction(() => {
        const count = this.counted.get('all', '')!;
        const triggers = this.db
          .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'businesses'`)
          .all() as { name: string; sql: string }[];
        for (const { name } of triggers) this.db.exec(`DROP TRIGGER "${name.replaceAll('"', '""')}"`);
        this.db.exec(`INSERT OR REPLACE INTO deleted_slugs (slug) SELECT slug FROM businesses ORDER BY slug`);
        this.db.exec(`INSERT OR REPLACE INTO deleted_slugs (slug) SELECT old_slug FROM slug_redirects ORDER BY old_slug`);
        for (const child of children) this.db.exec(`DELETE FROM "${child.replaceAll('"', '""')}"`);
        // Without triggers, foreign keys or a WHERE clause, SQLite drops the table's pages at once.
        this.db.exec('DELETE FROM businesses');
        this.db.exec(`INSERT INTO businesses_name_fts (businesses_name_fts) VALUES ('delete-all')`);
        this.db.exec(`UPDATE business_counts SET n = 0`);
        // No change-log rows: the index owes a full rebuild, asked for in this transaction so a
        // crash before the rebuild ends cannot lose the request (the next start rebuilds).
        this.db.prepare('INSERT INTO index_rebuild_requests (reason) VALUES (?)').run('delete-all');
        faultPoint('delete-all:in-transaction');
        for (const { sql } of triggers) this.db.exec(sql);
        return count;
      })();
    } finally {
      if (hadForeignKeys) this.db.pragma('foreign_keys = ON');
    }
  }

  /** Deletes the demo generator's businesses (through the triggers, so the index follows). */
  deleteDemo(): number {
    return this.db.transaction(() => {
      this.db.exec(`INSERT OR REPLACE INTO deleted_slugs (slug) SELECT slug FROM businesses WHERE is_demo = 1`);
      return this.db.prepare('DELETE FROM businesses WHERE is_demo = 1').run().changes;
    })();
  }

  /** Distinct non-blank categories, biggest first. */
  categories(): string[] {
    return this.db
      .prepare(`SELECT value FROM business_counts WHERE dimension = 'category' AND n > 0 ORDER BY n DESC, value`)
      .pluck()
      .all() as string[];
  }

  countryCodes(): string[] {
    return this.db
      .prepare(`SELECT value FROM business_counts WHERE dimension = 'country' AND n > 0 ORDER BY value`)
      .pluck()
      .all() as string[];
  }

  /** Businesses lacking a field, for the content report: one pass over the table. */
  missingFields(): { phone: number; coordinates: number; hours: number; photo: number } {
    return this.db
      .prepare(
        `SELECT
           coalesce(sum(coalesce(trim(phone), '') = ''), 0) AS phone,
           coalesce(sum(latitude IS NULL OR longitude IS NULL), 0) AS coordinates,
           coalesce(sum(working_hours IS NULL OR working_hours IN ('{}', 'null')), 0) AS hours,
           coalesce(sum(coalesce(trim(photo), '') = ''), 0) AS photo
         FROM businesses`,
      )
      .get() as { phone: number; coordinates: number; hours: number; photo: number };
  }
}
