import { close as closeLater, closeSync, openSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Statement } from 'better-sqlite3';
import { countryName } from '@directory/data/countries.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import { inShortSortRuns } from '@directory/data/sort-runs.ts';
import { cityNeedle, countryCodesMatching } from '../city-filter.ts';
import type { BusinessDocument, BusinessSummary } from '../document.ts';
import type { SearchRequest, SearchResponse } from '../search-types.ts';
import type {
  BusinessListFilter,
  CategoryAggregate,
  CategoryDetail,
  CityAggregate,
  CityDetail,
  CityPage,
  CityPageRequest,
  CountryAggregate,
  CountryDetail,
  ChangeFeed,
  DocumentChanges,
  DocumentKey,
  DocumentSource,
  NearbyHit,
  NearbyRequest,
  Page,
  PageRequest,
  RebuildHooks,
  RebuildReport,
  SearchEngine,
  SitemapFile,
  Totals,
} from '../engine.ts';
import { yieldToEventLoop } from '../change-log.ts';
import { DOC_FACTS_SQL, DOCS_DDL, INDEXES_DDL, INDEX_FORMAT_VERSION, INSERT_FTS_SQL, INSERT_GEO_SQL, SITEMAP_FILES_SQL, VOCAB_INDEXES_SQL } from './index-schema.ts';
import { SearchTablesBuilder, copySearchTables } from './search-tables.ts';
import { SitemapFiles } from './sitemap-files.ts';
import { IndexDirectory, openIndexDatabase, searchTablesFileOf, type IndexDatabase } from './index-file.ts';
import { applyAggregateDelta, prepareAggregateStatements, type AggregateStatements } from './aggregate-delta.ts';
import { encodedOpenHours } from '../search-hours.ts';
import { geoCellText } from './search-geo.ts';
import { FTS_COLUMNS, ftsTexts, type FtsColumn } from './search-text.ts';
import { addToVocabulary, flushVocabulary, searchIndex } from './sqlite-search.ts';
import { nearbyIndex } from './sqlite-nearby.ts';
import { writeAggregates } from './bulk-aggregates.ts';
import { DocColumns, TOUCHED_KEPT } from './doc-columns.ts';

const BULK_BATCH = 5000;
const KEYS_CHUNK = 10_000;
/** Meta key set on an index file once a rebuild has replaced it: writers must move to the new one. */
const RETIRED_KEY = 'retired';
const SWAP_CHECK_INTERVAL_MS = 1000;
/**
 * How long a replaced index file's plain descriptor ({@link OpenIndex.heldFd}) is kept after a
 * swap: longer than the search threads take to move to the new file one after another.
 */
const REPLACED_FILE_HOLD_MS = 60_000;
/**
 * How long a read of the index's position stands for changes another process applies (`npm run
 * indexer -- --watch`): the generation keys every ready list answer and kept page, and is asked
 * for on each of their requests; reading it from the file each time took ~12% of the server's
 * thread serving ready lists. Changes this engine applies, and a new file, are seen at once.
 */
const GENERATION_RECHECK_MS = 50;

export interface DocRow {
  pos: number;
  business_id: number;
  slug: string;
  name: string;
  category: string | null;
  category_slug: string | null;
  type: string | null;
  city: string | null;
  city_slug: string | null;
  country_code: string | null;
  country: string | null;
  postal_code: string | null;
  address: string | null;
  phone: string | null;
  photo: string | null;
  rating: number | null;
  reviews: number;
  is_approved: number;
  verified: number;
  created_at: string;
  updated_at: string;
  place_id: string | null;
  url: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  working_hours: string | null;
  open_hours: string | null;
  is_temporarily_closed: number;
}

interface CategoryRow {
  slug: string;
  name: string;
  business_count: number;
  country_count: number;
  rating_sum: number;
  rated_count: number;
}
interface CountryRow {
  code: string;
  slug: string;
  name: string;
  business_count: number;
  city_count: number;
  category_count: number;
}
interface CityRow {
  country_code: string;
  slug: string;
  name: string;
  business_count: number;
  category_count: number;
}
interface CitySumsRow {
  total: number;
  business_total: number;
}
interface CountRow {
  slug: string;
  name: string;
  count: number;
}

