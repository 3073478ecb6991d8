/**
 * Set-based twins of the record's per-row AFTER INSERT triggers on `businesses`, for bulk
 * imports. Per row, `businesses_logged_insert` (the search index's change log) and
 * `businesses_admin_insert` (the admin name FTS5 table and `business_counts`) and
 * `businesses_missing_insert` (the content report's missing-field counts) cost more than
 * the insert itself; for a batch they stand aside while `bulk_insert_batch` holds a row
 * (migration 008), the rows are inserted, and the same work is done once for the batch: the
 * change log and name search from the batch's ids, the counts from the inserted values the caller
 * hands back (`batchCounts`).
 * The row is inserted at the start and deleted at the end of the batch's transaction: no other
 * connection ever sees it (none can write meanwhile; readers see the last commit), and a crash or
 * a refused row rolls it back with the batch. No schema change, so SQLite keeps every prepared
 * statement (dropping and creating the triggers for each batch made it prepare them all again).
 */
import type { Statement } from 'better-sqlite3';
import type { BusinessColumns } from '@directory/data/business-row.ts';
import type { RecordDatabase } from '@directory/data/record.ts';

const WHEN_NO_BULK_BATCH = 'WHEN NOT EXISTS (SELECT 1 FROM bulk_insert_batch)';

/**
 * The triggers this module stands in for, as migration 008 defines them (whitespace collapsed).
 * When the stored SQL differs (a later migration changed them), the bulk path is not used and
 * the triggers run per row as written.
 */
const REPLACED_TRIGGERS: Readonly<Record<string, string>> = {
  businesses_logged_insert: `CREATE TRIGGER businesses_logged_insert AFTER INSERT ON businesses ${WHEN_NO_BULK_BATCH} BEGIN INSERT INTO change_log (business_id) VALUES (new.id); END`,
  businesses_admin_insert: `CREATE TRIGGER businesses_admin_insert AFTER INSERT ON businesses ${WHEN_NO_BULK_BATCH} BEGIN INSERT INTO businesses_name_fts (rowid, name) VALUES (new.id, new.name); INSERT INTO business_counts (dimension, value, n) SELECT dimension, value, 1 FROM ( SELECT 'all' AS dimension, '' AS value UNION ALL SELECT 'approved', '' WHERE new.is_approved = 1 UNION ALL SELECT 'demo', '' WHERE new.is_demo = 1 UNION ALL SELECT 'category', new.category WHERE coalesce(trim(new.category), '') <> '' UNION ALL SELECT 'country', new.country_code WHERE new.country_code IS NOT NULL UNION ALL SELECT 'city', coalesce(new.country_code, '') || '|' || new.city WHERE coalesce(trim(new.city), '') <> '' ) WHERE true ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1; END`,
  businesses_missing_insert: `CREATE TRIGGER businesses_missing_insert AFTER INSERT ON businesses ${WHEN_NO_BULK_BATCH} BEGIN UPDATE business_counts SET n = n + 1 WHERE dimension = 'missing' AND value IN ( SELECT 'phone' WHERE coalesce(trim(new.phone), '') = '' UNION ALL SELECT 'coordinates' WHERE new.latitude IS NULL OR new.longitude IS NULL UNION ALL SELECT 'hours' WHERE new.working_hours IS NULL OR new.working_hours IN ('{}', 'null') UNION ALL SELECT 'photo' WHERE coalesce(trim(new.photo), '') = '' ); END`,
};

/** The change log's and the admin name search's part of the triggers, for every id of the JSON array `@ids` at once. */
const SET_BASED_WORK = [
  'INSERT INTO change_log (business_id) SELECT value FROM json_each(@ids) ORDER BY key',
  'INSERT INTO businesses_name_fts (rowid, name) SELECT id, name FROM businesses WHERE id IN (SELECT value FROM json_each(@ids))',
];
/** The counts' part: `@counts` is a JSON array of [dimension, value, n] (see `batchCounts`). */
const ADD_COUNTS = `INSERT INTO business_counts (dimension, value, n) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(@counts) WHERE true
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n`;
/** The missing-field counts' part: `@missing` is a JSON object of field → rows missing it; the trigger updates existing rows only. */
const ADD_MISSING = `UPDATE business_counts SET n = n + (@missing ->> ('$.' || value)) WHERE dimension = 'missing' AND @missing ->> ('$.' || value) IS NOT NULL`;

/** The columns of an inserted business that its counts depend on. */
export type CountedColumns = Pick<BusinessColumns, 'is_approved' | 'category' | 'country_code' | 'city' | 'phone' | 'latitude' | 'longitude' | 'working_hours' | 'photo'>;

