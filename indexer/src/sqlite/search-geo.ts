/**
 * Geometry of the embedded engine's geo index: box conditions on the R*Tree, the grid cells of
 * the full-text index's `geo` column, and the nearest-first walk of a distance sort. Distances and
 * boxes both engines use are in `../geo-distance.ts`.
 */
import { EARTH_RADIUS_KM, boxAround, distanceKm, toRadians } from '../geo-distance.ts';
import type { GeoBox, GeoPoint } from '../search-types.ts';

/** The columns a box condition compares: an R*Tree's edges, or one point's latitude and longitude twice. */
export interface BoxColumns {
  minLat: string;
  maxLat: string;
  minLng: string;
  maxLng: string;
}

/** The edges of an entry of `docs_geo` (the R*Tree), aliased `g`. */
export const RTREE_EDGES: BoxColumns = { minLat: 'g.min_lat', maxLat: 'g.max_lat', minLng: 'g.min_lng', maxLng: 'g.max_lng' };

/** SQL saying an entry lies inside `box` (across the antimeridian when west > east), with its parameters in order. */
export function boxCondition(box: GeoBox, columns: BoxColumns): { sql: string; params: number[] } {
  const lng = box.west <= box.east ? `${columns.minLng} >= ? AND ${columns.maxLng} <= ?` : `(${columns.minLng} >= ? OR ${columns.maxLng} <= ?)`;
  return { sql: `${columns.minLat} >= ? AND ${columns.maxLat} <= ? AND ${lng}`, params: [box.south, box.north, box.west, box.east] };
}

/** The box condition on the R*Tree `g` (points are stored as degenerate boxes). */
export function rtreeBox(box: GeoBox): { sql: string; params: number[] } {
  return boxCondition(box, RTREE_EDGES);
}

/**
 * Sizes in degrees of the grid cells a document's point is indexed in (the `geo` column of
 * `docs_fts`), coarsest first: about 890 km down to 220 m at the equator. A distance sort with
 * words asks the full-text index for the matches in the cells around the point, so the words
 * and the place are intersected inside FTS5 (see search-nearest.ts).
 */
export const GEO_CELL_DEGREES = [8, 2, 0.5, 0.125, 1 / 32, 1 / 128, 1 / 512] as const;
/** Most cells one box is covered with (an OR of their tokens); a box that needs more at every level is not covered. */
export const MAX_COVERING_CELLS = 36;

/** The token of one grid cell: `_` is a token character of the index (and never one of a query word). */
function cellToken(level: number, row: number, column: number): string {
  return `_g${level}_${row}_${column}`;
}

function cellRow(lat: number, size: number): number {
  return Math.min(Math.floor((lat + 90) / size), Math.round(180 / size) - 1);
}

function cellColumn(lng: number, size: number): number {
  const columns = Math.round(360 / size);
  return ((Math.floor((lng + 180) / size) % columns) + columns) % columns;
}

/** The tokens of the cells holding a point, one per level of {@link GEO_CELL_DEGREES}, as the `geo` column stores them. */
export function geoCellText(point: GeoPoint | null): string {
  if (point === null) return '';
  return GEO_CELL_DEGREES.map((size, level) => cellToken(level, cellRow(point.lat, size), cellColumn(point.lng, size))).join(' ');
}

/** The cells covering a box: their tokens, and the edges of their block (null longitudes: every longitude). */
export interface CellCover {
  tokens: string[];
  south: number;
  north: number;
  /** West > east when the block crosses the antimeridian. */
  west: number | null;
  east: number | null;
}

/**
 * The tokens of the cells that cover a box, at the finest level that needs at most
 * {@link MAX_COVERING_CELLS} of them; null when even the coarsest needs more (most of the Earth).
 */
export function coveringCells(box: GeoBox): CellCover | null {
  for (let level = GEO_CELL_DEGREES.length - 1; level >= 0; level -= 1) {
    const size = GEO_CELL_DEGREES[level]!;
    const rows: number[] = [];
    for (let row = cellRow(box.south, size); row <= cellRow(box.north, size); row += 1) rows.push(row);
    const columns: number[] = [];
    const first = cellColumn(box.west, size);
    const last = cellColumn(box.east, size);
    const count = Math.round(360 / size);
    // A box across the antimeridian (west > east) runs from its west edge round to its east edge.
    const span = box.west <= box.east && first <= last ? last - first + 1 : ((last - first + count) % count) + 1;
    if (box.west === -180 && box.east === 180) {
      for (let column = 0; column < count; column += 1) columns.push(column);
    } else {
      for (let step = 0; step < span; step += 1) columns.push((first + step) % count);
    }
    if (rows.length * columns.length > MAX_COVERING_CELLS) continue;
    const isEveryLongitude = columns.length >= count;
    return {
      tokens: rows.flatMap((row) => columns.map((column) => cellToken(level, row, column))),
      south: rows[0]! * size - 90,
      north: Math.min(90, (rows[rows.length - 1]! + 1) * size - 90),
      west: isEveryLongitude ? null : columns[0]! * size - 180,
      east: isEveryLongitude ? null : (columns[columns.length - 1]! + 1) * size - 180,
    };
  }
  return null;
}

