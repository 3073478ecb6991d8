/**
 * Set-based twins of the record's per-row AFTER INSERT triggers on `businesses`, for bulk
 * imports. Per row, `businesses_logged_insert` (the search index's change log) and
 * `businesses_admin_insert` (the admin name FTS5 table and `business_counts`) and
 * `businesses_missing_insert` (the content report's missing-field counts) cost more than
 * the insert itself; for a batch they are dropped inside the batch's transaction, the rows are
 * inserted, the same work is done once for the batch's ids, and the triggers are created again
 * from their stored SQL before the transaction commits. Everything is one transaction: a
 * crash or a refused row rolls back to the triggers in place and nothing half-maintained.
 * While the transaction holds the write lock no other connection can insert, so no other
 * writer's row can miss the triggers.
 */
import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

/**
 * The triggers this module replaces, as migrations 001 and 003 define them (whitespace
 * collapsed). When the stored SQL differs (a later migration changed them), the bulk path is
 * not used and the triggers run per row as written.
 */
const REPLACED_TRIGGERS: Readonly<Record<string, string>> = {
  businesses_logged_insert: `CREATE TRIGGER businesses_logged_insert AFTER INSERT ON businesses BEGIN INSERT INTO change_log (business_id) VALUES (new.id); END`,
  businesses_admin_insert: `CREATE TRIGGER businesses_admin_insert AFTER INSERT ON businesses BEGIN INSERT INTO businesses_name_fts (rowid, name) VALUES (new.id, new.name); INSERT INTO business_counts (dimension, value, n) SELECT dimension, value, 1 FROM ( SELECT 'all' AS dimension, '' AS value UNION ALL SELECT 'approved', '' WHERE new.is_approved = 1 UNION ALL SELECT 'demo', '' WHERE new.is_demo = 1 UNION ALL SELECT 'category', new.category WHERE coalesce(trim(new.category), '') <> '' UNION ALL SELECT 'country', new.country_code WHERE new.country_code IS NOT NULL UNION ALL SELECT 'city', coalesce(new.country_code, '') || '|' || new.city WHERE coalesce(trim(new.city), '') <> '' ) WHERE true ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1; END`,
  // Migration 006: the content report's missing-field counts.
  businesses_missing_insert: `CREATE TRIGGER businesses_missing_insert AFTER INSERT ON businesses BEGIN UPDATE business_counts SET n = n + 1 WHERE dimension = 'missing' AND value IN ( SELECT 'phone' WHERE coalesce(trim(new.phone), '') = '' UNION ALL SELECT 'coordinates' WHERE new.latitude IS NULL OR new.longitude IS NULL UNION ALL SELECT 'hours' WHERE new.working_hours IS NULL OR new.working_hours IN ('{}', 'null') UNION ALL SELECT 'photo' WHERE coalesce(trim(new.photo), '') = '' ); END`,
};

/** What the two triggers do, for every id of the JSON array `@ids` at once. */
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
  /** The stored SQL of each replaced trigger, or null when the record's triggers are not the known ones. */
  private readonly stored: { name: string; sql: string }[] | null;
  /** SET_BASED_WORK prepared once (SQLite prepares them again by itself after each batch's trigger changes). */
  private setBased: Statement<[{ ids: string }]>[] | null = null;

  constructor(private readonly db: RecordDatabase) {
    const rows = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${Object.keys(REPLACED_TRIGGERS).map(() => '?').join(', ')})`)
      .all(...Object.keys(REPLACED_TRIGGERS)) as { name: string; sql: string }[];
    const isKnown = rows.length === Object.keys(REPLACED_TRIGGERS).length && rows.every((row) => collapse(row.sql) === REPLACED_TRIGGERS[row.name]);
    this.stored = isKnown ? rows : null;
  }

  /** Whether inserts can be maintained in bulk (the record's triggers are the ones this module mirrors). */
  get isAvailable(): boolean {
    return this.stored !== null;
  }

  /**
   * Runs `work` with the triggers dropped; `work` returns the ids it inserted, whose change-log
   * entries, name-search rows and counts are then written at once. Must run inside a transaction.
   */
  run<T>(work: () => { result: T; insertedIds: readonly number[] }): T {
    if (this.stored === null) return work().result;
    if (!this.db.inTransaction) throw new Error('BulkInsertTriggers.run must be called inside a transaction.');
    for (const { name } of this.stored) this.db.exec(`DROP TRIGGER ${name}`);
    const { result, insertedIds } = work();
    if (insertedIds.length > 0) {
      const ids = JSON.stringify(insertedIds);
      this.setBased ??= SET_BASED_WORK.map((sql, index) => this.db.prepare<[{ ids: string }]>(index < 2 ? sql : BATCH_CTE + sql));
      for (const statement of this.setBased) statement.run({ ids });
    }
    for (const { sql } of this.stored) this.db.exec(sql);
    return result;
  }
}
