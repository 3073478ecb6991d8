/**
 * The values a search filters, sorts, counts and ranks its candidates by, one typed array per
 * column indexed by document position, held in memory by each connection that searches. Reading
 * them from `docs` cost a B-tree look-up of a wide row per candidate (~3–5 µs at 1M: 95% of the
 * time of reading 500 candidates); here a candidate costs a few array reads. SQLite still finds
 * the matches (FTS5, the R*Tree, the docs indexes) and reads the full rows of the page.
 *
 * Texts are kept as ids into tables of their distinct values (at 1M: hundreds of categories and
 * time zones, thousands of cities, ~500,000 postal codes), with their ids in the order of their
 * values, so that finding a value's id is a binary search; names, one per document, as UTF-8 in
 * one buffer. At 1M documents the columns take ~140 MB per searching connection (121 MB of
 * arrays, 22 MB of strings), loaded in ~1 s of CPU when a search thread warms up on an index file
 * (the pool asks at start and after each rebuild) or else at its first search there.
 *
 * Kept equal to `docs` without reading it whole: a full rebuild stores the columns in the file it
 * builds (`doc_columns`, written with the rows), and every incremental change appends the positions
 * it wrote or removed to `docs_touched` in the same transaction. Before each search the searcher
 * re-reads the rows of the positions touched since it last looked ({@link DocColumns.refresh});
 * if the log was pruned past that point, it reads `docs` whole instead.
 */
import type { Statement } from 'better-sqlite3';
import type { IndexDatabase } from './index-file.ts';
import type { DocRow } from './sqlite-engine.ts';
import { compactPostalCode } from '../places/postal-code.ts';

/** The `docs` columns held here. */
const DOCS_COLUMNS = [
  'pos', 'name', 'rating', 'reviews', 'latitude', 'longitude', 'category', 'category_slug', 'type',
  'country_code', 'country', 'city', 'city_slug', 'postal_code', 'open_hours', 'time_zone',
] as const satisfies readonly (keyof DocRow)[];
export type ColumnRow = Pick<DocRow, (typeof DOCS_COLUMNS)[number]>;
const COLUMNS_SQL = DOCS_COLUMNS.join(', ');
/** `docs_touched` keeps at least this many of its latest entries (a searcher further behind reads `docs` whole). */
export const TOUCHED_KEPT = 200_000;
/** Touched positions re-read per statement. */
const REFRESH_CHUNK = 5_000;
/** Id of a missing value in the string columns. */
export const NONE = -1;

/**
 * Texts as a rebuild stores them: UTF-8 one after the other, with where each ends. A column of
 * more than {@link EAGER_TEXTS} values is decoded one value at a time, when asked for; a smaller
 * one whole, at load. At 1M the postal codes are ~1,000,000 texts in two columns: decoding them
 * at every warm-up was most of a search thread's ~0.5 s load, and ~50 MB of strings per thread.
 */
export class StoredTexts {
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  get count(): number {
    return this.ends.length;
  }

  text(index: number): string {
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }

  static encode(values: readonly string[]): { bytes: Buffer; ends: Uint32Array } {
    const ends = new Uint32Array(values.length);
    let end = 0;
    values.forEach((value, index) => {
      end += Buffer.byteLength(value);
      ends[index] = end;
    });
    return { bytes: Buffer.from(values.join('')), ends };
  }
}

/** Stored columns of at most this many values are decoded whole at load (a look-up of those is per candidate). */
const EAGER_TEXTS = 65_536;

/** Distinct strings of one column, each with a small id. */
export class StringIds {
  /** The first values, as a rebuild stored them, decoded when asked for (see {@link StoredTexts}). */
  private readonly stored: StoredTexts | null;
  /** The values past the stored ones (every value when none are stored). */
  private readonly listed: string[];
  /**
   * Ids of the first `sorted.length` values in the order of their values (JavaScript's `<`), as a
   * rebuild stored them: looked up by binary search. Without it, a look-up needs a Map of every
   * value, and building that Map for ~500,000 postal codes held a search thread ~0.85 s at 1M on
   * the first change after a start, or at its first postal code filter.
   */
  private readonly sorted: Int32Array;
  /** Value → id of the values past `sorted` (every value when none is stored), made at the first look-up. */
  private byValue: Map<string, number> | null = null;

  constructor(values: string[] | StoredTexts = [], sorted: Int32Array = new Int32Array(0)) {
    const isLazy = values instanceof StoredTexts && values.count > EAGER_TEXTS;
    this.stored = isLazy ? values : null;
    this.listed = values instanceof StoredTexts ? (isLazy ? [] : Array.from({ length: values.count }, (_, id) => values.text(id))) : values;
    this.sorted = sorted;
  }