const INSERT_DOC_SQL = `INSERT INTO docs (pos, business_id, slug, name, category, category_slug, type, city, city_slug,
  country_code, country, postal_code, address, phone, photo, rating, reviews, is_approved, verified, created_at,
  updated_at, place_id, url, latitude, longitude, time_zone, working_hours, open_hours, is_temporarily_closed)
  VALUES (@pos, @business_id, @slug, @name, @category, @category_slug, @type, @city, @city_slug,
  @country_code, @country, @postal_code, @address, @phone, @photo, @rating, @reviews, @is_approved, @verified,
  @created_at, @updated_at, @place_id, @url, @latitude, @longitude, @time_zone, @working_hours, @open_hours, @is_temporarily_closed)`;

function toDocRow(doc: BusinessDocument, pos: number): DocRow {
  return {
    pos,
    business_id: doc.id,
    slug: doc.slug,
    name: doc.name,
    category: doc.category,
    category_slug: doc.categorySlug,
    type: doc.type,
    city: doc.city,
    city_slug: doc.citySlug,
    country_code: doc.countryCode,
    country: doc.country,
    postal_code: doc.postalCode,
    address: doc.address,
    phone: doc.phone,
    photo: doc.photo,
    rating: doc.rating,
    reviews: doc.reviews,
    is_approved: doc.isApproved ? 1 : 0,
    verified: doc.verified ? 1 : 0,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    place_id: doc.placeId,
    url: doc.url,
    latitude: doc.latitude,
    longitude: doc.longitude,
    time_zone: doc.timeZone,
    working_hours: doc.workingHours,
    // A temporarily closed business is open at no hour: "open now" (which reads only these) never finds it.
    open_hours: doc.isTemporarilyClosed ? null : encodedOpenHours(doc.workingHours),
    is_temporarily_closed: doc.isTemporarilyClosed ? 1 : 0,
  };
}

export function presentDoc(row: DocRow): BusinessSummary {
  return {
    id: row.business_id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    categorySlug: row.category_slug,
    type: row.type,
    city: row.city,
    citySlug: row.city_slug,
    countryCode: row.country_code,
    country: row.country,
    postalCode: row.postal_code,
    address: row.address,
    phone: row.phone,
    photo: row.photo,
    rating: row.rating,
    reviews: row.reviews,
    isApproved: row.is_approved === 1,
    verified: row.verified === 1,
    createdAt: row.created_at,
    placeId: row.place_id,
    url: row.url,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    workingHours: row.working_hours,
    isTemporarilyClosed: row.is_temporarily_closed === 1,
  };
}

function presentCategory(row: CategoryRow): CategoryAggregate {
  return {
    slug: row.slug,
    name: row.name,
    businessCount: row.business_count,
    countryCount: row.country_count,
    averageRating: row.rated_count > 0 ? Math.round((row.rating_sum / row.rated_count) * 10) / 10 : null,
  };
}

function presentCountry(row: CountryRow): CountryAggregate {
  return {
    code: row.code,
    slug: row.slug,
    name: row.name,
    businessCount: row.business_count,
    cityCount: row.city_count,
    categoryCount: row.category_count,
  };
}

function presentCity(row: CityRow): CityAggregate {
  return {
    countryCode: row.country_code,
    countryName: countryName(row.country_code),
    slug: row.slug,
    name: row.name,
    businessCount: row.business_count,
    categoryCount: row.category_count,
  };
}

/** Text of the "place" full-text column: where the business is, in every form a visitor types it. */
function hasCoordinates(doc: BusinessDocument): doc is BusinessDocument & { latitude: number; longitude: number } {
  return doc.latitude !== null && doc.longitude !== null;
}

class DocWriter {
  private readonly insertDoc: Statement;
  private readonly insertFts: Statement;
  private readonly insertGeo: Statement;

  constructor(db: IndexDatabase) {
    this.insertDoc = db.prepare(INSERT_DOC_SQL);
    this.insertFts = db.prepare(INSERT_FTS_SQL);
    this.insertGeo = db.prepare(INSERT_GEO_SQL);
  }

  /** Writes the document; returns its full-text columns (the vocabulary of an incremental change counts their terms). */
  write(doc: BusinessDocument, pos: number): Record<FtsColumn, string> {
    this.writeRow(doc, pos);
    const texts = ftsTexts(doc);
    const point = hasCoordinates(doc) ? { lat: doc.latitude, lng: doc.longitude } : null;
    this.insertFts.run(pos, ...FTS_COLUMNS.map((column) => texts[column]), geoCellText(point));
    if (hasCoordinates(doc)) this.insertGeo.run(pos, doc.latitude, doc.latitude, doc.longitude, doc.longitude);
    return texts;
  }

