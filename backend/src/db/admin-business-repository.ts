import type { Statement } from 'better-sqlite3';
import { CLOSURE_STATUS_COLUMN, type BusinessColumns, type BusinessRowWithClosure, type ClosureStatus } from '@directory/data/business-row.ts';
import { EDITED_FIELDS, type EditedField } from '@directory/data/business-fields.ts';
import type { RecordDatabase } from '@directory/data/record.ts';
import { faultPoint } from '@directory/indexer/fault-point.ts';
import type { NamedBusiness } from '../shared/audit-details.ts';

export type AdminSortBy = 'name' | 'rating' | 'reviewCount' | 'createdAt';
export type SortOrder = 'asc' | 'desc';

/** Where a page starts: the sort key and id of the row it follows (or precedes). */
export interface ListCursor {
  value: string | number | null;
  id: number;
}

/**
 * Which page: by OFFSET (first pages only, the caller caps it), the rows after a cursor, or
 * the rows before one (`null`: the last page).
 */
export type ListPosition = { kind: 'offset'; offset: number } | { kind: 'after'; cursor: ListCursor } | { kind: 'before'; cursor: ListCursor | null };

/** A name search: its FTS5 query, and the same test on one name (for walks along a sort index). */
export interface NameSearch {
  match: string;
  test: (name: string) => boolean;
}

export interface AdminListQuery {
  name: NameSearch | null;
  category: string | null;
  sortBy: AdminSortBy;
  sortOrder: SortOrder;
  limit: number;
  position: ListPosition;
}

/** A bulk action's outcome: the businesses it changed, with the names they had, and the ids no business has. */
export interface BulkOutcome {
  changed: NamedBusiness[];
  missing: number[];
}

/** `atLeast`: more match than `total`; `atMost`: `total` is an upper bound (a category's size). */
export type TotalBound = 'exact' | 'atLeast' | 'atMost';

export interface AdminListPage {
  rows: BusinessRowWithClosure[];
  total: number;
  totalBound: TotalBound;
  /** The cursor of the next page, or null on the last. */
  next: ListCursor | null;
  /** The cursor (`before`) of the previous page, or null on the first. */
  prev: ListCursor | null;
}

/** Each sort is served by an index ending in the row id, so ties break by id without a sort step. */
const SORT_KEYS: Record<AdminSortBy, { column: string; order: string; isNullable: boolean }> = {
  name: { column: 'b.name', order: 'b.name COLLATE NOCASE', isNullable: false },
  rating: { column: 'b.rating', order: 'b.rating', isNullable: true },
  reviewCount: { column: 'b.reviews', order: 'b.reviews', isNullable: false },
  createdAt: { column: 'b.created_at', order: 'b.created_at', isNullable: false },
};

/** Name searches count their hits up to this many; beyond, the total is a lower bound ("50,000+"). */
export const COUNT_CEILING = 50_000;
/** A name matching at most this many businesses is listed from its FTS hits (each hit's row is read, then sorted). */
export const FTS_HITS_LIMIT = 2_000;
/**
 * A name matching more is listed by walking the sort index: up to COUNT_CEILING matches, the
 * index alone is read (ids tested against the set of matching ids, read once; at a million
 * businesses a page needs about 10,000 entries at most); past it, so common a name is tested on
 * each row read and fills a page within a few hundred rows. This is the walk's cap per request
 * on the entries tested; the OFFSET of its growing reads steps over at most 10,752 more
 * (512 + 2,048 + 8,192, see `idWalk`).
 */
export const ID_WALK_LIMIT = 20_000;
/** An id walk's first read per segment: a name found often fills a page within it. */
const ID_WALK_FIRST_READ = 512;
/** A walk testing names reads at most this many rows per request. */
export const WALK_LIMIT = 10_000;
/*
 * A page a walk could not fill (a common name rarely found in one category) ends early with a
 * cursor that continues the walk.
 */