/**
 * How far from a point inside a cell block its edges are at least (km): every point nearer than
 * this is in the block. A parallel is at least the difference of latitudes away; a meridian at
 * least the distance to its great half-circle.
 */
export function coveredRadiusKm(point: GeoPoint, cover: CellCover): number {
  const angleKm = (degrees: number) => toRadians(degrees) * EARTH_RADIUS_KM;
  let reach = Number.POSITIVE_INFINITY;
  if (cover.north < 90) reach = Math.min(reach, angleKm(cover.north - point.lat));
  if (cover.south > -90) reach = Math.min(reach, angleKm(point.lat - cover.south));
  if (cover.west !== null && cover.east !== null) {
    const around = (degrees: number) => ((degrees % 360) + 360) % 360;
    for (const gap of [around(cover.east - point.lng), around(point.lng - cover.west)]) {
      reach = Math.min(reach, EARTH_RADIUS_KM * Math.asin(Math.cos(toRadians(point.lat)) * Math.sin(toRadians(Math.min(gap, 90)))));
    }
  }
  return Math.max(0, reach);
}

/** What a nearest-first walk reads: R*Tree boxes, and the documents of their entries that pass the search's conditions. */
export interface NearestWalkSource<Row> {
  /** Positions of at most `limit` entries of the box outside `readBefore` (exactly `limit` when it holds more). */
  positionsInBox(box: GeoBox, limit: number, readBefore: GeoBox | null): number[];
  /** The rows of these positions that pass every condition. */
  rowsOf(positions: number[]): Row[];
  coordinates(row: Row): GeoPoint | null;
}

/** Radius of the first ring of a nearest-first walk. */
const FIRST_RING_KM = 1;
/** A ring this small that is still too dense to read is read in part. */
const MIN_RING_KM = 0.01;
/** Rings one walk reads at most (growing, or halving the gap between a readable and a too dense ring). */
const MAX_RINGS = 40;

/**
 * Nearest-first walk for a distance sort: circles around the point, each read through its
 * R*Tree box, growing until the circle holds `want` rows or reaches `maxKm`. Everything within
 * the last circle is found, so its rows are exactly the nearest. A box holding more than
 * `scanLimit` entries is too dense to read whole: the walk then narrows between the last
 * readable circle and that one, and answers the last readable circle, flagged as capped.
 * Entries are read as bare positions: a larger ring reads only its box outside the largest box
 * read whole, so a walk that only grows reads each entry once. A ring found too dense is dropped
 * and the narrower ring after it reads those entries again: at most `scanLimit` + 1 entries per
 * ring, {@link MAX_RINGS} rings. Each document's row is read once (`checked`); the rows of the
 * positions read give the distances.
 */
export function nearestFirst<Row extends { pos: number }>(
  point: GeoPoint,
  maxKm: number,
  want: number,
  scanLimit: number,
  source: NearestWalkSource<Row>,
  firstKm = FIRST_RING_KM,
): { rows: Row[]; isCapped: boolean } {
  let radius = Math.min(firstKm, maxKm);
  // Largest circle read whole and its rows; smallest circle too dense to read.
  let inner = 0;
  let previous: Row[] = [];
  let ceiling = Number.POSITIVE_INFINITY;
  // Documents already read, by position (null: failed a condition): each is read once, whatever the rings.
  const checked = new Map<number, Row | null>();
  // The positions of the largest box read whole (radius `readRadius`).
  let known: number[] = [];
  let readRadius = 0;
  const within = (row: Row, km: number) => {
    const at = source.coordinates(row);
    return at !== null && distanceKm(point.lat, point.lng, at.lat, at.lng) <= km;
  };
  for (let ring = 0; ring < MAX_RINGS; ring += 1) {
    let entries = known;
    let added: number[] = [];
    if (radius > readRadius) {
      added = source.positionsInBox(boxAround(point, radius), scanLimit + 1 - known.length, readRadius > 0 ? boxAround(point, readRadius) : null);
      entries = known.concat(added);
    }
    if (entries.length > scanLimit) {
      ceiling = radius;
      if (inner === 0 && radius > MIN_RING_KM) {
        radius = Math.max(MIN_RING_KM, radius / 4);
        continue;
      }
      if (inner === 0) return { rows: source.rowsOf(entries.slice(0, want)), isCapped: true };
      if ((ceiling - inner) / ceiling < 0.05) return { rows: previous, isCapped: true };
      radius = (inner + ceiling) / 2;
      continue;
    }
    if (radius > readRadius) {
      known = entries;
      readRadius = radius;
    }
    for (const pos of added) checked.set(pos, null);
    for (const row of source.rowsOf(added)) checked.set(row.pos, row);
    const rows = [...checked.values()].filter((row): row is Row => row !== null && within(row, radius));
    const isComplete = radius >= maxKm;
    if (isComplete || rows.length >= want) return { rows, isCapped: !isComplete };
    inner = radius;
    previous = rows;
    // Aim the next ring at the radius that should hold `want`, from the density seen so far, short of a too dense one.
    const growth = rows.length === 0 ? 8 : Math.min(8, Math.max(1.5, Math.sqrt((1.3 * want) / rows.length)));
    radius = Math.min(maxKm, radius * growth);
    if (radius >= ceiling) radius = (inner + ceiling) / 2;
  }
  return { rows: previous, isCapped: true };
}