  /** Writes the document's row in docs only (a full rebuild writes its texts and place on another thread); returns the row. */
  writeRow(doc: BusinessDocument, pos: number): DocRow {
    const row = toDocRow(doc, pos);
    this.insertDoc.run(row);
    return row;
  }
}

interface ReadStatements {
  meta: Statement<[string], string | undefined>;
  countCategories: Statement<[], number>;
  countCities: Statement<[], number>;
  countCountries: Statement<[], number>;
  listAll: Statement<[number, number], DocRow>;
  listByCategory: Statement<[string, number, number], DocRow>;
  listByCountry: Statement<[string, number, number], DocRow>;
  listByCity: Statement<[string, string, number, number], DocRow>;
  featured: Statement<[number], DocRow>;
  categories: Statement<[], CategoryRow>;
  categoriesByLetter: Statement<[string], CategoryRow>;
  category: Statement<[string], CategoryRow>;
  categoryCountries: Statement<[string, number], CountRow & { code: string }>;
  countries: Statement<[], CountryRow>;
  countryCodes: Statement<[], string>;
  countryBySlugOrCode: Statement<[string, string], CountryRow>;
  countryCities: Statement<[string, number], CountRow>;
  countryCategories: Statement<[string], CountRow>;
  cities: Statement<[], CityRow>;
  citiesByLetter: Statement<[string], CityRow>;
  citiesByCountry: Statement<[string], CityRow>;
  city: Statement<[string, string], CityRow>;
  cityCategories: Statement<[string, string, number], CountRow>;
}

function prepareReads(db: IndexDatabase): ReadStatements {
  const cityColumns = 'country_code, slug, name, business_count, category_count';
  const byCount = 'ORDER BY business_count DESC, name';
  return {
    meta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck() as Statement<[string], string | undefined>,
    countCategories: db.prepare('SELECT count(*) FROM categories').pluck() as Statement<[], number>,
    countCities: db.prepare('SELECT count(*) FROM cities').pluck() as Statement<[], number>,
    countCountries: db.prepare('SELECT count(*) FROM countries').pluck() as Statement<[], number>,
    listAll: db.prepare('SELECT * FROM docs ORDER BY pos LIMIT ? OFFSET ?'),
    listByCategory: db.prepare('SELECT * FROM docs WHERE category_slug = ? ORDER BY pos LIMIT ? OFFSET ?'),
    listByCountry: db.prepare('SELECT * FROM docs WHERE country_code = ? ORDER BY pos LIMIT ? OFFSET ?'),
    listByCity: db.prepare('SELECT * FROM docs WHERE country_code = ? AND city_slug = ? ORDER BY pos LIMIT ? OFFSET ?'),
    featured: db.prepare('SELECT * FROM docs WHERE is_approved = 1 AND rating >= 4 ORDER BY pos LIMIT ?'),
    categories: db.prepare(`SELECT * FROM categories ${byCount}`),
    categoriesByLetter: db.prepare(`SELECT * FROM categories WHERE letter = ? ${byCount}`),
    category: db.prepare('SELECT * FROM categories WHERE slug = ?'),
    categoryCountries: db.prepare(`SELECT cc.country_code AS code, c.slug, c.name, cc.business_count AS count
      FROM category_country cc JOIN countries c ON c.code = cc.country_code
      WHERE cc.category_slug = ? ORDER BY cc.business_count DESC, c.name LIMIT ?`),
    countries: db.prepare(`SELECT * FROM countries ${byCount}`),
    countryCodes: db.prepare('SELECT code FROM countries').pluck() as Statement<[], string>,
    countryBySlugOrCode: db.prepare('SELECT * FROM countries WHERE slug = ? OR code = ?'),
    countryCities: db.prepare(`SELECT slug, name, business_count AS count FROM cities
      WHERE country_code = ? ORDER BY business_count DESC, name LIMIT ?`),
    countryCategories: db.prepare(`SELECT c.slug, c.name, cc.business_count AS count
      FROM category_country cc JOIN categories c ON c.slug = cc.category_slug
      WHERE cc.country_code = ? ORDER BY cc.business_count DESC, c.name`),
    cities: db.prepare(`SELECT ${cityColumns} FROM cities ${byCount}`),
    citiesByLetter: db.prepare(`SELECT ${cityColumns} FROM cities WHERE letter = ? ${byCount}`),
    citiesByCountry: db.prepare(`SELECT ${cityColumns} FROM cities WHERE country_code = ? ${byCount}`),
    city: db.prepare(`SELECT ${cityColumns} FROM cities WHERE country_code = ? AND slug = ?`),
    cityCategories: db.prepare(`SELECT c.slug, c.name, cc.business_count AS count
      FROM city_category cc JOIN categories c ON c.slug = cc.category_slug
      WHERE cc.country_code = ? AND cc.city_slug = ? ORDER BY cc.business_count DESC, c.name LIMIT ?`),
  } as ReadStatements;
}

