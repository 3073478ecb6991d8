/**
 * Set-based twins of the record's per-row AFTER INSERT triggers on `businesses`, for bulk
 * imports. Per row, `businesses_logged_insert` (the search index's change log) and
 * `businesses_admin_insert` (the admin name FTS5 table and `business_counts`) and
 * `businesses_missing_insert` (the content report's missing-field counts) cost more than
 * the insert itself; for a batch they stand aside while `bulk_insert_batch` holds a row
 * (migration 008), the rows are inserted, and the same work is done once for the batch's ids.
 * The row is inserted at the start and deleted at the end of the batch's transaction: no other
 * connection ever sees it (none can write meanwhile; readers see the last commit), and a crash or
 * a refused row rolls it back with the batch. No schema change, so SQLite keeps every prepared
 * statement (dropping and creating the triggers for each batch made it prepare them all again).
 */
import type { Statement } from 'better-sqlite3';
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

/** What the three triggers do, for every id of the JSON array `@ids` at once. */
const SET_BASED_WORK = [
  'INSERT INTO change_log (business_id) SELECT value FROM json_each(@ids) ORDER BY key',
  'INSERT INTO businesses_name_fts (rowid, name) SELECT id, name FROM businesses WHERE id IN (SELECT value FROM json_each(@ids))',
  `INSERT INTO business_counts (dimension, value, n)
     SELECT dimension, value, count(*) FROM (
       SELECT 'all' AS dimension, '' AS value FROM batch
       UNION ALL SELECT 'approved', '' FROM batch WHERE is_approved = 1
       UNION ALL SELECT 'demo', '' FROM batch WHERE is_demo = 1
       UNION ALL SELECT 'category', category FROM batch WHERE coalesce(trim(category), '') <> ''
       UNION ALL SELECT 'country', country_code FROM batch WHERE country_code IS NOT NULL
       UNION ALL SELECT 'city', coalesce(country_code, '') || '|' || city FROM batch WHERE coalesce(trim(city), '') <> ''
     ) WHERE true GROUP BY dimension, value
     ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n`,
  `UPDATE business_counts SET n = n + coalesce((
     SELECT CASE business_counts.value
       WHEN 'phone' THEN sum(coalesce(trim(phone), '') = '')
       WHEN 'coordinates' THEN sum(latitude IS NULL OR longitude IS NULL)
       WHEN 'hours' THEN sum(working_hours IS NULL OR working_hours IN ('{}', 'null'))
       WHEN 'photo' THEN sum(coalesce(trim(photo), '') = '') END
     FROM batch), 0)
   WHERE dimension = 'missing'`,
];
const BATCH_CTE = 'WITH batch AS (SELECT * FROM businesses WHERE id IN (SELECT value FROM json_each(@ids))) ';

const collapse = (sql: string) => sql.replace(/\s+/g, ' ').replace(/;\s*END$/, '; END').trim();

export class BulkInsertTriggers {
  /** Whether the record's triggers are the known ones (else the bulk path is not used). */
  private readonly isKnown: boolean;
  private readonly begin: Statement<[]>;
  private readonly end: Statement<[]>;
  /** SET_BASED_WORK, prepared on first use. */
  private setBased: Statement<[{ ids: string }]>[] | null = null;

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
   * Runs `work` with the triggers standing aside; `work` returns the ids it inserted, whose
   * change-log entries, name-search rows and counts are then written at once. Must run inside a
   * transaction.
   */
  run<T>(work: () => { result: T; insertedIds: readonly number[] }): T {
    if (!this.isKnown) return work().result;
    if (!this.db.inTransaction) throw new Error('BulkInsertTriggers.run must be called inside a transaction.');
    // A throw leaves the row to the transaction's rollback, which takes the whole batch back.
    this.begin.run();
    const { result, insertedIds } = work();
    if (insertedIds.length > 0) {
      const ids = JSON.stringify(insertedIds);
      this.setBased ??= SET_BASED_WORK.map((sql, index) => this.db.prepare<[{ ids: string }]>(index < 2 ? sql : BATCH_CTE + sql));
      for (const statement of this.setBased) statement.run({ ids });
    }
    this.end.run();
    return result;
  }
}
