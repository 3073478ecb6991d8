import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessInput } from './business.ts';
import { migrate, openRecord, type RecordDatabase } from './record.ts';
import { buildBusiness } from './testing/build-business.ts';
import { insertBusiness } from './testing/insert-business.ts';

const MIGRATIONS = join(import.meta.dirname, '..', 'migrations');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const insert = (db: RecordDatabase, slug: string, overrides: Partial<BusinessInput> = {}) =>
  insertBusiness(db, buildBusiness(overrides), slug);

describe('the record', () => {
  it('is created in WAL mode with foreign keys on and every migration recorded', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT version, name FROM schema_migrations').all()).toEqual([
      { version: 1, name: '001_record.sql' },
      { version: 2, name: '002_popularity_index.sql' },
      { version: 3, name: '003_admin.sql' },
      { version: 4, name: '004_import.sql' },
      { version: 5, name: '005_deferred_indexes.sql' },
      { version: 6, name: '006_admin_bounded.sql' },
      { version: 7, name: '007_index_rebuild_requests.sql' },
      { version: 8, name: '008_bulk_insert_flag.sql' },
      { version: 9, name: '009_import_expected_rows.sql' },
      { version: 10, name: '010_contact_details.sql' },
      { version: 11, name: '011_import_reason_codes.sql' },
      { version: 12, name: '012_audit_detail_codes.sql' },
      { version: 13, name: '013_business_closure_logged.sql' },
      { version: 14, name: '014_report_row_sheets.sql' },
    ]);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['ad_codes', 'businesses', 'change_log', 'contact_details', 'contact_messages', 'contact_phone_lines', 'site_settings', 'slug_redirects', 'upload_reports']),
    );
    db.close();
  });

  it('applies nothing twice when opened again', () => {
    const file = join(dir, 'directory.sqlite');
    openRecord(file).close();
    const db = new Database(file);
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('holds every field of the full business read (the 27 export fields)', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    const columns = (db.prepare('PRAGMA table_info(businesses)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(
      expect.arrayContaining([
        'id', 'name', 'slug', 'category', 'type', 'full_address', 'street', 'city', 'postal_code', 'country', 'country_code',
        'phone', 'latitude', 'longitude', 'rating', 'reviews', 'reviews_link', 'photo', 'logo', 'located_in', 'working_hours',
        'verified', 'about', 'place_id', 'created_at', 'updated_at', 'url',
      ]),
    );
    db.close();
  });

  it('queues every insert, update and delete for the indexer in the same transaction', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    const id = insert(db, 'first-abc123');
    db.prepare('UPDATE businesses SET rating = 3 WHERE id = ?').run(id);
    db.prepare('DELETE FROM businesses WHERE id = ?').run(id);
    expect(db.prepare('SELECT business_id FROM change_log ORDER BY seq').pluck().all()).toEqual([id, id, id]);
    db.close();
  });

  it('refuses rows that break the rules: duplicate place id or slug, bad coordinates, bad rating', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    insert(db, 'one-aaaaaa', { placeId: 'ChIJsame' });
    expect(() => insert(db, 'two-bbbbbb', { placeId: 'ChIJsame' })).toThrow(/UNIQUE constraint failed: businesses.place_id/);
    expect(() => insert(db, 'one-aaaaaa')).toThrow(/UNIQUE constraint failed: businesses.slug/);
    expect(() => insert(db, 'three-cccccc', { latitude: 123 })).toThrow(/CHECK constraint failed/);
    expect(() => insert(db, 'four-dddddd', { rating: 7 })).toThrow(/CHECK constraint failed/);
    expect(() => insert(db, 'five-eeeeee', { countryCode: 'fr' })).toThrow(/CHECK constraint failed/);
    db.close();
  });

  it('reads businesses most popular first through an index, not a sort of every row', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM businesses WHERE 1 = 1 ORDER BY reviews DESC, rating DESC, id')
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail)).toEqual(['SCAN businesses USING INDEX businesses_popularity']);
    db.close();
  });

  it('removes the redirects of a deleted business', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    const id = insert(db, 'kept-aaaaaa');
    db.prepare('INSERT INTO slug_redirects (old_slug, business_id) VALUES (?, ?)').run('old-slug', id);
    db.prepare('DELETE FROM businesses WHERE id = ?').run(id);
    expect(db.prepare('SELECT count(*) FROM slug_redirects').pluck().get()).toBe(0);
    db.close();
  });

  it('limits each ad code to 50 KB', () => {
    const db = openRecord(join(dir, 'directory.sqlite'));
    expect(() => db.prepare("UPDATE ad_codes SET code = ? WHERE slot = 'ad1'").run('x'.repeat(51_201))).toThrow(/CHECK/);
    db.prepare("UPDATE ad_codes SET code = ? WHERE slot = 'ad1'").run('x'.repeat(51_200));
    db.close();
  });
});

describe('migration 004 (import)', () => {
  it("keeps existing upload reports and accepts the 'interrupted' status", () => {
    const db = new Database(join(dir, 'before-004.sqlite'));
    db.exec(readFileSync(join(MIGRATIONS, '001_record.sql'), 'utf8'));
    db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT '')`);
    db.prepare("INSERT INTO schema_migrations (version, name) VALUES (1, '001_record.sql')").run();
    db.prepare("INSERT INTO upload_reports (file_name, file_size_bytes, status, total_rows) VALUES ('old.xlsx', 10, 'completed', 7)").run();
    migrate(db);
    expect(db.prepare('SELECT file_name, status, total_rows, is_dry_run FROM upload_reports').all()).toEqual([{ file_name: 'old.xlsx', status: 'completed', total_rows: 7, is_dry_run: 0 }]);
    db.prepare("UPDATE upload_reports SET status = 'interrupted'").run();
    expect(() => db.prepare("UPDATE upload_reports SET status = 'lost'").run()).toThrow(/CHECK constraint failed/);
    db.close();
  });
});