  /** How many values there are (ids run from 0 to this). */
  get size(): number {
    return (this.stored?.count ?? 0) + this.listed.length;
  }

  /** Every value, by id. */
  all(): string[] {
    return Array.from({ length: this.size }, (_, id) => this.valueOf(id)!);
  }

  private get added(): Map<string, number> {
    if (this.byValue === null) {
      this.byValue = new Map();
      for (let id = this.sorted.length; id < this.size; id += 1) this.byValue.set(this.valueOf(id)!, id);
    }
    return this.byValue;
  }

  /** The id of a value, given one if it has none yet. */
  idOf(value: string | null): number {
    if (value === null) return NONE;
    let id = this.find(value);
    if (id === NONE) {
      id = this.size;
      this.listed.push(value);
      this.added.set(value, id);
    }
    return id;
  }

  /** The id of a value, {@link NONE} when no document holds it. */
  find(value: string): number {
    const { sorted } = this;
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const id = sorted[middle]!;
      const at = this.valueOf(id)!;
      if (at === value) return id;
      if (at < value) low = middle + 1;
      else high = middle - 1;
    }
    return this.added.get(value) ?? NONE;
  }

  valueOf(id: number): string | null {
    if (id === NONE) return null;
    const storedCount = this.stored?.count ?? 0;
    return id < storedCount ? this.stored!.text(id) : this.listed[id - storedCount]!;
  }

  /** Every id in the order of its value: what {@link StringIds} takes as `sorted`. */
  sortedIds(): Int32Array {
    return sortedIdsOf(this.all());
  }
}

/** The ids (indexes) of `values` in the order of their values, JavaScript's `<`. */
function sortedIdsOf(values: readonly string[]): Int32Array {
  return Int32Array.from(values.keys()).sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0));
}

/** Numbers, NaN where unknown (SQL NULL: never passes a comparison). */
const NUMBER_COLUMNS = ['rating', 'latitude', 'longitude'] as const;
/** Texts as ids, from their `docs` column; `postal` is the compact code (upper case, no spaces or hyphens) filters compare. */
const STRING_SOURCES = {
  category: (row: ColumnRow) => row.category_slug,
  country: (row: ColumnRow) => row.country_code,
  city: (row: ColumnRow) => row.city_slug,
  postal: (row: ColumnRow) => (row.postal_code === null ? null : compactPostalCode(row.postal_code)),
  hours: (row: ColumnRow) => row.open_hours,
  zone: (row: ColumnRow) => row.time_zone,
  categoryName: (row: ColumnRow) => row.category,
  type: (row: ColumnRow) => row.type,
  countryName: (row: ColumnRow) => row.country,
  cityName: (row: ColumnRow) => row.city,
  postalText: (row: ColumnRow) => row.postal_code,
};
export type StringColumn = keyof typeof STRING_SOURCES;
const STRING_COLUMNS = Object.keys(STRING_SOURCES) as StringColumn[];

export class DocColumns {
  /** 1 where a document is at that position. */
  present: Uint8Array;
  numbers: Record<(typeof NUMBER_COLUMNS)[number], Float64Array>;
  reviews: Int32Array;
  /** Ids into {@link strings}, {@link NONE} where missing. */
  ids: Record<StringColumn, Int32Array>;
  readonly strings: Record<StringColumn, StringIds>;
  /** Names in UTF-8, the one of a position from `nameStart` to `nameEnd` in `nameBytes` (replaced names stay until the next rebuild). */
  private nameBytes: Buffer;
  private nameUsed = 0;
  private nameStart: Uint32Array;
  private nameEnd: Uint32Array;
  /** The last `docs_touched` entry applied. */
  touchedSeq = 0;

  constructor(capacity: number, strings?: Record<StringColumn, StringIds>) {
    this.present = new Uint8Array(capacity);
    this.numbers = { rating: new Float64Array(capacity), latitude: new Float64Array(capacity), longitude: new Float64Array(capacity) };
    this.reviews = new Int32Array(capacity);
    this.ids = Object.fromEntries(STRING_COLUMNS.map((column) => [column, new Int32Array(capacity)])) as Record<StringColumn, Int32Array>;
    this.strings = strings ?? (Object.fromEntries(STRING_COLUMNS.map((column) => [column, new StringIds()])) as Record<StringColumn, StringIds>);
    this.nameBytes = Buffer.alloc(Math.min(capacity, 4096) * 32);
    this.nameStart = new Uint32Array(capacity);
    this.nameEnd = new Uint32Array(capacity);
  }

