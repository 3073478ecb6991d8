/** Geometry for geo filters and distance sort: great-circle distances and bounding boxes. */
import { isGeoRadius, type GeoBox, type GeoFilter, type GeoPoint } from '../search-types.ts';

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box that contains a circle; near the poles it spans every longitude. */
export function boxAround(center: GeoPoint, radiusKm: number): GeoBox {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const north = Math.min(90, center.lat + dLat);
  const south = Math.max(-90, center.lat - dLat);
  const cosLat = Math.cos(toRadians(Math.max(Math.abs(north), Math.abs(south))));
  const dLng = cosLat <= 1e-9 ? 180 : radiusKm / (KM_PER_DEGREE_LAT * cosLat);
  if (dLng >= 180) return { north, south, east: 180, west: -180 };
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return { north, south, east: wrap(center.lng + dLng), west: wrap(center.lng - dLng) };
}

/** The bounding box of a geo filter (a radius filter's circle box). */
export function boxOf(geo: GeoFilter): GeoBox {
  return isGeoRadius(geo) ? boxAround(geo, geo.radiusKm) : geo;
}

/** The centre of a geo filter, the default point of a distance sort. */
export function centerOf(geo: GeoFilter): GeoPoint {
  if (isGeoRadius(geo)) return { lat: geo.lat, lng: geo.lng };
  const spansAntimeridian = geo.west > geo.east;
  const east = spansAntimeridian ? geo.east + 360 : geo.east;
  const lng = (geo.west + east) / 2;
  return { lat: (geo.north + geo.south) / 2, lng: lng > 180 ? lng - 360 : lng };
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
 * Each entry is read once, as a bare position: a larger ring reads its box outside the largest
 * box read whole, a smaller one reads nothing; the rows of the positions read give the distances.
 */
export function nearestFirst<Row extends { pos: number }>(
  point: GeoPoint,
  maxKm: number,
  want: number,
  scanLimit: number,
  source: NearestWalkSource<Row>,
): { rows: Row[]; isCapped: boolean } {
  let radius = Math.min(FIRST_RING_KM, maxKm);
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