/** A business inserted inside `BulkInsertTriggers.run`. */
export interface InsertedBusiness {
  id: number;
  columns: CountedColumns;
  isDemo: boolean;
}

/** SQLite's `coalesce(trim(text), '') <> ''`: `trim` with no characters given strips spaces only. */
const hasText = (text: string | null) => text !== null && /[^ ]/.test(text);

/**
 * What the insert triggers add to `business_counts` for these rows, computed here from the
 * values the importer already holds (as SQL over the batch's rows it read each row once per
 * dimension, ~8 µs a row): [dimension, value, n] triples and the missing-field tallies.
 */
export function batchCounts(inserted: readonly InsertedBusiness[]): { counts: [string, string, number][]; missing: Record<string, number> } {
  const counts = new Map<string, [string, string, number]>();
  const add = (dimension: string, value: string) => {
    const key = `${dimension}\u0000${value}`;
    const entry = counts.get(key);
    if (entry) entry[2] += 1;
    else counts.set(key, [dimension, value, 1]);
  };
  const missing = { phone: 0, coordinates: 0, hours: 0, photo: 0 };
  for (const { columns, isDemo } of inserted) {
    add('all', '');
    if (columns.is_approved === 1) add('approved', '');
    if (isDemo) add('demo', '');
    if (hasText(columns.category)) add('category', columns.category!);
    if (columns.country_code !== null) add('country', columns.country_code);
    if (hasText(columns.city)) add('city', `${columns.country_code ?? ''}|${columns.city!}`);
    if (!hasText(columns.phone)) missing.phone += 1;
    if (columns.latitude === null || columns.longitude === null) missing.coordinates += 1;
    if (columns.working_hours === null || columns.working_hours === '{}' || columns.working_hours === 'null') missing.hours += 1;
    if (!hasText(columns.photo)) missing.photo += 1;
  }
  return { counts: [...counts.values()], missing };
}

const collapse = (sql: string) => sql.replace(/\s+/g, ' ').replace(/;\s*END$/, '; END').trim();

export class BulkInsertTriggers {
  /** Whether the record's triggers are the known ones (else the bulk path is not used). */
  private readonly isKnown: boolean;
  private readonly begin: Statement<[]>;
  private readonly end: Statement<[]>;
  /** SET_BASED_WORK, ADD_COUNTS and ADD_MISSING, prepared on first use. */
  private setBased: { byIds: Statement<[{ ids: string }]>[]; counts: Statement<[{ counts: string }]>; missing: Statement<[{ missing: string }]> } | null = null;

  constructor(private readonly db: RecordDatabase) {
    const rows = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${Object.keys(REPLACED_TRIGGERS).map(() => '?').join(', ')})`)
      .all(...Object.keys(REPLACED_TRIGGERS)) as { name: string; sql: string }[];
    this.isKnown = rows.length === Object.keys(REPLACED_TRIGGERS).length && rows.every((row) => collapse(row.sql) === REPLACED_TRIGGERS[row.name]);
    this.begin = db.prepare('INSERT INTO bulk_insert_batch (id) VALUES (1)');
    this.end = db.prepare('DELETE FROM bulk_insert_batch');
  }

  /** Whether inserts can be maintained in bulk (the record's triggers are the ones this module mirrors). */
  get isAvailable(): boolean {
    return this.isKnown;
  }

  /**
   * Runs `work` with the triggers standing aside; `work` returns the businesses it inserted,
   * whose change-log entries, name-search rows and counts are then written at once. Must run
   * inside a transaction.
   */
  run<T>(work: () => { result: T; inserted: readonly InsertedBusiness[] }): T {
    if (!this.isKnown) return work().result;
    if (!this.db.inTransaction) throw new Error('BulkInsertTriggers.run must be called inside a transaction.');
    // A throw leaves the row to the transaction's rollback, which takes the whole batch back.
    this.begin.run();
    const { result, inserted } = work();
    if (inserted.length > 0) {
      this.setBased ??= {
        byIds: SET_BASED_WORK.map((sql) => this.db.prepare<[{ ids: string }]>(sql)),
        counts: this.db.prepare<[{ counts: string }]>(ADD_COUNTS),
        missing: this.db.prepare<[{ missing: string }]>(ADD_MISSING),
      };
      const ids = JSON.stringify(inserted.map((business) => business.id));
      for (const statement of this.setBased.byIds) statement.run({ ids });
      const { counts, missing } = batchCounts(inserted);
      this.setBased.counts.run({ counts: JSON.stringify(counts) });
      this.setBased.missing.run({ missing: JSON.stringify(missing) });
    }
    this.end.run();
    return result;
  }
}
