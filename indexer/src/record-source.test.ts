/**
 * A rebuild's snapshot and the change log's reader read the record in raw mode: each document
 * must be the one the row, read with its columns by name, maps to, every column in its place.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempRecord, type TempRecord } from '@directory/data/testing/temp-record.ts';
import { DOCUMENT_COLUMNS, DOCUMENT_SELECT, documentRowOf, toBusinessDocument, type DocumentRow } from './document.ts';
import { readChanges, snapshotSource } from './record-source.ts';

let temp: TempRecord;
let record: RecordDatabase;
beforeEach(() => {
  temp = createTempRecord('record-source');
  record = temp.record;
});
afterEach(() => temp.dispose());

it('reads every column of a row into its own field, in a rebuild (popularity order) and in a change', () => {
  insertBusiness(record, buildBusiness({ name: 'Quiet Plumber', reviews: 3, rating: 3.5, isApproved: false, verified: true }));
  insertBusiness(record, buildBusiness({ name: 'Busy Bakery', category: 'Bakery', type: 'Pastry shop', reviews: 900, rating: 4.8, isApproved: true, verified: false, latitude: 48.85, longitude: 2.35, photo: 'https://example.com/p.jpg', url: 'https://maps.example/b', timeZone: 'Europe/Paris' }));
  // Every column of a row its own value, so two columns swapped cannot pass unseen.
  // The busy one marked temporarily closed (its mark stamps updated_at: the stamp below comes after).
  record.prepare("INSERT INTO business_closures (business_id, status) SELECT id, 'temporarily_closed' FROM businesses WHERE name = 'Busy Bakery'").run();
  record.prepare("UPDATE businesses SET created_at = '2024-01-02 03:04:05', updated_at = '2025-06-07 08:09:10', postal_code = '75001'").run();
  const byName = record.prepare(`SELECT ${DOCUMENT_SELECT} FROM businesses ORDER BY reviews DESC`).all() as DocumentRow[];
  const busy = byName[0]!;
  expect(busy.closure_status).toBe('temporarily_closed');
  expect(byName[1]!.closure_status).toBeNull();
  expect(new Set(Object.values(busy).map((value) => JSON.stringify(value))).size).toBe(DOCUMENT_COLUMNS.length + 1);

  const raw = record.prepare(`SELECT ${DOCUMENT_SELECT} FROM businesses ORDER BY reviews DESC`).raw().all() as unknown[][];
  expect(raw.map(documentRowOf)).toEqual(byName);

  const source = snapshotSource(temp.file, 'all');
  try {
    expect([...source.documents()]).toEqual(byName.map(toBusinessDocument));
  } finally {
    source.close();
  }
  // A change brings the same document; a business the public does not see is a removal.
  const changes = readChanges(record, 0, 100, 'approved')!;
  expect(changes.upserts).toEqual([toBusinessDocument(busy)]);
  expect(changes.removals).toEqual([byName[1]!.id]);
});