type CityPageParams = Record<string, string | number>;
interface CityPageStatements {
  rows: Statement<[CityPageParams], CityRow>;
  sums: Statement<[CityPageParams], CitySumsRow>;
}

/** Which filters a city page applies; each combination has its own statements, prepared once. */
interface CityPageShape {
  hasLetter: boolean;
  hasCountry: boolean;
  /** 'name' within one country, 'name-or-country' across countries. */
  text: 'none' | 'name' | 'name-or-country';
}

function prepareCityPage(db: IndexDatabase, shape: CityPageShape): CityPageStatements {
  const conditions = [
    ...(shape.hasLetter ? ['letter = @letter'] : []),
    ...(shape.hasCountry ? ['country_code = @countryCode'] : []),
    // The text filter scans the letter's or country's cities (all of them without either): no index helps a substring.
    ...(shape.text === 'name' ? ['instr(folded_name, @needle) > 0'] : []),
    ...(shape.text === 'name-or-country'
      ? ['(instr(folded_name, @needle) > 0 OR country_code IN (SELECT value FROM json_each(@countryCodes)))']
      : []),
  ];
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return {
    rows: db.prepare(`SELECT country_code, slug, name, business_count, category_count FROM cities ${where}
      ORDER BY business_count DESC, name LIMIT @limit OFFSET @offset`),
    sums: db.prepare(`SELECT count(*) AS total, coalesce(sum(business_count), 0) AS business_total FROM cities ${where}`),
  };
}

interface WriteStatements {
  meta: Statement<[string], string | undefined>;
  docByBusiness: Statement<[number], DocRow>;
  nextPos: Statement<[], number>;
  deleteDoc: Statement<[number]>;
  deleteFts: Statement<[number]>;
  deleteGeo: Statement<[number]>;
  touch: Statement<[number]>;
  pruneTouched: Statement<[number]>;
  setMeta: Statement<[string, string]>;
  aggregates: AggregateStatements;
  writer: DocWriter;
  sitemapFiles: SitemapFiles;
}

function prepareWrites(db: IndexDatabase): WriteStatements {
  return {
    meta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck() as Statement<[string], string | undefined>,
    docByBusiness: db.prepare('SELECT * FROM docs WHERE business_id = ?'),
    nextPos: db.prepare('SELECT coalesce(max(pos), 0) + 1 FROM docs').pluck() as Statement<[], number>,
    deleteDoc: db.prepare('DELETE FROM docs WHERE pos = ?'),
    deleteFts: db.prepare('DELETE FROM docs_fts WHERE rowid = ?'),
    deleteGeo: db.prepare('DELETE FROM docs_geo WHERE pos = ?'),
    touch: db.prepare('INSERT INTO docs_touched (pos) VALUES (?)'),
    pruneTouched: db.prepare('DELETE FROM docs_touched WHERE seq <= (SELECT max(seq) FROM docs_touched) - ?'),
    setMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    aggregates: prepareAggregateStatements(db),
    writer: new DocWriter(db),
    sitemapFiles: new SitemapFiles(db),
  };
}

/**
 * Applies changes to one index file; call inside a transaction of that file, so documents,
 * aggregates and position commit together. Skips changes the file already holds, and changes
 * that start after its position (they would leave a gap). Returns the file's position after.
 */
function applyChangesTo(db: IndexDatabase, writes: WriteStatements, changes: DocumentChanges): number {
  const position = Number(writes.meta.get('applied_seq') ?? '-1');
  if (changes.seq <= position || changes.fromSeq > position) return position;
  let countDelta = 0;
  const removeExisting = (businessId: number): number | null => {
    const existing = writes.docByBusiness.get(businessId);
    if (!existing) return null;
    applyAggregateDelta(writes.aggregates, existing, -1);
    writes.deleteDoc.run(existing.pos);
    writes.deleteFts.run(existing.pos);
    writes.deleteGeo.run(existing.pos);
    writes.touch.run(existing.pos);
    countDelta -= 1;
    return existing.pos;
  };
  for (const businessId of changes.removals) removeExisting(businessId);
  for (const doc of changes.upserts) {
    // An updated business keeps its popularity position; a new one goes to the end.
    const pos = removeExisting(doc.id) ?? writes.nextPos.get()!;
    addToVocabulary(db, writes.writer.write(doc, pos), doc);
    writes.touch.run(pos);
    applyAggregateDelta(writes.aggregates, toDocRow(doc, pos), +1);
    countDelta += 1;
  }
  flushVocabulary(db);
  writes.pruneTouched.run(TOUCHED_KEPT);
  writes.sitemapFiles.applyChanges(changes, new Date().toISOString());
  const count = Number(writes.meta.get('business_count') ?? '0') + countDelta;
  writes.setMeta.run('business_count', String(count));
  writes.setMeta.run('applied_seq', String(changes.seq));
  return changes.seq;
}

