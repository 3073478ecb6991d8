import type { Statement } from 'better-sqlite3';
import {
  CLOSURE_STATUS_COLUMN,
  parseWorkingHours,
  type BusinessColumns,
  type BusinessRow,
  type BusinessRowWithClosure,
} from '@directory/data/business-row.ts';
import { IMPORTED_FIELDS } from '@directory/data/business-fields.ts';
import type { RecordDatabase } from '@directory/data/record.ts';

/** The columns an import writes (data/src/business-fields.ts), in the order the insert statement binds them. */
const WRITABLE = IMPORTED_FIELDS.map((field) => field.column);

export type UpsertOutcome = 'inserted' | 'updated';

/** The columns an update by place id writes (the place id is the match; approval stays the admin's). */
const UPDATED = WRITABLE.filter((c) => c !== 'place_id' && c !== 'is_approved');

/** A business as a batch upsert finds it: its id, the columns an update would write, and whether it is marked temporarily closed. */
export type StoredColumns = Pick<BusinessColumns, (typeof UPDATED)[number]> & { id: number; place_id: string; is_temporarily_closed: 0 | 1 };

/** Whether writing `columns` over `stored` would change nothing. */
export function isUnchanged(stored: StoredColumns, columns: BusinessColumns): boolean {
  for (const column of UPDATED) if (stored[column] !== columns[column]) return false;
  return true;
}

/** What a "Nearby" card shows of a business, and what its public status is read from. */
export type NearbyRow = Pick<
  BusinessRow,
  'id' | 'slug' | 'name' | 'category' | 'type' | 'city' | 'full_address' | 'rating' | 'reviews' | 'photo' | 'latitude' | 'longitude' | 'is_approved'
>;

/** SQL for the `businesses` table and its slug redirects. */
export class BusinessRepository {
  private readonly bySlug: Statement<[string], BusinessRowWithClosure>;
  private readonly redirect: Statement<[string], string>;
  private readonly slugTaken: Statement<[string, string], number>;
  private readonly noBusiness: Statement<[], number>;
  private readonly idByPlaceId: Statement<[string], number>;
  private readonly insert: Statement;
  private readonly updateByPlaceId: Statement;
  private readonly storedByPlaceIds: Statement<[string], StoredColumns>;
  private readonly takenAmong: Statement<[{ slugs: string }], string>;
  private readonly pageVersionBySlug: Statement<[string], { version: string; working_hours: string | null; time_zone: string | null }>;
  private readonly nearbyByIds: Statement<[string], NearbyRow>;

  constructor(readonly db: RecordDatabase) {
    this.bySlug = db.prepare(`SELECT *, ${CLOSURE_STATUS_COLUMN} FROM businesses WHERE slug = ?`);
    this.redirect = db
      .prepare(`SELECT b.slug FROM slug_redirects r JOIN businesses b ON b.id = r.business_id WHERE r.old_slug = ?`)
      .pluck() as Statement<[string], string>;
    this.slugTaken = db
      .prepare('SELECT EXISTS (SELECT 1 FROM businesses WHERE slug = ?) OR EXISTS (SELECT 1 FROM slug_redirects WHERE old_slug = ?)')
      .pluck() as Statement<[string, string], number>;
    this.noBusiness = db.prepare('SELECT NOT EXISTS (SELECT 1 FROM businesses)').pluck() as Statement<[], number>;
    this.idByPlaceId = db.prepare('SELECT id FROM businesses WHERE place_id = ?').pluck() as Statement<[string], number>;
    // Parameters by position, not by name: better-sqlite3 binds an array about twice as fast as
    // it looks 27 names up in an object (~8 µs less per row of an import).
    // The times too: the column defaults' two strftime() calls were ~1.5 µs of each inserted row.
    this.insert = db.prepare(
      `INSERT INTO businesses (slug, is_demo, created_at, updated_at, ${WRITABLE.join(', ')}) VALUES (?, ?, ?, ?, ${WRITABLE.map(() => '?').join(', ')})`,
    );
    this.updateByPlaceId = db.prepare(
      `UPDATE businesses SET ${UPDATED.map((c) => `${c} = ?`).join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE place_id = ?`,
    );
    this.storedByPlaceIds = db.prepare(
      `SELECT id, place_id, ${UPDATED.join(', ')}, EXISTS (SELECT 1 FROM business_closures WHERE business_id = businesses.id) AS is_temporarily_closed
       FROM businesses WHERE place_id IN (SELECT value FROM json_each(?))`,
    );
    this.takenAmong = db
      .prepare(
        `SELECT slug FROM businesses WHERE slug IN (SELECT value FROM json_each(@slugs))
         UNION SELECT old_slug FROM slug_redirects WHERE old_slug IN (SELECT value FROM json_each(@slugs))`,
      )
      .pluck() as Statement<[{ slugs: string }], string>;
    this.pageVersionBySlug = db.prepare(`SELECT id || '@' || updated_at AS version, working_hours, time_zone FROM businesses WHERE slug = ?`);
    this.nearbyByIds = db.prepare(
      `SELECT id, slug, name, category, type, city, full_address, rating, reviews, photo, latitude, longitude, is_approved
       FROM businesses WHERE id IN (SELECT value FROM json_each(?))`,
    );
  }

