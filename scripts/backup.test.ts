import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { backupRecord } from '@directory/data/backup.ts';
import { openRecord } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import { rebuildIndex } from '@directory/indexer/sync.ts';
import { verifyIndex } from '@directory/indexer/verify.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'restore-test-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('restores a backup taken during writes: every committed business, and an index that rebuilds to match it', async () => {
  const live = join(dir, 'live', 'directory.sqlite');
  const record = openRecord(live);
  const countries = ['FR', 'JP', 'BR'];
  for (let i = 0; i < 120; i++) {
    insertBusiness(record, buildBusiness({ name: `Shop ${i}`, countryCode: countries[i % 3]!, city: `City ${i % 7}`, category: `Trade ${i % 5}` }));
  }
  const writer = openRecord(live);
  writer.exec('BEGIN IMMEDIATE');
  insertBusiness(writer, buildBusiness({ name: 'Written while the backup ran' }));
  const backup = backupRecord(live, join(dir, 'backups'), 7);
  writer.exec('COMMIT');
  writer.close();
  const committedBefore = record.prepare("SELECT id FROM businesses WHERE name <> 'Written while the backup ran' ORDER BY id").pluck().all();
  record.close();

  // Restore as the README says: the backup becomes the record of a fresh data directory, then reindex.
  const restoredDir = join(dir, 'restored');
  mkdirSync(restoredDir);
  const restoredFile = join(restoredDir, 'directory.sqlite');
  copyFileSync(backup.file, restoredFile);
  const restored = openRecord(restoredFile);
  expect(restored.prepare('SELECT id FROM businesses ORDER BY id').pluck().all()).toEqual(committedBefore);
  const engine = new SqliteEngine(join(restoredDir, 'index'));
  try {
    const report = await rebuildIndex(restoredFile, engine, 'all');
    expect(report.documents).toBe(120);
    expect((await engine.totals()).businessCount).toBe(120);
    // The same comparison as `npm run index:verify`: ids, slugs, every count and letter.
    const verified = await verifyIndex(restoredFile, engine, 'all');
    expect(verified.differences).toEqual([]);
    expect(verified.businesses).toBe(120);
  } finally {
    await engine.close();
    restored.close();
  }
});