/** The bounds above, as one repository uses them (tests scale them down to keep their records small). */
export interface ListLimits {
  countCeiling: number;
  ftsHitsLimit: number;
  idWalkLimit: number;
  walkLimit: number;
}
const LIST_LIMITS: ListLimits = { countCeiling: COUNT_CEILING, ftsHitsLimit: FTS_HITS_LIMIT, idWalkLimit: ID_WALK_LIMIT, walkLimit: WALK_LIMIT };

type Walked = { id: number; sort_value: string | number | null; name?: string };

/** A set of row ids as one bit each: built and probed several times faster than a Set of tens of thousands of numbers. */
class IdBitmap {
  private constructor(private readonly words: Uint32Array) {}

  static of(ids: number[]): IdBitmap {
    let max = 0;
    for (const id of ids) if (id > max) max = id;
    const words = new Uint32Array((max >>> 5) + 1);
    for (const id of ids) words[id >>> 5]! |= 1 << (id & 31);
    return new IdBitmap(words);
  }

  has(id: number): boolean {
    return ((this.words[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
  }
}

/** The columns an operator edits (data/src/business-fields.ts), in the order the edit's UPDATE sets them. */
const EDITABLE = EDITED_FIELDS.map((field) => field.column);

/** The columns an operator edits, as stored. */
export type BusinessEditColumns = Pick<BusinessColumns, EditedField['column']>;

/** SQL of the admin area over `businesses`: the list, the full read, edits and deletions. */
export class AdminBusinessRepository {
  private readonly byId: Statement<[number], BusinessRowWithClosure>;
  private readonly markClosure: Statement<[{ id: number; status: ClosureStatus }]>;
  private readonly clearClosure: Statement<[number]>;
  private readonly counted: Statement<[string, string], number>;
  private readonly toggle: Statement<[number], { is_approved: 0 | 1; name: string }>;
  private readonly setApproval: Statement<[{ id: number; state: 0 | 1 }], { name: string }>;
  private readonly existingIds: Statement<[string], number>;
  private readonly slugsOf: Statement<[{ id: number }], string>;
  private readonly tombstone: Statement<[string]>;
  private readonly deleteOne: Statement<[number], string>;
  private readonly namesById: Statement<[string], { id: number; name: string }>;
  private readonly isDeletedSlug: Statement<[string], number>;
  private readonly update: Statement;

  constructor(
    private readonly db: RecordDatabase,
    private readonly limits: ListLimits = LIST_LIMITS,
  ) {
    this.byId = db.prepare(`SELECT *, ${CLOSURE_STATUS_COLUMN} FROM businesses WHERE id = ?`);
    // An unchanged mark is left as it is (no write: the business's page and index entry stay).
    this.markClosure = db.prepare(
      `INSERT INTO business_closures (business_id, status) VALUES (@id, @status)
       ON CONFLICT (business_id) DO UPDATE SET status = excluded.status, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE status <> excluded.status`,
    );
    this.clearClosure = db.prepare('DELETE FROM business_closures WHERE business_id = ?');
    this.counted = db
      .prepare('SELECT coalesce((SELECT n FROM business_counts WHERE dimension = ? AND value = ?), 0)')
      .pluck() as Statement<[string, string], number>;
    this.toggle = db.prepare(
      `UPDATE businesses SET is_approved = 1 - is_approved, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? RETURNING is_approved, name`,
    );
    this.setApproval = db.prepare(
      `UPDATE businesses SET is_approved = @state, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = @id AND is_approved <> @state RETURNING name`,
    );
    this.existingIds = db
      .prepare('SELECT id FROM businesses WHERE id IN (SELECT value FROM json_each(?))')
      .pluck() as Statement<[string], number>;
    this.slugsOf = db
      .prepare('SELECT slug FROM businesses WHERE id = @id UNION ALL SELECT old_slug FROM slug_redirects WHERE business_id = @id')
      .pluck() as Statement<[{ id: number }], string>;
    this.tombstone = db.prepare('INSERT OR REPLACE INTO deleted_slugs (slug) VALUES (?)');
    this.deleteOne = db.prepare('DELETE FROM businesses WHERE id = ? RETURNING name').pluck() as Statement<[number], string>;
    this.namesById = db.prepare('SELECT id, name FROM businesses WHERE id IN (SELECT value FROM json_each(?))') as Statement<[string], { id: number; name: string }>;
    this.isDeletedSlug = db
      .prepare('SELECT EXISTS (SELECT 1 FROM deleted_slugs WHERE slug = ?)')
      .pluck() as Statement<[string], number>;
    this.update = db.prepare(
      `UPDATE businesses SET ${EDITABLE.map((column) => `${column} = @${column}`).join(', ')},
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = @id`,
    );
  }

  /**
   * The conditions, each served by one range of the sort index (with the category when
   * filtered), whose rows in turn follow `cursor` in `direction`. Ties are ordered by id; a
   * nullable key's NULLs come first ascending and last descending, as SQLite orders them.
   * Exported for the query-plan tests.
   */
  static segments(sortBy: AdminSortBy, direction: 'ASC' | 'DESC', cursor: ListCursor | null): string[] {
    const { order, isNullable } = SORT_KEYS[sortBy];
    if (cursor === null) return ['1'];
    if (direction === 'ASC') {
      if (cursor.value === null) return [`${order} IS NULL AND b.id > @cursorId`, `${order} IS NOT NULL`];
      return [`${order} = @cursorValue AND b.id > @cursorId`, `${order} > @cursorValue`];
    }
    if (cursor.value === null) return [`${order} IS NULL AND b.id < @cursorId`];
    return [`${order} = @cursorValue AND b.id < @cursorId`, `${order} < @cursorValue`, ...(isNullable ? [`${order} IS NULL`] : [])];
  }

  /** The SQL walking one segment along the sort index (exported for the query-plan tests). */
  static walkSql(sortBy: AdminSortBy, direction: 'ASC' | 'DESC', segment: string, options: { hasCategory: boolean; withName: boolean }): string {
    const { column, order } = SORT_KEYS[sortBy];
    const where = [options.hasCategory ? 'b.category = @category' : null, segment === '1' ? null : segment].filter(Boolean);
    return `SELECT b.id, ${column} AS sort_value${options.withName ? ', b.name' : ''} FROM businesses b
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} ${direction}, b.id ${direction}`;
  }

  /**
   * The SQL of a rare name's page: its FTS hits, filtered, sorted, cut (exported for the
   * query-plan tests). CROSS JOIN keeps the FTS table outermost: driven by a category index
   * instead, SQLite would probe the FTS table once per row, milliseconds each.
   */
  static ftsPageSql(sortBy: AdminSortBy, direction: 'ASC' | 'DESC', segments: string[], hasCategory: boolean): string {
    const { column, order } = SORT_KEYS[sortBy];
    const where = ['businesses_name_fts MATCH @nameMatch', hasCategory ? 'b.category = @category' : null];
    if (!(segments.length === 1 && segments[0] === '1')) where.push(`(${segments.map((segment) => `(${segment})`).join(' OR ')})`);
    return `SELECT b.id, ${column} AS sort_value FROM businesses_name_fts f CROSS JOIN businesses b ON b.id = f.rowid
      WHERE ${where.filter(Boolean).join(' AND ')} ORDER BY ${order} ${direction}, b.id ${direction} LIMIT @take OFFSET @offset`;
  }

  /** The SQL reading the ids of the businesses whose name matches, at most `@ceiling` (COUNT_CEILING + 1) of them. */
  static boundedNameIdsSql(): string {
    return 'SELECT rowid FROM businesses_name_fts WHERE businesses_name_fts MATCH @nameMatch LIMIT @ceiling';
  }

  /** The SQL counting a rare name's hits within a category (at most FTS_HITS_LIMIT rows read). */
  static ftsCategoryCountSql(): string {
    return `SELECT count(*) FROM businesses_name_fts f CROSS JOIN businesses b ON b.id = f.rowid
      WHERE businesses_name_fts MATCH @nameMatch AND b.category = @category`;
  }

  /**
   * One page of the admin list, each step bounded: without a name search, a range of the sort
   * index and the kept counts; with a rare name (at most FTS_HITS_LIMIT hits), its hits; with a
   * commoner one, a walk along the sort index testing each row (its id against the matching
   * ids, or for the commonest names its name), stopped after a page or ID_WALK_LIMIT /
   * WALK_LIMIT rows. Pages after the first few are reached by cursor, never by a deep OFFSET.
   */
  list(query: AdminListQuery): AdminListPage {
    const isBackward = query.position.kind === 'before';
    const forward = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const direction = isBackward ? (forward === 'ASC' ? 'DESC' : 'ASC') : forward;
    const cursor = query.position.kind === 'offset' ? null : query.position.cursor;
    const offset = query.position.kind === 'offset' ? query.position.offset : 0;
    const take = query.limit + 1;
    const params: Record<string, unknown> = {
      ...(query.category !== null ? { category: query.category } : {}),
      ...(cursor !== null ? { cursorValue: cursor.value, cursorId: cursor.id } : {}),
    };
    const segments = AdminBusinessRepository.segments(query.sortBy, direction, cursor);
    const hasCategory = query.category !== null;

    let hits: Walked[];
    let lastWalked: Walked | null = null;
    let total: number;
    let totalBound: TotalBound = 'exact';
    if (query.name === null) {
      hits = [];
      for (const segment of segments) {
        const sql = `${AdminBusinessRepository.walkSql(query.sortBy, direction, segment, { hasCategory, withName: false })} LIMIT @take OFFSET @offset`;
        hits.push(...(this.db.prepare(sql).all({ ...params, take: take - hits.length, offset }) as Walked[]));
        if (hits.length >= take) break;
      }
      total = hasCategory ? this.counted.get('category', query.category!)! : this.counted.get('all', '')!;
    } else {
      const nameMatch = { nameMatch: query.name.match };
      const { countCeiling, ftsHitsLimit, idWalkLimit, walkLimit } = this.limits;
      const matchingIds = this.db.prepare(AdminBusinessRepository.boundedNameIdsSql()).pluck().all({ ...nameMatch, ceiling: countCeiling + 1 }) as number[];
      const nameCount = matchingIds.length;
      if (nameCount <= ftsHitsLimit) {
        const sql = AdminBusinessRepository.ftsPageSql(query.sortBy, direction, segments, hasCategory);
        hits = this.db.prepare(sql).all({ ...params, ...nameMatch, take, offset }) as Walked[];
        const categoryCount = () =>
          this.db.prepare(AdminBusinessRepository.ftsCategoryCountSql()).pluck().get({ category: query.category, ...nameMatch }) as number;
        total = hasCategory ? categoryCount() : nameCount;
      } else {
        const isCommon = nameCount > countCeiling;
        const test = query.name.test;
        const walk = isCommon
          ? this.walk(query.sortBy, direction, segments, params, test, { take, offset, limit: walkLimit })
          : this.idWalk(query.sortBy, direction, segments, params, IdBitmap.of(matchingIds), { take, offset, limit: idWalkLimit });
        hits = walk.hits;
        lastWalked = walk.isCapped ? walk.last : null;
        const categorySize = hasCategory ? this.counted.get('category', query.category!)! : Infinity;
        if (query.position.kind === 'offset' && offset === 0 && !walk.isCapped && hits.length <= query.limit) {
          // The walk read every candidate: the count is exact.
          total = hits.length;
        } else if (categorySize < Math.min(nameCount, countCeiling + 1)) {
          total = categorySize;
          totalBound = 'atMost';
        } else if (isCommon) {
          total = countCeiling;
          totalBound = hasCategory ? 'atMost' : 'atLeast';
        } else {
          total = nameCount;
          totalBound = hasCategory ? 'atMost' : 'exact';
        }
      }
    }

    const hasMoreAhead = hits.length > query.limit || lastWalked !== null;
    const pageHits = hits.slice(0, query.limit);
    const ordered = isBackward ? pageHits.reverse() : pageHits;
    const positionOf = (row: Walked | undefined): ListCursor | null => (row ? { value: row.sort_value, id: row.id } : null);
    // Ahead of a capped walk, the next page continues from the last row read, not the last hit.
    const ahead = lastWalked !== null ? positionOf(lastWalked) : positionOf(isBackward ? ordered[0] : ordered.at(-1));
    const next = isBackward ? (cursor !== null ? (positionOf(ordered.at(-1)) ?? cursor) : null) : hasMoreAhead ? ahead : null;
    const prev = isBackward
      ? hasMoreAhead
        ? ahead
        : null
      : query.position.kind === 'after' || offset > 0
        ? (positionOf(ordered[0]) ?? cursor ?? positionOf(lastWalked ?? undefined))
        : null;
    return { rows: this.rowsByIds(ordered.map((row) => row.id)), total, totalBound, next, prev };
  }

  /**
   * Walks the sort index from the cursor (the index alone, no table row), keeping the ids among
   * the name's matching ids (read once, by the caller), until `take` hits (after skipping
   * `offset`) or `limit` index entries. Ids come in a few growing reads per segment (the first,
   * ID_WALK_FIRST_READ entries, fills a page of a name found often); each read starts where the
   * last ended by OFFSET, which steps over the entries before it again (a quarter of the read,
   * since each reads three times as far as all before). A capped walk's stop point is the last id
   * read, not a second walk to it.
   */
  private idWalk(
    sortBy: AdminSortBy,
    direction: 'ASC' | 'DESC',
    segments: string[],
    params: Record<string, unknown>,
    matchingIds: IdBitmap,
    options: { take: number; offset: number; limit: number },
  ): { hits: Walked[]; last: Walked | null; isCapped: boolean } {
    const hitIds: number[] = [];
    const hasCategory = params.category !== undefined;
    let budget = options.limit;
    let skipped = 0;
    let lastId: number | null = null;
    const found = (isCapped: boolean) => {
      const walked = this.sortValuesOf(sortBy, lastId === null ? hitIds : [...hitIds, lastId]);
      return { hits: walked.slice(0, hitIds.length), last: isCapped ? (walked.at(-1) ?? null) : null, isCapped };
    };
    for (const segment of segments) {
      const read = this.db
        .prepare(`${AdminBusinessRepository.walkSql(sortBy, direction, segment, { hasCategory, withName: false })} LIMIT @chunk OFFSET @from`)
        .pluck();
      for (let from = 0; budget > 0; ) {
        // Each read reaches 4 times further than the last: few reads, little skipped by OFFSET.
        const chunk = Math.min(budget, from === 0 ? ID_WALK_FIRST_READ : from * 3);
        const ids = read.all({ ...params, chunk, from }) as number[];
        for (const id of ids) {
          if (!matchingIds.has(id)) continue;
          if (skipped < options.offset) skipped += 1;
          else hitIds.push(id);
          if (hitIds.length >= options.take) {
            lastId = null;
            return found(false);
          }
        }
        budget -= ids.length;
        from += ids.length;
        if (ids.length > 0) lastId = ids.at(-1)!;
        if (ids.length < chunk) break;
      }
      if (budget === 0) return found(true);
    }
    lastId = null;
    return found(false);
  }

  /** The sort key of each id, in the order given (the cursors of a walk that read ids only). */
  private sortValuesOf(sortBy: AdminSortBy, ids: number[]): Walked[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT b.id, ${SORT_KEYS[sortBy].column} AS sort_value FROM businesses b WHERE b.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as Walked[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }

  /** Walks the sort index from the cursor, testing each row's name, until `take` hits (after skipping `offset`) or `limit` rows. */
  private walk(
    sortBy: AdminSortBy,
    direction: 'ASC' | 'DESC',
    segments: string[],
    params: Record<string, unknown>,
    test: (name: string) => boolean,
    options: { take: number; offset: number; limit: number },
  ): { hits: Walked[]; last: Walked | null; isCapped: boolean } {
    const hits: Walked[] = [];
    let walked = 0;
    let skipped = 0;
    let last: Walked | null = null;
    const hasCategory = params.category !== undefined;
    for (const segment of segments) {
      const sql = AdminBusinessRepository.walkSql(sortBy, direction, segment, { hasCategory, withName: true });
      // Rows as arrays: a row object per entry walked costs more than the test.
      for (const [id, sortValue, name] of this.db.prepare(sql).raw().iterate(params) as IterableIterator<[number, string | number | null, string]>) {
        walked += 1;
        last = { id, sort_value: sortValue, name };
        if (test(name)) {
          if (skipped < options.offset) skipped += 1;
          else hits.push(last);
        }
        if (hits.length >= options.take) return { hits, last, isCapped: false };
        if (walked >= options.limit) return { hits, last, isCapped: true };
      }
    }
    return { hits, last, isCapped: false };
  }

  /** Full rows for ids, in the order given. */
  private rowsByIds(ids: number[]): BusinessRowWithClosure[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT *, ${CLOSURE_STATUS_COLUMN} FROM businesses WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as BusinessRowWithClosure[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is BusinessRowWithClosure => row !== undefined);
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

  /** The business with its closure mark. */
  findById(id: number): BusinessRowWithClosure | undefined {
    return this.byId.get(id);
  }

  /**
   * Marks the business closed with `status`, or clears its mark (null). The record's triggers
   * (migration 013) stamp the business as changed, so its page and index entry follow.
   */
  setClosure(id: number, status: ClosureStatus | null): void {
    if (status === null) this.clearClosure.run(id);
    else this.markClosure.run({ id, status });
  }

  /** Writes the edited columns; false when the business is gone. */
  updateById(id: number, columns: BusinessEditColumns): boolean {
    return this.update.run({ ...columns, id }).changes === 1;
  }

  /** Flips approval; the new state and the business's name, or null when the business is gone. */
  toggleApproval(id: number): { state: 0 | 1; name: string } | null {
    const row = this.toggle.get(id);
    return row === undefined ? null : { state: row.is_approved, name: row.name };
  }

  /** Deletes one business and remembers its slugs (current and old) as gone; its name, or null when unknown. */
  deleteById(id: number): string | null {
    return this.db.transaction(() => {
      for (const slug of this.slugsOf.all({ id })) this.tombstone.run(slug);
      return this.deleteOne.get(id) ?? null;
    })();
  }

  /** The names of those of `ids` still in the record, by id (one query for a page of the activity list). */
  namesOf(ids: readonly number[]): Map<number, string> {
    return new Map(ids.length === 0 ? [] : this.namesById.all(JSON.stringify(ids)).map((row) => [row.id, row.name]));
  }

  /**
   * Approves (1) or marks pending (0) each business named (distinct ids), in one transaction:
   * `changed` are those whose state changed, with their names (one already in it is left alone, so
   * it writes no change-log row), `missing` the ids no business has.
   */
  setApprovalOf(ids: readonly number[], state: 0 | 1): BulkOutcome {
    return this.db.transaction(() => {
      const found = new Set(this.existingIds.all(JSON.stringify(ids)));
      const changed: NamedBusiness[] = [];
      for (const id of ids) {
        const updated = found.has(id) ? this.setApproval.get({ id, state }) : undefined;
        if (updated !== undefined) changed.push({ id, name: updated.name });
      }
      return { changed, missing: ids.filter((id) => !found.has(id)) };
    })();
  }

  /** Deletes each business named (distinct ids) as {@link deleteById} does, in one transaction, with the names they had; `missing` are the ids no business has. */
  deleteByIds(ids: readonly number[]): BulkOutcome {
    return this.db.transaction(() => {
      const changed: NamedBusiness[] = [];
      const missing: number[] = [];
      for (const id of ids) {
        const name = this.deleteById(id);
        if (name === null) missing.push(id);
        else changed.push({ id, name });
      }
      return { changed, missing };
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
    return this.deleteAllIf(() => true, 'delete-all')!;
  }

  /**
   * Deletes the demo generator's businesses (`is_demo = 1`). When the record holds nothing else
   * (a directory still on its demo data), that is {@link deleteAll}: seconds at a million rows,
   * and a full index rebuild the caller must start. Otherwise row by row through the triggers, so
   * the index follows through the change log.
   */
  deleteDemo(): { deleted: number; rebuildRequested: boolean } {
    const everything = this.deleteAllIf(
      () => this.db.prepare('SELECT NOT EXISTS (SELECT 1 FROM businesses WHERE is_demo = 0)').pluck().get() === 1,
      'delete-test-data',
    );
    if (everything !== null) return { deleted: everything, rebuildRequested: true };
    const deleted = this.db.transaction(() => {
      this.db.exec(`INSERT OR REPLACE INTO deleted_slugs (slug) SELECT slug FROM businesses WHERE is_demo = 1`);
      return this.db.prepare('DELETE FROM businesses WHERE is_demo = 1').run().changes;
    })();
    return { deleted, rebuildRequested: false };
  }

  /** {@link deleteAll} when `condition` holds inside its transaction; null (nothing written) when it does not. */
  private deleteAllIf(condition: () => boolean, reason: string): number | null {
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
        if (!condition()) return null;
        const count = this.counted.get('all', '')!;
        const triggers = this.db
          .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'businesses'`)
          .all() as { name: string; sql: string }[];
        for (const { name } of triggers) this.db.exec(`DROP TRIGGER "${name.replaceAll('"', '""')}"`);
        // One deletion time for every tombstone, computed once (the column's default would run strftime per row).
        const deletedAt = this.db.prepare(`SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`).pluck().get() as string;
        this.db.prepare(`INSERT OR REPLACE INTO deleted_slugs (slug, deleted_at) SELECT slug, ? FROM businesses ORDER BY slug`).run(deletedAt);
        this.db.prepare(`INSERT OR REPLACE INTO deleted_slugs (slug, deleted_at) SELECT old_slug, ? FROM slug_redirects ORDER BY old_slug`).run(deletedAt);
        for (const child of children) this.db.exec(`DELETE FROM "${child.replaceAll('"', '""')}"`);
        // Without triggers, foreign keys or a WHERE clause, SQLite drops the table's pages at once.
        this.db.exec('DELETE FROM businesses');
        this.db.exec(`INSERT INTO businesses_name_fts (businesses_name_fts) VALUES ('delete-all')`);
        this.db.exec(`UPDATE business_counts SET n = 0`);
        // No change-log rows: the index owes a full rebuild, asked for in this transaction so a
        // crash before the rebuild ends cannot lose the request (the next start rebuilds).
        this.db.prepare('INSERT INTO index_rebuild_requests (reason) VALUES (?)').run(reason);
        faultPoint('delete-all:in-transaction');
        for (const { sql } of triggers) this.db.exec(sql);
        return count;
      })();
    } finally {
      if (hadForeignKeys) this.db.pragma('foreign_keys = ON');
    }
  }

  /** Distinct non-blank categories, biggest first. */
  categories(): string[] {
    return this.categoryCounts().map(({ category }) => category);
  }

  /** Each non-blank category with its business count (kept by the triggers), biggest first. */
  categoryCounts(): { category: string; count: number }[] {
    return this.db
      .prepare(`SELECT value AS category, n AS count FROM business_counts WHERE dimension = 'category' AND n > 0 ORDER BY n DESC, value`)
      .all() as { category: string; count: number }[];
  }

  countryCodes(): string[] {
    return this.db
      .prepare(`SELECT value FROM business_counts WHERE dimension = 'country' AND n > 0 ORDER BY value`)
      .pluck()
      .all() as string[];
  }

  /** Businesses lacking a field, for the content report: counts kept by the triggers of migration 006. */
  missingFields(): { phone: number; coordinates: number; hours: number; photo: number } {
    const get = (field: string) => this.counted.get('missing', field)!;
    return { phone: get('phone'), coordinates: get('coordinates'), hours: get('hours'), photo: get('photo') };
  }

  /** The same figures by one pass over the table (what the kept counts must equal; for tests and checks). */
  scanMissingFields(): { phone: number; coordinates: number; hours: number; photo: number } {
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
