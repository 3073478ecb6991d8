import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import { IndexSync, rebuildIndex } from '../sync.ts';
import { DocColumns, NONE, StoredTexts, StringIds } from './doc-columns.ts';
import { openIndexDatabase, type IndexDatabase } from './index-file.ts';
import { buildSearchWorld } from './search-test-world.ts';
import { searchIndex } from './sqlite-search.ts';

/** Every document as `docs` holds the columns kept in memory, in position order. */
function docsRows(db: IndexDatabase): unknown[] {
  return db
    .prepare(
      `SELECT pos, name, rating, reviews, latitude, longitude, category, category_slug, type, country_code, country, city, city_slug,
              postal_code, open_hours, time_zone FROM docs ORDER BY pos`,
    )
    .all();
}

/** The same documents as the columns hold them. */
function columnRows(columns: DocColumns, db: IndexDatabase): unknown[] {
  const last = db.prepare('SELECT coalesce(max(pos), 0) + 100 FROM docs').pluck().get() as number;
  const rows: unknown[] = [];
  for (let pos = 0; pos <= last; pos += 1) {
    if (!columns.has(pos)) continue;
    rows.push({
      pos,
      name: columns.name(pos),
      rating: columns.number('rating', pos),
      reviews: columns.reviews[pos],
      latitude: columns.number('latitude', pos),
      longitude: columns.number('longitude', pos),
      category: columns.text('categoryName', pos),
      category_slug: columns.text('category', pos),
      type: columns.text('type', pos),
      country_code: columns.text('country', pos),
      country: columns.text('countryName', pos),
      city: columns.text('cityName', pos),
      city_slug: columns.text('city', pos),
      postal_code: columns.text('postalText', pos),
      open_hours: columns.text('hours', pos),
      time_zone: columns.text('zone', pos),
    });
  }
  return rows;
}

describe('StringIds', () => {
  // Upper case sorts before lower case, accents after both, CJK last: JavaScript's `<` order, which a look-up must use too.
  const values = ['lyon', 'Lyon', 'łódź', '69002', '東京', 'paris', 'Paris 02', '', 'zürich', 'Zurich'];

  it('find every stored value by its sorted ids, and give a new value the next id', () => {
    const ids = new StringIds([...values], new StringIds([...values]).sortedIds());
    values.forEach((value, id) => expect(ids.find(value)).toBe(id));
    expect(ids.find('LYON')).toBe(NONE);
    expect(ids.find('zzz')).toBe(NONE);
    expect(ids.idOf('Łódź')).toBe(values.length);
    expect(ids.idOf('Łódź')).toBe(values.length);
    expect(ids.find('Łódź')).toBe(values.length);
    expect(ids.idOf('lyon')).toBe(0);
    expect(ids.idOf(null)).toBe(NONE);
    expect(ids.valueOf(values.length)).toBe('Łódź');
  });

  it('find the same ids without sorted ids (a file written before they were stored)', () => {
    const ids = new StringIds([...values]);
    values.forEach((value, id) => expect(ids.find(value)).toBe(id));
    expect(ids.idOf('Zürich')).toBe(values.length);
  });
});

describe('StringIds of stored texts', () => {
  // More values than are decoded whole at load: the column reads each value from the stored bytes when asked.
  const many = Array.from({ length: 70_000 }, (_, i) => (i % 7 === 0 ? `${i} Łódź 東京` : i % 11 === 0 ? '' : `${(i * 7919) % 100_000}`.padStart(5, '0')));
  const distinct = [...new Set(many)];

  it('read back every text, multi-byte and empty ones too, by its index', () => {
    const { bytes, ends } = StoredTexts.encode(distinct);
    const stored = new StoredTexts(bytes, ends);
    expect(stored.count).toBe(distinct.length);
    expect(Array.from({ length: stored.count }, (_, i) => stored.text(i))).toEqual(distinct);
  });

  it('find, give and sort ids as over the values themselves, for a column decoded when asked and one decoded whole', () => {
    for (const values of [distinct, distinct.slice(0, 1_000)]) {
      const { bytes, ends } = StoredTexts.encode(values);
      const sorted = new StringIds([...values]).sortedIds();
      const stored = new StringIds(new StoredTexts(bytes, ends), sorted);
      const listed = new StringIds([...values], sorted);
      expect(stored.size).toBe(values.length);
      expect(stored.all()).toEqual(values);
      expect(stored.sortedIds()).toEqual(sorted);
      for (const value of [values[0]!, values[values.length - 1]!, '7 Łódź 東京', 'not there']) expect(stored.find(value)).toBe(listed.find(value));
      // A new value: the next id, found again, read back.
      expect(stored.idOf('99999 new')).toBe(values.length);
      expect(stored.find('99999 new')).toBe(values.length);
      expect(stored.valueOf(values.length)).toBe('99999 new');
      expect(stored.idOf(values[5]!)).toBe(5);
    }
  });
});