interface OpenIndex {
  name: string;
  db: IndexDatabase;
  reads: ReadStatements;
  writes: WriteStatements;
  /** City page statements by filter shape, prepared on first use. */
  cityPages: Map<string, CityPageStatements>;
  /**
   * A plain descriptor on the file, closed on libuv's pool a while after the file is replaced
   * ({@link releaseHeldFile}), so that no SQLite connection is the last to let go of it. The
   * rebuild that replaces a file deletes it, and the last close of a deleted file frees its pages
   * inside close(): 0.46 s for a 1,000,000-business index. SQLite closes a file holding its Unix
   * layer's process-wide lock, which every connection of the process needs to open one (a first
   * read opens the -wal and -shm): the main thread's first read of the new file waited 0.3–0.5 s
   * for it, and every request with it. Null where the file could not be opened so.
   */
  heldFd: number | null;
}

function holdFile(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch {
    return null;
  }
}

/**
 * Closes a held descriptor later, off this thread. By then no connection of this process uses the
 * replaced file (closing any descriptor of a file drops the process's POSIX locks on it), and the
 * file, retired and deleted, has no other user.
 */
function releaseHeldFile(fd: number | null): void {
  if (fd === null) return;
  setTimeout(() => closeLater(fd, () => undefined), REPLACED_FILE_HOLD_MS).unref();
}

/** The embedded engine: FTS5 + R*Tree + precomputed aggregate tables in one SQLite file. */
export class SqliteEngine implements SearchEngine {
  readonly name = 'sqlite' as const;
  readonly indexId: string;
  private readonly directory: IndexDirectory;
  private live: OpenIndex | null = null;
  private lastSwapCheck = Date.now();
  /** The last generation read, of which file, and when (see GENERATION_RECHECK_MS). */
  private generationRead: { live: OpenIndex; value: string; at: number } | null = null;
  /** See {@link setCheckpointingOwnWrites}. */
  private isCheckpointingOwnWrites = true;

  constructor(indexDir: string) {
    this.directory = new IndexDirectory(indexDir);
    this.indexId = `sqlite:${resolve(indexDir)}`;
    this.reopenIfSwapped();
  }

  /**
   * Follows the pointer when another process (a `reindex` run) published a new file.
   * Cheap: one read of a tiny file.
   */
  reopenIfSwapped(): void {
    const name = this.directory.currentName();
    if (name === null || name === this.live?.name) return;
    const path = this.directory.pathOf(name);
    const db = openIndexDatabase(path);
    if (db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() !== INDEX_FORMAT_VERSION) {
      db.close();
      return;
    }
    if (!this.isCheckpointingOwnWrites) db.pragma('wal_autocheckpoint = 0');
    const replaced = this.live;
    replaced?.db.close();
    releaseHeldFile(replaced?.heldFd ?? null);
    this.live = { name, db, reads: prepareReads(db), writes: prepareWrites(db), cityPages: new Map(), heldFd: holdFile(path) };
  }

  /**
   * Whether a commit of this engine's writes also copies the write-ahead log into the file when
   * the log is long (SQLite's automatic checkpoint, on by default). A checkpoint writes and syncs
   * many pages: on a server's event loop it costs more than the change it follows (measured at
   * 1,000,000 businesses: ~10 ms per changed business with it, ~3 ms without). The server turns
   * it off here and checkpoints on a thread of its own (backend/src/services/index-checkpointer.ts).
   */
  setCheckpointingOwnWrites(isOn: boolean): void {
    this.isCheckpointingOwnWrites = isOn;
    this.live?.db.pragma(`wal_autocheckpoint = ${isOn ? 1000 : 0}`);
  }

