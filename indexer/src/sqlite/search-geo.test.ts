import { describe, expect, it } from 'vitest';
import type { GeoBox } from '../search-types.ts';
import { boxAround, distanceKm } from '../geo-distance.ts';
import { MAX_COVERING_CELLS, coveredRadiusKm, coveringCells, geoCellText, nearestFirst, type NearestWalkSource } from './search-geo.ts';

/** A point of the in-memory R*Tree below, and the row the walk reads for it. */
interface GeoEntry {
  pos: number;
  lat: number;
  lng: number;
}

/** An in-memory R*Tree: points, a box query that stops at its limit, and a condition on rows. */
function pointsSource(points: GeoEntry[], passes: (entry: GeoEntry) => boolean): NearestWalkSource<GeoEntry> & { reads: number } {
  const inBox = (box: GeoBox, entry: GeoEntry) => entry.lat >= box.south && entry.lat <= box.north && entry.lng >= box.west && entry.lng <= box.east;
  return {
    reads: 0,
    positionsInBox(box, limit, readBefore) {
      this.reads += 1;
      return points
        .filter((entry) => inBox(box, entry) && (readBefore === null || !inBox(readBefore, entry)))
        .slice(0, limit)
        .map((entry) => entry.pos);
    },
    rowsOf: (positions) => positions.map((pos) => points[pos]!).filter(passes),
    coordinates: (row) => ({ lat: row.lat, lng: row.lng }),
  };
}

const center = { lat: 35.6762, lng: 139.6503 };

/** Points around the centre: a dense core (`core` within ~300 m) and a sparse ring of `far` up to ~900 km. */
function world(core: number, far: number): GeoEntry[] {
  const points: GeoEntry[] = [];
  for (let i = 0; i < core + far; i += 1) {
    const km = i < core ? 0.3 * ((i * 7919) % 997) / 997 : 5 + ((i * 104729) % 9973) / 11;
    const angle = (i * 2.399963) % (2 * Math.PI);
    points.push({ pos: i, lat: center.lat + (km * Math.cos(angle)) / 111.2, lng: center.lng + (km * Math.sin(angle)) / (111.2 * Math.cos((center.lat * Math.PI) / 180)) });
  }
  return points;
}

const nearest = (points: GeoEntry[], count: number, passes: (entry: GeoEntry) => boolean = () => true) =>
  points
    .filter(passes)
    .sort((a, b) => distanceKm(center.lat, center.lng, a.lat, a.lng) - distanceKm(center.lat, center.lng, b.lat, b.lng))
    .slice(0, count)
    .map((entry) => entry.pos);

const byDistance = (rows: GeoEntry[], count: number) => nearest(rows, count);

describe('nearest-first walk', () => {
  it('finds the nearest when the first ring is too dense to read whole', () => {
    const points = world(3000, 500);
    const source = pointsSource(points, () => true);
    const found = nearestFirst(center, 5000, 50, 400, source);
    expect(byDistance(found.rows, 50)).toEqual(nearest(points, 50));
    expect(found.isCapped).toBe(true);
  });

  it('finds the nearest rows passing a rare condition, past dense rings', () => {
    const points = world(3000, 2000);
    const rare = (entry: GeoEntry) => entry.pos % 97 === 0;
    const found = nearestFirst(center, 5000, 20, 800, pointsSource(points, rare));
    const expected = nearest(points, 20, rare);
    // The walk answers the last circle it could read whole: its rows are exactly the nearest ones.
    const got = byDistance(found.rows, 20);
    expect(got).toEqual(expected.slice(0, got.length));
    expect(got.length).toBeGreaterThan(0);
  });

  it('reads everything within a radius that holds fewer rows than wanted, and says it is complete', () => {
    const points = world(100, 300);
    const found = nearestFirst(center, 2, 500, 1000, pointsSource(points, () => true));
    const inside = points.filter((entry) => distanceKm(center.lat, center.lng, entry.lat, entry.lng) <= 2).map((entry) => entry.pos);
    expect(found.rows.map((row) => row.pos).sort((a, b) => a - b)).toEqual(inside.sort((a, b) => a - b));
    expect(found.isCapped).toBe(false);
  });

  it('stops on points all at one spot, too many to read', () => {
    const points = Array.from({ length: 600 }, (_, pos) => ({ pos, lat: center.lat, lng: center.lng }));
    const source = pointsSource(points, () => true);
    const found = nearestFirst(center, 5000, 30, 100, source);
    expect(found).toMatchObject({ isCapped: true });
    expect(found.rows).toHaveLength(30);
    expect(source.reads).toBeLessThan(40);
  });
});