describe('DocColumns', () => {
  const row = (pos: number, name: string) => ({
    pos,
    name,
    rating: pos % 2 === 0 ? null : pos / 2,
    reviews: pos * 10,
    latitude: pos,
    longitude: -pos,
    category: 'Café',
    category_slug: 'cafe',
    type: null,
    country_code: 'FR',
    country: 'France',
    city: 'Lyon',
    city_slug: 'lyon',
    postal_code: pos % 3 === 0 ? '69 002' : null,
    open_hours: null,
    time_zone: 'Europe/Paris',
  });

  it('grows past their capacity and their name buffer, keeping every value', () => {
    const columns = new DocColumns(2);
    const nameOf = (pos: number) => `Ünïcödé ${'東京'.repeat(pos * 20)} ${pos}`;
    for (let pos = 1; pos <= 300; pos += 1) columns.set(row(pos, nameOf(pos)));
    for (const pos of [1, 2, 3, 150, 300]) {
      expect(columns.has(pos)).toBe(true);
      expect(columns.name(pos)).toBe(nameOf(pos));
      expect(columns.number('rating', pos)).toBe(pos % 2 === 0 ? null : pos / 2);
      expect(columns.reviews[pos]).toBe(pos * 10);
      expect(columns.text('postal', pos)).toBe(pos % 3 === 0 ? '69002' : null);
      expect(columns.text('postalText', pos)).toBe(pos % 3 === 0 ? '69 002' : null);
    }
    expect(columns.has(0)).toBe(false);
    expect(columns.has(301)).toBe(false);
    expect(columns.firstPositions(3)).toEqual([1, 2, 3]);
    columns.remove(2);
    expect(columns.firstPositions(3)).toEqual([1, 3, 4]);
    // A name replaced by an update: the new one is read.
    columns.set(row(3, 'Short'));
    expect(columns.name(3)).toBe('Short');
    expect(columns.name(4)).toBe(nameOf(4));
  });
});

