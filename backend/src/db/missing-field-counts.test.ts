import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { importFile } from '../services/import-runner.ts';
import { AdminBusinessRepository } from './admin-business-repository.ts';

describe("content report's missing-field counts, kept by the triggers of migration 006", () => {
  let dir: string;
  let record: RecordDatabase;
  let repository: AdminBusinessRepository;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'missing-counts-'));
    record = openRecord(join(dir, 'record.sqlite'));
    repository = new AdminBusinessRepository(record);
  });
  afterAll(() => {
    record.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectEqualToScan = (expected?: { phone: number; coordinates: number; hours: number; photo: number }) => {
    const scanned = repository.scanMissingFields();
    if (expected) expect(scanned).toEqual(expected);
    expect(repository.missingFields()).toEqual(scanned);
  };

  it('follows inserts', () => {
    insertBusiness(record, buildBusiness({ phone: null, photo: 'https://example.com/a.jpg' }));
    insertBusiness(record, buildBusiness({ phone: '  ', latitude: null, workingHours: null, photo: null }));
    insertBusiness(record, buildBusiness({ longitude: null, workingHours: {}, photo: '' }));
    insertBusiness(record, buildBusiness({ photo: 'https://example.com/b.jpg' }));
    expectEqualToScan({ phone: 2, coordinates: 2, hours: 2, photo: 2 });
  });

  it('follows updates of each field, both ways, and updates of other columns', () => {
    record.exec(`UPDATE businesses SET phone = '+90 212 000 00 00' WHERE coalesce(trim(phone), '') = '' AND latitude IS NULL`);
    record.exec(`UPDATE businesses SET latitude = 41.0 WHERE latitude IS NULL`);
    record.exec(`UPDATE businesses SET working_hours = 'null', photo = 'https://example.com/c.jpg' WHERE id = (SELECT min(id) FROM businesses)`);
    record.exec(`UPDATE businesses SET phone = NULL, name = name || ' renamed' WHERE id = (SELECT max(id) FROM businesses)`);
    record.exec(`UPDATE businesses SET rating = 1, is_approved = 1`);
    expectEqualToScan({ phone: 2, coordinates: 1, hours: 3, photo: 2 });
  });

  it('follows deletes', () => {
    record.exec(`DELETE FROM businesses WHERE id = (SELECT min(id) FROM businesses)`);
    expectEqualToScan({ phone: 1, coordinates: 1, hours: 2, photo: 2 });
  });

  it('follows an import (whose batches maintain the counts set-wise) of new and updated businesses', async () => {
    const updatedPlace = record.prepare('SELECT place_id FROM businesses WHERE id = (SELECT max(id) FROM businesses)').pluck().get() as string;
    const file = join(dir, 'import.csv');
    writeFileSync(
      file,
      [
        'name,place_id,phone,latitude,longitude,photo',
        'New One,ChIJmissing000000000001,,41.1,29.0,',
        'New Two,ChIJmissing000000000002,+90 1,,,https://example.com/d.jpg',
        'New Three,ChIJmissing000000000003,+90 2,41.2,29.1,https://example.com/e.jpg',
        `Updated,${updatedPlace},+90 3,41.3,29.2,`,
      ].join('\n'),
    );
    const result = await importFile({ record, file, fileName: 'import.csv', batchSize: 2, isDryRun: false });
    expect(result).toMatchObject({ success: true, totalRows: 4 });
    expect(record.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(6);
    expectEqualToScan();
    expect(repository.missingFields().phone).toBeGreaterThan(0);
  });

  it('reads zero after delete-all, and counts again afterwards', () => {
    repository.deleteAll();
    expectEqualToScan({ phone: 0, coordinates: 0, hours: 0, photo: 0 });
    insertBusiness(record, buildBusiness({ phone: null }));
    expectEqualToScan({ phone: 1, coordinates: 0, hours: 0, photo: 1 });
  });
});