  /** What the "Nearby" cards of these businesses show, by id (a deleted business has none). */
  nearbyRows(ids: readonly number[]): Map<number, NearbyRow> {
    return new Map(ids.length === 0 ? [] : this.nearbyByIds.all(JSON.stringify(ids)).map((row) => [row.id, row]));
  }

  /**
   * What the page of the business at `slug` is kept by, in one read: its version, the id and last
   * write time (every write of a business sets `updated_at`), and its opening hours and time zone
   * as the page reads them (null: hours that cannot be read). Undefined when no business has that
   * slug (moved, deleted, unknown).
   */
  pageVersionOfSlug(slug: string): { version: string; hours: { hours: Record<string, string> | null; timeZone: string | null } | null } | undefined {
    const row = this.pageVersionBySlug.get(slug);
    if (row === undefined) return undefined;
    let hours: Record<string, string> | null;
    try {
      hours = parseWorkingHours(row.working_hours);
    } catch {
      return { version: row.version, hours: null };
    }
    return { version: row.version, hours: { hours, timeZone: row.time_zone } };
  }

  /** The business at `slug`, with its closure mark. */
  findBySlug(slug: string): BusinessRowWithClosure | undefined {
    return this.bySlug.get(slug);
  }

  /** The current slug of a business that used to answer to `oldSlug`. */
  findCurrentSlug(oldSlug: string): string | undefined {
    return this.redirect.get(oldSlug);
  }

  isSlugTaken(slug: string): boolean {
    return this.slugTaken.get(slug, slug) === 1;
  }

  /** Whether the record holds no business: one row looked at, where a count reads a whole index (~0.1 s at 1,000,000, more from disk). */
  isEmpty(): boolean {
    return this.noBusiness.get() === 1;
  }

  /**
   * Inserts a business, or updates the one with the same place id (keeping its slug and
   * approval). `slugForInsert` is asked only for an insert: an update keeps its slug.
   * `isDemo` marks an inserted business as the demo generator's ("test data").
   */
  upsert(columns: BusinessColumns, slugForInsert: () => string, isDemo = false): UpsertOutcome {
    return this.upsertWithId(columns, slugForInsert, isDemo).outcome;
  }

  /** `upsert`, also saying which row it wrote (the bulk importer maintains inserted rows' side tables per batch). */
  upsertWithId(columns: BusinessColumns, slugForInsert: () => string, isDemo = false): { outcome: UpsertOutcome; id: number } {
    const existing = columns.place_id === null ? undefined : this.idByPlaceId.get(columns.place_id);
    if (existing !== undefined) {
      this.updateColumns(columns);
      return { outcome: 'updated', id: existing };
    }
    return { outcome: 'inserted', id: this.insertColumns(columns, slugForInsert(), isDemo) };
  }

  /** The stored businesses of these place ids, by place id (one query for a whole batch). */
  findStored(placeIds: readonly string[]): Map<string, StoredColumns> {
    const found = new Map<string, StoredColumns>();
    if (placeIds.length === 0) return found;
    for (const row of this.storedByPlaceIds.iterate(JSON.stringify(placeIds))) found.set(row.place_id, row);
    return found;
  }

  /** Which of these slugs a business or a redirect already uses (one query for a whole batch). */
  takenSlugs(slugs: readonly string[]): Set<string> {
    return new Set(slugs.length === 0 ? [] : this.takenAmong.all({ slugs: JSON.stringify(slugs) }));
  }

  /** Updates the business with the same place id (keeping its slug and approval). */
  updateColumns(columns: BusinessColumns): void {
    const values: unknown[] = new Array(UPDATED.length + 1);
    for (let index = 0; index < UPDATED.length; index += 1) values[index] = columns[UPDATED[index]!];
    values[UPDATED.length] = columns.place_id;
    this.updateByPlaceId.run(values);
  }

  /** Inserts a new business under `slug`; returns its id. */
  insertColumns(columns: BusinessColumns, slug: string, isDemo = false): number {
    const values: unknown[] = new Array(WRITABLE.length + 4);
    values[0] = slug;
    values[1] = isDemo ? 1 : 0;
    // As the columns' default writes them: strftime('%Y-%m-%dT%H:%M:%fZ', 'now').
    values[2] = values[3] = new Date().toISOString();
    for (let index = 0; index < WRITABLE.length; index += 1) values[index + 4] = columns[WRITABLE[index]!];
    return Number(this.insert.run(values).lastInsertRowid);
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