  private requireIndex(): OpenIndex {
    // Another process (`npm run reindex`) may have published a new file; look at most once a second.
    const now = Date.now();
    if (now - this.lastSwapCheck > SWAP_CHECK_INTERVAL_MS) {
      this.lastSwapCheck = now;
      this.reopenIfSwapped();
    }
    if (this.live === null) throw new Error('The search index has not been built yet: run `npm run reindex`.');
    return this.live;
  }

  async rebuild(source: DocumentSource, feed: ChangeFeed, hooks: RebuildHooks = {}): Promise<RebuildReport> {
    const started = performance.now();
    const name = this.directory.newFileName();
    const path = this.directory.pathOf(name);
    let documents = 0;
    let target: IndexDatabase | null = null;
    try {
      documents = await this.writeBulk(path, source);
      target = openIndexDatabase(path);
      const db = target;
      const writes = prepareWrites(db);
      const applyBatch = (changes: DocumentChanges) => db.transaction(() => applyChangesTo(db, writes, changes)).immediate();
      await hooks.afterBulk?.();
      let seq = source.seq;
      // Most of the backlog, a batch at a time, letting requests run in between.
      for (let changes = feed.read(seq); changes !== null; changes = feed.read(seq)) {
        seq = applyBatch(changes);
        feed.progress(seq);
        await yieldToEventLoop();
      }
      await hooks.beforePublish?.();
      this.publishLocked(name, () => {
        // What landed since: synchronous, while no writer can move the old index past the new one.
        for (let changes = feed.read(seq); changes !== null; changes = feed.read(seq)) seq = applyBatch(changes);
      });
      db.close();
      target = null;
      this.reopenIfSwapped();
      return { engine: this.name, documents, seconds: (performance.now() - started) / 1000, appliedSeq: seq };
    } catch (error) {
      target?.close();
      this.directory.discard(name);
      throw error;
    }
  }

  /**
   * Writes every snapshot document, the indexes and the aggregates into a new file; returns the
   * document count. The full-text index, its vocabulary and the R*Tree are written beside it by a
   * second thread (search-tables.ts) and copied in at the end.
   */
  private async writeBulk(path: string, source: DocumentSource): Promise<number> {
    const searchFile = searchTablesFileOf(path);
    const searchTables = new SearchTablesBuilder(searchFile);
    const db = openIndexDatabase(path, { bulk: true });
    try {
      let documents = 0;
      db.exec(DOCS_DDL);
      const writer = new DocWriter(db);
      const columns = new DocColumns(BULK_BATCH);
      const writeBatch = db.transaction((batch: BusinessDocument[], firstPos: number) => {
        batch.forEach((doc, offset) => columns.set(writer.writeRow(doc, firstPos + offset)));
      });
      const flush = async (batch: BusinessDocument[]) => {
        const firstPos = documents + 1;
        // The other thread shapes and writes this batch's texts while this one writes its rows.
        const sent = searchTables.add(batch, firstPos);
        writeBatch(batch, firstPos);
        documents += batch.length;
        await sent;
      };
      let batch: BusinessDocument[] = [];
      for (const doc of source.documents()) {
        batch.push(doc);
        if (batch.length === BULK_BATCH) {
          await flush(batch);
          batch = [];
        }
      }
      await flush(batch);
      const searchTablesDone = searchTables.finish();
      // Awaited below; this handler only keeps a failure of the thread from going unhandled should the next step throw first.
      searchTablesDone.catch(() => undefined);
      inShortSortRuns(db, db.transaction(() => {
        writeAggregates(db, columns);
        db.exec(DOC_FACTS_SQL);
        db.exec(SITEMAP_FILES_SQL);
        db.exec('DROP TABLE temp.doc_facts');
        db.exec(INDEXES_DDL);
        columns.save(db);
        const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
        setMeta.run('format', INDEX_FORMAT_VERSION);
        setMeta.run('applied_seq', String(source.seq));
        setMeta.run('business_count', String(documents));
        setMeta.run('built_at', new Date().toISOString());
      }));
      await searchTablesDone;
      copySearchTables(db, searchFile);
      inShortSortRuns(db, () => db.exec(VOCAB_INDEXES_SQL));
      db.pragma('journal_mode = WAL');
      return documents;
    } finally {
      db.close();
      await searchTables.stop();
      rmSync(searchFile, { force: true });
    }
  }

