import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessDocument } from '../document.ts';
import { openIndexDatabase } from './index-file.ts';
import { DOCS_DDL } from './index-schema.ts';
import { SearchTablesBuilder, copySearchTables } from './search-tables.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-tables-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function buildDocument(overrides: Partial<BusinessDocument>): BusinessDocument {
  return {
    id: 1, slug: 'x', name: 'X', category: null, categorySlug: null, type: null, city: null, citySlug: null, countryCode: null,
    country: null, postalCode: null, address: null, phone: null, photo: null, rating: null, reviews: 0, isApproved: true,
    verified: false, createdAt: '2026-01-01', updatedAt: '2026-01-01', placeId: null, url: null, latitude: null, longitude: null,
    timeZone: null, workingHours: null, isTemporarilyClosed: false, aboutText: '', ...overrides,
  };
}

describe("a rebuild's search tables", () => {
  it('holds the texts and points of every batch at their positions once copied into the index file', async () => {
    const builder = new SearchTablesBuilder(join(dir, 'search'));
    await builder.add([buildDocument({ name: 'Lyon Bakeries', city: 'Lyon', latitude: 45.76, longitude: 4.84 }), buildDocument({ name: 'Chez Paul' })], 1);
    await builder.add([buildDocument({ name: 'Paris Bakery', phone: '+33 1 42 00 00 00', latitude: 48.85, longitude: 2.35 })], 3);
    await builder.finish();

    const db = openIndexDatabase(join(dir, 'index.sqlite'), { bulk: true });
    db.exec(DOCS_DDL);
    copySearchTables(db, join(dir, 'search'));
    const match = (query: string) => db.prepare('SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? ORDER BY rowid').pluck().all(query);
    expect(match('bakery')).toEqual([1, 3]);
    expect(match('paul')).toEqual([2]);
    expect(match('{contact} : 33142000000')).toEqual([3]);
    expect(db.prepare('SELECT pos, min_lat, min_lng FROM docs_geo ORDER BY pos').raw().all()).toEqual([
      [1, expect.closeTo(45.76, 4), expect.closeTo(4.84, 4)],
      [3, expect.closeTo(48.85, 4), expect.closeTo(2.35, 4)],
    ]);
    expect(db.prepare("SELECT docs FROM vocab WHERE term = 'bakery'").pluck().get()).toBe(2);
    db.close();
  });

  it('fails the rebuild, without waiting forever, when its thread cannot write its file', async () => {
    const builder = new SearchTablesBuilder(join(dir, 'missing-folder', 'search'));
    await expect(builder.finish()).rejects.toThrow(/directory does not exist/);
    await builder.stop();
  });
});
