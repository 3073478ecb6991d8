import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import type { BusinessInput } from '@directory/data/business.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { BulkInsertTriggers } from './bulk-insert-triggers.ts';
import { BusinessRepository } from './business-repository.ts';

const business = (index: number, overrides: Partial<BusinessInput> = {}): BusinessInput => ({
  placeId: `ChIJplace${index}`, name: `Café ${index}`, category: index % 2 ? 'Bakery' : 'Cafe', type: null, fullAddress: null,
  street: null, city: [' Lyon', '', '  ', '\t'][index % 4]!, postalCode: null, country: null, countryCode: index % 4 ? 'FR' : null,
  phone: [null, ' ', '+33 4 78 00 00 00'][index % 3]!, latitude: index % 6 ? 45.76 : null, longitude: index % 7 ? 4.83 : null, rating: null,
  reviews: 0, reviewsLink: null, photo: [null, '', 'https://example.com/p.jpg'][index % 4 % 3]!, logo: null, locatedIn: null,
  workingHours: [null, {}, { Monday: '09:00-17:00' }][index % 3]!, verified: false, about: null, url: null, timeZone: null, isApproved: index % 5 === 0, ...overrides,
});

let perRow: RecordDatabase;
let bulk: RecordDatabase;
beforeEach(() => {
  perRow = openRecord(':memory:');
  bulk = openRecord(':memory:');
});
afterEach(() => {
  perRow.close();
  bulk.close();
});

const sideTables = (db: RecordDatabase) => ({
  changeLog: db.prepare('SELECT business_id FROM change_log ORDER BY seq').pluck().all(),
  counts: db.prepare('SELECT dimension, value, n FROM business_counts ORDER BY dimension, value').all(),
  nameSearch: db.prepare("SELECT rowid FROM businesses_name_fts WHERE businesses_name_fts MATCH 'cafe' ORDER BY rowid").pluck().all(),
  triggers: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all(),
  // The row that sets the triggers aside never outlives a batch.
  bulkBatchRows: db.prepare('SELECT count(*) FROM bulk_insert_batch').pluck().get(),
});

/** Every third business is demo data. */
const isDemoAt = (index: number) => index % 3 === 0;

const insertAll = (db: RecordDatabase, inputs: BusinessInput[], useBulk: boolean) => {
  const repository = new BusinessRepository(db);
  const triggers = new BulkInsertTriggers(db);
  const write = () =>
    inputs.map((input, index) => {
      const columns = toBusinessColumns(input);
      return { ...repository.upsertWithId(columns, () => `slug-${input.placeId}-${index}`, isDemoAt(index)), columns, isDemo: isDemoAt(index) };
    });
  db.transaction(() => {
    if (!useBulk) write();
    else triggers.run(() => {
      const written = write();
      return { result: written, inserted: written.filter((row) => row.outcome === 'inserted') };
    });
  })();
};

describe('BulkInsertTriggers', () => {
  it('leaves the change log, the admin name search and the counts exactly as the per-row triggers do, triggers working per row afterwards', () => {
    expect(new BulkInsertTriggers(bulk).isAvailable).toBe(true);
    const first = Array.from({ length: 40 }, (_, index) => business(index));
    // The second batch repeats ten places (updates) and adds new ones.
    const second = Array.from({ length: 30 }, (_, index) => business(index + 30, { category: 'Bar', name: `Café bar ${index}` }));
    for (const [db, useBulk] of [[perRow, false], [bulk, true]] as const) {
      insertAll(db, first, useBulk);
      insertAll(db, second, useBulk);
      // A write outside a bulk batch (an edit in the admin area, another import) fires the triggers as before.
      insertAll(db, [business(100, { name: 'Café after' })], false);
    }
    const expected = sideTables(perRow);
    expect(expected.changeLog).toHaveLength(71);
    expect(expected.counts).toContainEqual({ dimension: 'all', value: '', n: 61 });
    // Every dimension the triggers count is exercised: demo rows, blank-looking cities, each missing field.
    for (const dimension of ['approved', 'demo', 'city', 'country', 'category']) expect(expected.counts).toContainEqual(expect.objectContaining({ dimension }));
    for (const value of ['phone', 'coordinates', 'hours', 'photo']) {
      expect(expected.counts).toContainEqual({ dimension: 'missing', value, n: expect.any(Number) });
      expect(expected.counts.find((row) => (row as { value: string }).value === value && (row as { dimension: string }).dimension === 'missing')).not.toMatchObject({ n: 0 });
    }
    expect(sideTables(bulk)).toEqual(expected);
  });

  it('rolls the whole batch back when a row is refused mid-batch, triggers working per row afterwards', () => {
    const before = sideTables(bulk);
    expect(() => insertAll(bulk, [business(1), business(2, { name: '   ' })], true)).toThrow(/CHECK constraint/);
    expect(sideTables(bulk)).toEqual(before);
    // The triggers work per row again afterwards.
    insertAll(bulk, [business(3)], false);
    expect(sideTables(bulk).changeLog).toHaveLength(1);
  });

  it('is not used when the record holds other triggers than the ones it mirrors', () => {
    bulk.exec('DROP TRIGGER businesses_logged_insert');
    bulk.exec('CREATE TRIGGER businesses_logged_insert AFTER INSERT ON businesses BEGIN INSERT INTO change_log (business_id) VALUES (-new.id); END');
    const triggers = new BulkInsertTriggers(bulk);
    expect(triggers.isAvailable).toBe(false);
    insertAll(bulk, [business(1)], true);
    expect(sideTables(bulk).changeLog).toEqual([-1]);
  });
});