  /**
   * The columns of an index file: as its rebuild stored them, brought up to date with the touched
   * log; from `docs` itself when the file holds none or its log no longer reaches back to them.
   */
  static load(db: IndexDatabase): DocColumns {
    const stored = readStored(db);
    if (stored !== null && stored.refresh(db)) return stored;
    const columns = new DocColumns(1024);
    columns.touchedSeq = db.prepare('SELECT coalesce(max(seq), 0) FROM docs_touched').pluck().get() as number;
    for (const row of db.prepare(`SELECT ${COLUMNS_SQL} FROM docs`).iterate() as Iterable<ColumnRow>) columns.set(row);
    return columns;
  }

  has(pos: number): boolean {
    return pos < this.present.length && this.present[pos] === 1;
  }

  /** The first `limit` positions holding a document: the most popular, in order. */
  firstPositions(limit: number): number[] {
    const positions: number[] = [];
    for (let pos = 0; pos < this.present.length && positions.length < limit; pos += 1) if (this.present[pos] === 1) positions.push(pos);
    return positions;
  }

  /** The text of a string column at a position, null where missing. */
  text(column: StringColumn, pos: number): string | null {
    return this.strings[column].valueOf(this.ids[column][pos]!);
  }

  /** A number column at a position, null where unknown. */
  number(column: (typeof NUMBER_COLUMNS)[number], pos: number): number | null {
    const value = this.numbers[column][pos]!;
    return Number.isNaN(value) ? null : value;
  }

  name(pos: number): string {
    return this.nameBytes.toString('utf8', this.nameStart[pos], this.nameEnd[pos]);
  }

  set(row: ColumnRow): void {
    const { pos } = row;
    if (pos >= this.present.length) this.grow(pos + 1);
    this.present[pos] = 1;
    for (const column of NUMBER_COLUMNS) this.numbers[column][pos] = row[column] ?? Number.NaN;
    this.reviews[pos] = row.reviews;
    for (const column of STRING_COLUMNS) this.ids[column][pos] = this.strings[column].idOf(STRING_SOURCES[column](row));
    const length = Buffer.byteLength(row.name);
    if (this.nameUsed + length > this.nameBytes.length) {
      const bytes = Buffer.alloc(Math.max(this.nameBytes.length * 2, this.nameUsed + length));
      this.nameBytes.copy(bytes, 0, 0, this.nameUsed);
      this.nameBytes = bytes;
    }
    this.nameStart[pos] = this.nameUsed;
    this.nameUsed += this.nameBytes.write(row.name, this.nameUsed);
    this.nameEnd[pos] = this.nameUsed;
  }

  remove(pos: number): void {
    if (pos < this.present.length) this.present[pos] = 0;
  }

  /**
   * Applies the positions touched since {@link touchedSeq}: each is read again from `docs`
   * (gone: removed). False when the log no longer holds every entry since then (pruned).
   */
  refresh(db: IndexDatabase): boolean {
    const statements = refreshStatements(db);
    const first = statements.firstSeq.get() ?? null;
    if (first === null) return true;
    if (first > this.touchedSeq + 1) return false;
    for (;;) {
      const touched = statements.touched.all(this.touchedSeq, REFRESH_CHUNK);
      if (touched.length === 0) return true;
      const positions = [...new Set(touched.map((entry) => entry.pos))];
      for (const pos of positions) this.remove(pos);
      for (const row of statements.rows.all(JSON.stringify(positions))) this.set(row);
      this.touchedSeq = touched[touched.length - 1]!.seq;
    }
  }