describe('the in-memory columns of a searching connection', () => {
  let temp: TempIndex;
  let thread: IndexDatabase | null = null;

  beforeEach(async () => {
    temp = createTempIndex('doc-columns');
    for (const business of buildSearchWorld()) insertBusiness(temp.record, business);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    // A search thread's own read-only connection.
    thread = openIndexDatabase(temp.engine.livePath()!, { readonly: true });
  });

  afterEach(async () => {
    thread?.close();
    await temp.dispose();
  });

  /** Inserts, updates (rating, category, city, hours, name), approves and deletes in the record, then applies the change log. */
  async function changeEverything(): Promise<void> {
    const { record } = temp;
    insertBusiness(record, buildBusiness({ name: 'Łódź Nowa Piekarnia', category: 'Bakery', city: 'Łódź', country: 'Poland', countryCode: 'PL', reviews: 3 }));
    record.prepare("UPDATE businesses SET rating = 1.5, category = 'Café', name = name || ' Ünïcödé 東京' WHERE name = 'Chez Paul'").run();
    record.prepare("UPDATE businesses SET city = 'Paris', full_address = '2 Rue X, Paris, X' WHERE name = 'Plomberie Martin'").run();
    record.prepare("DELETE FROM businesses WHERE name = 'Paris Plumbing'").run();
    await new IndexSync(temp.record, temp.engine, 'all').catchUp();
  }

  it('hold what docs holds, as the rebuild stored them and after every kind of change', async () => {
    const columns = DocColumns.load(thread!);
    expect(columnRows(columns, thread!)).toEqual(docsRows(thread!));
    await changeEverything();
    expect(columns.refresh(thread!)).toBe(true);
    expect(columnRows(columns, thread!)).toEqual(docsRows(thread!));
    // A connection opened after the changes: the stored columns plus the touched log.
    expect(columnRows(DocColumns.load(thread!), thread!)).toEqual(docsRows(thread!));
  });

  it('load the texts as the rebuild stored them, and from a file written before that (one JSON object)', () => {
    const blobs = new Map((thread!.prepare('SELECT name, data FROM doc_columns').all() as { name: string; data: Buffer }[]).map((row) => [row.name, row.data]));
    const stored = DocColumns.fromBlobs(blobs);
    expect(stored).not.toBeNull();
    expect(columnRows(stored!, thread!)).toEqual(docsRows(thread!));

    const json: Record<string, string[]> = {};
    for (const [name, data] of blobs) {
      if (!name.startsWith('texts:')) continue;
      const column = name.slice('texts:'.length);
      const ends = new Uint32Array(new Uint8Array(blobs.get(`ends:${column}`)!).buffer);
      json[column] = Array.from({ length: ends.length }, (_, i) => data.toString('utf8', i === 0 ? 0 : ends[i - 1], ends[i]));
      blobs.delete(name);
      blobs.delete(`ends:${column}`);
    }
    expect(Object.keys(json).length).toBeGreaterThan(5);
    blobs.set('strings', Buffer.from(JSON.stringify(json)));
    const older = DocColumns.fromBlobs(blobs);
    expect(older).not.toBeNull();
    expect(columnRows(older!, thread!)).toEqual(docsRows(thread!));
  });

  it('read docs whole when the touched log no longer reaches back to them', async () => {
    const columns = DocColumns.load(thread!);
    await changeEverything();
    const touched = temp.engine.database.prepare('SELECT count(*) FROM docs_touched').pluck().get() as number;
    expect(touched).toBeGreaterThan(3);
    // As a pruning past this connection's position leaves it.
    temp.engine.database.prepare('DELETE FROM docs_touched WHERE seq <= 2').run();
    expect(columns.refresh(thread!)).toBe(false);
    expect(columnRows(DocColumns.load(thread!), thread!)).toEqual(docsRows(thread!));
  });

  it('let a connection that has searched find what the change log brought, and not what it removed', async () => {
    const inParis = { filters: { cities: [{ countryCode: 'FR', citySlug: 'paris' }] }, page: 1, perPage: 50 };
    const names = async (request: Parameters<typeof searchIndex>[1]) => (await searchIndex(thread!, request)).hits.map((hit) => hit.name);
    const before = await names(inParis);
    expect(before).toContain('Paris Plumbing');
    expect(before).not.toContain('Plomberie Martin');
    expect(await names({ query: 'piekarnia', page: 1, perPage: 5 })).toEqual([]);
    await changeEverything();
    const after = await names(inParis);
    expect(after).toContain('Plomberie Martin');
    expect(after).not.toContain('Paris Plumbing');
    expect(await names({ query: 'piekarnia', filters: { countryCodes: ['PL'] }, page: 1, perPage: 5 })).toEqual(['Łódź Nowa Piekarnia']);
    const cafes = await searchIndex(thread!, { filters: { categorySlugs: ['cafe'], minRating: 1 }, page: 1, perPage: 50 });
    expect(cafes.hits.find((hit) => hit.name.startsWith('Chez Paul'))).toMatchObject({ rating: 1.5, category: 'Café' });
    expect(await names({ filters: { categorySlugs: ['cafe'], minRating: 2 }, page: 1, perPage: 50 })).not.toContainEqual(expect.stringMatching(/^Chez Paul/));
  });
});