  /**
   * Swaps `name` in while holding the write lock of the index it replaces: `finalCatchUp` runs
   * under that lock, then the old file is marked retired and the pointer replaced before the lock
   * is released. A writer of the old index (this process or another) therefore either committed
   * before the last catch-up read the log, or finds the file retired and moves to the new one: the
   * old index can never get ahead of the new one.
   */
  private publishLocked(name: string, finalCatchUp: () => void): void {
    for (;;) {
      const oldName = this.directory.currentName();
      if (oldName === null) {
        finalCatchUp();
        this.directory.publish(name);
        return;
      }
      const old = openIndexDatabase(this.directory.pathOf(oldName));
      try {
        old.exec('BEGIN IMMEDIATE');
        const isRetired = old.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(RETIRED_KEY) === '1';
        // Another rebuild published meanwhile: lock the index it published instead.
        if (isRetired || this.directory.currentName() !== oldName) continue;
        finalCatchUp();
        old.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(RETIRED_KEY, '1');
        this.directory.publish(name);
        old.exec('COMMIT');
        return;
      } finally {
        if (old.inTransaction) old.exec('ROLLBACK');
        old.close();
      }
    }
  }

  async applyChanges(changes: DocumentChanges): Promise<number> {
    // A rebuild retires the file it replaces while holding its write lock: the changes are applied
    // again to the file that replaced it, at most twice (should a second swap follow the first).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      this.reopenIfSwapped();
      const live = this.live;
      if (live === null) throw new Error('The search index has not been built yet: run `npm run reindex`.');
      const position = live.db
        .transaction(() => (live.writes.meta.get(RETIRED_KEY) === '1' ? null : applyChangesTo(live.db, live.writes, changes)))
        .immediate();
      this.generationRead = null;
      if (position !== null) return position;
    }
    throw new Error('The search index was replaced three times while applying one batch of changes.');
  }

  async appliedSeq(): Promise<number> {
    this.reopenIfSwapped();
    if (this.live === null) return -1;
    return Number(this.live.reads.meta.get('applied_seq') ?? '-1');
  }

  async *documentKeys(): AsyncIterable<DocumentKey[]> {
    const { db } = this.requireIndex();
    const chunk = db.prepare('SELECT business_id AS id, slug FROM docs WHERE business_id > ? ORDER BY business_id LIMIT ?');
    for (let after = 0; ; ) {
      const keys = chunk.all(after, KEYS_CHUNK) as DocumentKey[];
      if (keys.length === 0) return;
      yield keys;
      after = keys[keys.length - 1]!.id;
      await yieldToEventLoop();
    }
  }

  async generation(): Promise<string> {
    const live = this.requireIndex();
    const now = performance.now();
    const read = this.generationRead;
    if (read !== null && read.live === live && now - read.at < GENERATION_RECHECK_MS) return read.value;
    // The file name changes at each rebuild, the position at each applied change.
    const value = `${live.name}:${live.reads.meta.get('applied_seq') ?? ''}`;
    this.generationRead = { live, value, at: now };
    return value;
  }

  async totals(): Promise<Totals> {
    const { reads } = this.requireIndex();
    return {
      businessCount: Number(reads.meta.get('business_count') ?? '0'),
      categoryCount: reads.countCategories.get()!,
      countryCount: reads.countCountries.get()!,
      cityCount: reads.countCities.get()!,
    };
  }

  async listBusinesses(filter: BusinessListFilter, request: PageRequest): Promise<Page<BusinessSummary>> {
    const { reads } = this.requireIndex();
    const limit = request.perPage;
    const offset = (request.page - 1) * request.perPage;
    let rows: DocRow[];
    let total: number;
    if (filter.countryCode && filter.citySlug) {
      rows = reads.listByCity.all(filter.countryCode, filter.citySlug, limit, offset);
      total = reads.city.get(filter.countryCode, filter.citySlug)?.business_count ?? 0;
    } else if (filter.categorySlug) {
      rows = reads.listByCategory.all(filter.categorySlug, limit, offset);
      total = reads.category.get(filter.categorySlug)?.business_count ?? 0;
    } else if (filter.countryCode) {
      rows = reads.listByCountry.all(filter.countryCode, limit, offset);
      total = reads.countryBySlugOrCode.get('', filter.countryCode)?.business_count ?? 0;
    } else {
      rows = reads.listAll.all(limit, offset);
      total = Number(reads.meta.get('business_count') ?? '0');
    }
    return { items: rows.map(presentDoc), page: request.page, perPage: request.perPage, total };
  }

  async featuredBusinesses(limit: number): Promise<BusinessSummary[]> {
    return this.requireIndex().reads.featured.all(limit).map(presentDoc);
  }

  async categories(options: { letter?: string } = {}): Promise<CategoryAggregate[]> {
    const { reads } = this.requireIndex();
    const rows = options.letter ? reads.categoriesByLetter.all(options.letter.toUpperCase()) : reads.categories.all();
    return rows.map(presentCategory);
  }

  async countries(): Promise<CountryAggregate[]> {
    return this.requireIndex().reads.countries.all().map(presentCountry);
  }

  async cities(options: { letter?: string; countryCode?: string } = {}): Promise<CityAggregate[]> {
    const { reads } = this.requireIndex();
    let rows: CityRow[];
    if (options.countryCode) {
      rows = reads.citiesByCountry.all(options.countryCode.toUpperCase());
      if (options.letter) rows = rows.filter((row) => letterOf(row.name) === options.letter!.toUpperCase());
    } else if (options.letter) {
      rows = reads.citiesByLetter.all(options.letter.toUpperCase());
    } else {
      rows = reads.cities.all();
    }
    return rows.map(presentCity);
  }

  async cityPage(options: CityPageRequest): Promise<CityPage> {
    const live = this.requireIndex();
    const needle = cityNeedle(options.text);
    const shape: CityPageShape = {
      hasLetter: Boolean(options.letter),
      hasCountry: Boolean(options.countryCode),
      text: needle === null ? 'none' : options.countryCode ? 'name' : 'name-or-country',
    };
    const key = `${shape.hasLetter}:${shape.hasCountry}:${shape.text}`;
    let statements = live.cityPages.get(key);
    if (!statements) {
      statements = prepareCityPage(live.db, shape);
      live.cityPages.set(key, statements);
    }
    const params: CityPageParams = {
      ...(options.letter ? { letter: options.letter.toUpperCase() } : {}),
      ...(options.countryCode ? { countryCode: options.countryCode.toUpperCase() } : {}),
      ...(needle !== null ? { needle } : {}),
      ...(shape.text === 'name-or-country' ? { countryCodes: JSON.stringify(countryCodesMatching(needle!, live.reads.countryCodes.all())) } : {}),
    };
    const sums = statements.sums.get(params)!;
    const offset = (options.page - 1) * options.perPage;
    // SQLite takes whole numbers up to 2^63 only; an offset past 2^53 is past every list anyway.
    const rows = Number.isSafeInteger(offset) ? statements.rows.all({ ...params, limit: options.perPage, offset }) : [];
    return { items: rows.map(presentCity), total: sums.total, businessTotal: sums.business_total };
  }

  async category(slug: string, topCountries: number): Promise<CategoryDetail | null> {
    const { reads } = this.requireIndex();
    const row = reads.category.get(slug);
    if (!row) return null;
    return { category: presentCategory(row), topCountries: reads.categoryCountries.all(slug, topCountries) };
  }

  async country(slugOrCode: string, topCities: number): Promise<CountryDetail | null> {
    const { reads } = this.requireIndex();
    const row = reads.countryBySlugOrCode.get(slugify(slugOrCode), slugOrCode.toUpperCase());
    if (!row) return null;
    return {
      country: presentCountry(row),
      cities: reads.countryCities.all(row.code, topCities).map((city) => ({ ...city, countryCode: row.code })),
      categories: reads.countryCategories.all(row.code),
    };
  }

  async city(countryCode: string, citySlug: string, topCategories: number): Promise<CityDetail | null> {
    const { reads } = this.requireIndex();
    const row = reads.city.get(countryCode.toUpperCase(), slugify(citySlug));
    if (!row) return null;
    return { city: presentCity(row), categories: reads.cityCategories.all(row.country_code, row.slug, topCategories) };
  }

  async sitemapFiles(): Promise<SitemapFile[]> {
    return this.requireIndex().writes.sitemapFiles.all();
  }

  /**
   * The live index file's path, for a search thread's own read-only connection; the pointer is
   * followed as by every read, so a rebuild's new file is named here once this engine has moved
   * to it. Null before the first build.
   */
  livePath(): string | null {
    if (this.live === null) this.reopenIfSwapped();
    if (this.live === null) return null;
    return this.directory.pathOf(this.requireIndex().name);
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    return searchIndex(this.requireIndex().db, request);
  }

  async nearby(request: NearbyRequest): Promise<NearbyHit[]> {
    return nearbyIndex(this.requireIndex().db, request);
  }

  async close(): Promise<void> {
    this.live?.db.close();
    if (this.live?.heldFd != null) closeSync(this.live.heldFd);
    this.live = null;
  }

  /** The open index connection, for diagnostics and query-plan tests. */
  get database(): IndexDatabase {
    return this.requireIndex().db;
  }
}