  /** Writes the columns into the index file a rebuild builds (inside its transaction). */
  save(db: IndexDatabase): void {
    const insert = db.prepare('INSERT INTO doc_columns (name, data) VALUES (?, ?)');
    const bytesOf = (array: Uint8Array | Int32Array | Uint32Array | Float64Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    for (const column of STRING_COLUMNS) {
      // Each column's values read once, for its texts and for its sorted ids.
      const values = this.strings[column].all();
      const { bytes, ends } = StoredTexts.encode(values);
      insert.run(`texts:${column}`, bytes);
      insert.run(`ends:${column}`, bytesOf(ends));
      insert.run(`sorted:${column}`, bytesOf(sortedIdsOf(values)));
    }
    insert.run('names', this.nameBytes.subarray(0, this.nameUsed));
    for (const [name, array] of this.arrays()) insert.run(name, bytesOf(array));
  }

  /** Every array by its name in `doc_columns`. */
  private arrays(): [string, Uint8Array | Int32Array | Uint32Array | Float64Array][] {
    return [
      ['present', this.present],
      ['reviews', this.reviews],
      ['nameStart', this.nameStart],
      ['nameEnd', this.nameEnd],
      ...NUMBER_COLUMNS.map((column) => [column, this.numbers[column]] as [string, Float64Array]),
      ...STRING_COLUMNS.map((column) => [`id:${column}`, this.ids[column]] as [string, Int32Array]),
    ];
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.present.length * 2);
    // A longer array of the same type, the values copied.
    const grown = <T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(capacity);
      next.set(array);
      return next;
    };
    this.present = grown(this.present);
    this.reviews = grown(this.reviews);
    this.nameStart = grown(this.nameStart);
    this.nameEnd = grown(this.nameEnd);
    for (const column of NUMBER_COLUMNS) this.numbers[column] = grown(this.numbers[column]);
    for (const column of STRING_COLUMNS) this.ids[column] = grown(this.ids[column]);
  }

  /** Fills these (empty, right-sized) columns from the stored blobs. */
  private fill(blobs: Map<string, Buffer>): void {
    const names = blobs.get('names')!;
    this.nameBytes = Buffer.from(names);
    this.nameUsed = names.length;
    for (const [name, array] of this.arrays()) {
      const data = blobs.get(name);
      if (data === undefined || data.byteLength !== array.byteLength) throw new Error(`doc_columns: ${name} is missing or of the wrong length`);
      // A blob's bytes may start anywhere in its Buffer: copied into the aligned array.
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(data);
    }
  }

  /** The columns from their `doc_columns` blobs, null when there are none. */
  static fromBlobs(blobs: Map<string, Buffer>): DocColumns | null {
    const present = blobs.get('present');
    if (present === undefined || !blobs.has('names')) return null;
    // Texts as UTF-8 with their ends (`texts:` and `ends:` per column), or, in a file written before those, one JSON object.
    const json = blobs.get('strings');
    if (json === undefined && !blobs.has(`texts:${STRING_COLUMNS[0]}`)) return null;
    const parsed = json === undefined ? null : (JSON.parse(json.toString()) as Record<StringColumn, string[]>);
    const valuesOf = (column: StringColumn): string[] | StoredTexts => {
      if (parsed !== null) return parsed[column] ?? [];
      const bytes = blobs.get(`texts:${column}`);
      const ends = blobs.get(`ends:${column}`);
      if (bytes === undefined || ends === undefined || ends.byteLength % Uint32Array.BYTES_PER_ELEMENT !== 0) throw new Error(`doc_columns: the texts of ${column} are missing or of the wrong length`);
      // Copied: a blob's bytes may start anywhere in its Buffer.
      return new StoredTexts(bytes, new Uint32Array(new Uint8Array(ends).buffer));
    };
    const stringIds = (column: StringColumn) => {
      const values = valuesOf(column);
      const count = values instanceof StoredTexts ? values.count : values.length;
      // A file written before the sorted ids were stored has none: its look-ups build a Map.
      const sorted = blobs.get(`sorted:${column}`);
      if (sorted === undefined) return new StringIds(values);
      if (sorted.byteLength !== count * Int32Array.BYTES_PER_ELEMENT) throw new Error(`doc_columns: sorted:${column} is of the wrong length`);
      return new StringIds(values, new Int32Array(new Uint8Array(sorted).buffer));
    };
    const columns = new DocColumns(present.length, Object.fromEntries(STRING_COLUMNS.map((column) => [column, stringIds(column)])) as Record<StringColumn, StringIds>);
    columns.fill(blobs);
    return columns;
  }
}

function readStored(db: IndexDatabase): DocColumns | null {
  const rows = db.prepare('SELECT name, data FROM doc_columns').all() as { name: string; data: Buffer }[];
  return DocColumns.fromBlobs(new Map(rows.map((row) => [row.name, row.data])));
}

interface RefreshStatements {
  firstSeq: Statement<[], number | null>;
  touched: Statement<[number, number], { seq: number; pos: number }>;
  rows: Statement<[string], ColumnRow>;
}

const refreshes = new WeakMap<IndexDatabase, RefreshStatements>();

function refreshStatements(db: IndexDatabase): RefreshStatements {
  let statements = refreshes.get(db);
  if (!statements) {
    statements = {
      firstSeq: db.prepare('SELECT min(seq) FROM docs_touched').pluck() as Statement<[], number | null>,
      touched: db.prepare('SELECT seq, pos FROM docs_touched WHERE seq > ? ORDER BY seq LIMIT ?'),
      rows: db.prepare(`SELECT ${COLUMNS_SQL} FROM docs WHERE pos IN (SELECT value FROM json_each(?))`),
    };
    refreshes.set(db, statements);
  }
  return statements;
}