describe('grid cells of the distance sort with words', () => {
  /** A point inside the box, from two fractions (a box across the antimeridian runs from west round to east). */
  const pointIn = (box: GeoBox, u: number, v: number) => {
    const width = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
    const lng = box.west + u * width;
    return { lat: box.south + v * (box.north - box.south), lng: lng > 180 ? lng - 360 : lng };
  };

  it('covers every point of a box with the cells of one level, whatever the box', () => {
    // Deterministic spread of centres and radii: the equator, Tokyo, near both poles, on both sides of the antimeridian.
    const centres = [
      { lat: 0, lng: 0 },
      center,
      { lat: 89.9, lng: 10 },
      { lat: -89.5, lng: -170 },
      { lat: 64.1, lng: 179.95 },
      { lat: -16.5, lng: -179.99 },
      { lat: 51.5, lng: -0.001 },
    ];
    const fractions = [0, 0.001, 0.25, 0.5, 0.999, 1];
    for (const centre of centres) {
      for (const radiusKm of [0.05, 1, 7, 60, 400, 2500]) {
        const box = boxAround(centre, radiusKm);
        const cover = coveringCells(box);
        if (cover === null) continue;
        expect(cover.tokens.length).toBeLessThanOrEqual(MAX_COVERING_CELLS);
        const covering = new Set(cover.tokens);
        for (const u of fractions) {
          for (const v of fractions) {
            const point = pointIn(box, u, v);
            const tokens = geoCellText(point).split(' ');
            expect(tokens.some((token) => covering.has(token)), `${JSON.stringify(point)} in ${JSON.stringify(box)}`).toBe(true);
          }
        }
      }
    }
  });

  it('holds every point nearer to the centre than the reach it gives for the cells', () => {
    const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
    const toDegrees = (radians: number) => (radians * 180) / Math.PI;
    /** The point `km` from `from` towards `bearing` degrees (great circle). */
    const destination = (from: { lat: number; lng: number }, bearing: number, km: number) => {
      const angle = km / 6371.0088;
      const lat1 = toRadians(from.lat);
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(toRadians(bearing)));
      const lng2 = toRadians(from.lng) + Math.atan2(Math.sin(toRadians(bearing)) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
      return { lat: toDegrees(lat2), lng: ((toDegrees(lng2) + 540) % 360) - 180 };
    };
    for (const centre of [center, { lat: 0.01, lng: 179.999 }, { lat: -72, lng: -179.5 }, { lat: 88, lng: 3 }, { lat: 48.85, lng: 2.35 }]) {
      for (const radiusKm of [0.3, 1, 9, 80, 700]) {
        const cover = coveringCells(boxAround(centre, radiusKm));
        if (cover === null) continue;
        const reach = coveredRadiusKm(centre, cover);
        expect(reach).toBeGreaterThan(0);
        const covering = new Set(cover.tokens);
        for (let bearing = 0; bearing < 360; bearing += 15) {
          for (const fraction of [0.5, 0.999]) {
            const point = destination(centre, bearing, fraction * reach);
            expect(geoCellText(point).split(' ').some((token) => covering.has(token)), `${JSON.stringify(point)} within ${reach} km`).toBe(true);
          }
        }
      }
    }
  });

  it('covers a small box with fine cells and gives up on most of the Earth', () => {
    expect(coveringCells(boxAround(center, 1))!.tokens[0]).toMatch(/^_g5_/);
    expect(coveringCells(boxAround(center, 15_000))).toBeNull();
    expect(coveringCells({ north: 90, south: -90, west: -180, east: 180 })).toBeNull();
  });

  it('writes one token per level, none for a business without a point', () => {
    expect(geoCellText(center).split(' ')).toHaveLength(7);
    expect(geoCellText(center)).toMatch(/^_g0_\d+_\d+ _g1_/);
    expect(geoCellText(null)).toBe('');
  });
});
