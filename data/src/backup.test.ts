import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupRecord } from './backup.ts';
import { openRecord, type RecordDatabase } from './record.ts';
import { buildBusiness } from './testing/build-business.ts';
import { insertBusiness } from './testing/insert-business.ts';

let dir: string;
let recordFile: string;
let record: RecordDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
  recordFile = join(dir, 'directory.sqlite');
  record = openRecord(recordFile);
});

afterEach(() => {
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const namesIn = (db: Database.Database): string[] =>
  db.prepare('SELECT name FROM businesses ORDER BY name').pluck().all() as string[];

describe('backupRecord', () => {
  it('copies every committed business and none of a transaction still open while it runs', () => {
    for (let i = 0; i < 50; i++) insertBusiness(record, buildBusiness({ name: `Committed ${String(i).padStart(2, '0')}` }));
    // A second connection, as the server would be, is in the middle of a write.
    const writer = openRecord(recordFile);
    writer.exec('BEGIN IMMEDIATE');
    insertBusiness(writer, buildBusiness({ name: 'Uncommitted during backup' }));

    const result = backupRecord(recordFile, join(dir, 'backups'), 3);

    writer.exec('COMMIT');
    writer.close();
    const copy = new Database(result.file, { readonly: true });
    try {
      const names = namesIn(copy);
      expect(names).toHaveLength(50);
      expect(names).toEqual(namesIn(record).filter((name) => name.startsWith('Committed')));
      expect(names).not.toContain('Uncommitted during backup');
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      // The copy carries the schema and the change log, so a restored record migrates and indexes as usual.
      expect(copy.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    expect(namesIn(record)).toContain('Uncommitted during backup');
  });

  it('keeps the newest `keep` backups and removes older ones', () => {
    insertBusiness(record, buildBusiness({ name: 'Only one' }));
    const backupDir = join(dir, 'backups');
    const files = [1, 2, 3, 4].map((day) => backupRecord(recordFile, backupDir, 2, new Date(Date.UTC(2026, 10, day, 3))).file);
    expect(readdirSync(backupDir).sort()).toEqual(['directory-20261103T030000000Z.sqlite', 'directory-20261104T030000000Z.sqlite']);
    expect(files[3]).toBe(join(backupDir, 'directory-20261104T030000000Z.sqlite'));
  });

  it('refuses clearly when there is no record to back up', () => {
    expect(() => backupRecord(join(dir, 'missing.sqlite'), join(dir, 'backups'), 2)).toThrow(/No record at .*missing\.sqlite/);
  });
});
