/**
 * The businesses nearest a point, for a business page's "Nearby" (SearchEngine.nearby), through
 * an index that holds the points themselves, so that an entry read costs no document read:
 * - one category: `docs_category_place` (category, latitude, longitude, business id), one range of
 *   the category's latitude band per read, its longitudes checked in the index;
 * - any category: the R*Tree, whose entries are the points.
 * For one category, a first read takes the whole circle's box, up to {@link FIRST_READ} entries:
 * where it holds no more (most categories within tens of kilometres), that one read answers
 * exactly. A denser circle, and any category (whose R*Tree entries cost several times more to
 * read), are walked nearest first from {@link FIRST_RING_KM} (search-geo.ts `nearestFirst`:
 * growing circles, each read through its box, at most {@link NEARBY_SCAN_LIMIT} entries a ring, a
 * denser ring narrowed). Documents are read for the answer's ids only. Measured at 1,000,000
 * businesses: see the README (Performance).
 */
import type { Statement } from 'better-sqlite3';
import type { NearbyHit, NearbyRequest } from '../engine.ts';
import type { GeoBox } from '../search-types.ts';
import { perIndexDatabase, type IndexDatabase } from './index-file.ts';
import { boxAround, distanceKm } from '../geo-distance.ts';
import { RTREE_EDGES, boxCondition, nearestFirst, type BoxColumns } from './search-geo.ts';

/** Most entries one ring of a walk reads. */
export const NEARBY_SCAN_LIMIT = 500;
/** Most entries the first read takes from the whole circle's box; past it, the place is walked ring by ring. */
export const FIRST_READ = 64;
/** The first ring of a walk: a page needs a few businesses, and where it walks the place is busy. */
const FIRST_RING_KM = 0.25;

/** A point of the index: its position, its business when the index read gave it, where it lies. */
interface PlaceEntry {
  pos: number;
  id: number | null;
  lat: number;
  lng: number;
}

/** The one category's points, read from its index (the partial index's condition is repeated: SQLite uses it only then). */
const CATEGORY_POINTS = 'SELECT pos, business_id, latitude, longitude FROM docs INDEXED BY docs_category_place WHERE category_slug = ? AND latitude IS NOT NULL AND longitude IS NOT NULL';
const POINT_COLUMNS: BoxColumns = { minLat: 'latitude', maxLat: 'latitude', minLng: 'longitude', maxLng: 'longitude' };
/** Every category's points, from the R*Tree. */
const ALL_POINTS = 'SELECT pos, NULL, min_lat, min_lng FROM docs_geo g WHERE 1';
/** The business ids of positions (those of an R*Tree walk's answer). */
export const IDS_AT_SQL = 'SELECT pos, business_id FROM docs WHERE pos IN (SELECT value FROM json_each(?))';

class NearbyFinder {
  private readonly statements = new Map<string, Statement>();
  /** Every statement run with its last parameters, when a plan test asked for them. */
  trace: Map<string, unknown[]> | null = null;

  constructor(private readonly db: IndexDatabase) {}

  private raw(sql: string, params: unknown[]): unknown[][] {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql).raw();
      this.statements.set(sql, statement);
    }
    this.trace?.set(sql, params);
    return statement.all(...params) as unknown[][];
  }

  nearby({ point, categorySlug, excludeIds, limit, maxKm }: NearbyRequest): NearbyHit[] {
    const excluded = new Set(excludeIds);
    const [select, columns, prefix] = categorySlug === undefined ? [ALL_POINTS, RTREE_EDGES, []] : [CATEGORY_POINTS, POINT_COLUMNS, [categorySlug]];
    const read = new Map<number, PlaceEntry>();
    const positionsInBox = (box: GeoBox, most: number, readBefore: GeoBox | null) => {
      const inBox = boxCondition(box, columns);
      // Entries of the box read before are skipped inside SQLite (an index range cannot leave out a box itself).
      const before = readBefore === null ? null : boxCondition(readBefore, columns);
      const sql = `${select} AND ${inBox.sql}${before ? ` AND NOT (${before.sql})` : ''} LIMIT ?`;
      const entries = this.raw(sql, [...prefix, ...inBox.params, ...(before?.params ?? []), most]) as [number, number | null, number, number][];
      for (const [pos, id, lat, lng] of entries) read.set(pos, { pos, id, lat, lng });
      return entries.map(([pos]) => pos);
    };
    // The R*Tree's entries cost several times the category index's: it is walked from the first ring.
    const inCircle = categorySlug === undefined ? null : positionsInBox(boxAround(point, maxKm), FIRST_READ + 1, null);
    const rows =
      inCircle !== null && inCircle.length <= FIRST_READ
        ? inCircle.map((pos) => read.get(pos)!)
        : nearestFirst<PlaceEntry>(point, maxKm, limit + excluded.size, NEARBY_SCAN_LIMIT, {
            positionsInBox,
            rowsOf: (positions) => positions.map((pos) => read.get(pos)!),
            coordinates: (entry) => ({ lat: entry.lat, lng: entry.lng }),
          }, FIRST_RING_KM).rows;
    const nearest = rows
      .map((entry) => ({ entry, distanceKm: distanceKm(point.lat, point.lng, entry.lat, entry.lng) }))
      // The box's corners lie outside the circle.
      .filter(({ distanceKm }) => distanceKm <= maxKm)
      .sort((a, b) => a.distanceKm - b.distanceKm || a.entry.pos - b.entry.pos)
      .slice(0, limit + excluded.size);
    // The R*Tree holds positions only: the answer's businesses, in one read.
    const unknown = nearest.filter(({ entry }) => entry.id === null).map(({ entry }) => entry.pos);
    if (unknown.length > 0) {
      for (const [pos, id] of this.raw(IDS_AT_SQL, [JSON.stringify(unknown)]) as [number, number][]) read.get(pos)!.id = id;
    }
    return nearest
      .filter(({ entry }) => entry.id !== null && !excluded.has(entry.id))
      .slice(0, limit)
      .map(({ entry, distanceKm }) => ({ id: entry.id!, distanceKm }));
  }
}

const finderFor = perIndexDatabase((db) => new NearbyFinder(db));

/** The businesses nearest a point on an open index file (SearchEngine.nearby). */
export function nearbyIndex(db: IndexDatabase, request: NearbyRequest): NearbyHit[] {
  return finderFor(db).nearby(request);
}

/** From now on, records every statement the nearby reads on this index run (SQL → last parameters), for plan tests. */
export function traceNearbyStatements(db: IndexDatabase): Map<string, unknown[]> {
  const finder = finderFor(db);
  finder.trace ??= new Map();
  return finder.trace;
}
