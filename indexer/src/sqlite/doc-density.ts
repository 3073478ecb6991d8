/**
 * How many documents lie in a box, in constant time: a summed-area table of the documents per
 * grid cell of {@link CELL_DEGREES} (about 14 km), with documents spread evenly inside a cell. A
 * distance sort with words uses it to aim its rings at the radius that should hold a page of
 * matches (the documents around the point times the share of them that match), instead of
 * growing from 1 km: rings cost a full-text query each. An estimate only: it is built from the
 * columns as they were loaded and does not follow later changes (a ring aimed too short or too
 * far costs one ring more or reads a few more rows, never a wrong result).
 */
import type { GeoPoint } from '../search-types.ts';
import { boxAround } from '../geo-distance.ts';

/** Size of a cell in degrees (`_g3` of the grid tokens). */
const CELL_DEGREES = 0.125;
const ROWS = 180 / CELL_DEGREES;
const COLUMNS = 360 / CELL_DEGREES;
/** Half the Earth's circumference (km): every point is within this distance. */
const MAX_KM = 20_038;

export class DocDensity {
  /** sums[row * (COLUMNS + 1) + column]: documents in the cells south and west of that corner. */
  private readonly sums: Int32Array;

  private constructor(sums: Int32Array) {
    this.sums = sums;
  }

  /** The density of the documents at these coordinates (NaN: no point). */
  static of(latitude: Float64Array, longitude: Float64Array, present: Uint8Array): DocDensity {
    const stride = COLUMNS + 1;
    const sums = new Int32Array((ROWS + 1) * stride);
    for (let pos = 0; pos < present.length; pos += 1) {
      const lat = latitude[pos]!;
      const lng = longitude[pos]!;
      if (present[pos] !== 1 || Number.isNaN(lat) || Number.isNaN(lng)) continue;
      const row = Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
      const column = Math.min(COLUMNS - 1, Math.max(0, Math.floor((lng + 180) / CELL_DEGREES)));
      sums[(row + 1) * stride + column + 1]! += 1;
    }
    for (let row = 1; row <= ROWS; row += 1) {
      let across = 0;
      for (let column = 1; column <= COLUMNS; column += 1) {
        across += sums[row * stride + column]!;
        sums[row * stride + column] = sums[(row - 1) * stride + column]! + across;
      }
    }
    return new DocDensity(sums);
  }

  /** Documents south-west of a point of the grid (fractional cells: spread evenly inside each). */
  private below(row: number, column: number): number {
    const stride = COLUMNS + 1;
    const r = Math.min(ROWS, Math.max(0, row));
    const c = Math.min(COLUMNS, Math.max(0, column));
    const r0 = Math.min(ROWS - 1, Math.floor(r));
    const c0 = Math.min(COLUMNS - 1, Math.floor(c));
    const fr = r - r0;
    const fc = c - c0;
    const at = (i: number, j: number) => this.sums[i * stride + j]!;
    return (
      at(r0, c0) * (1 - fr) * (1 - fc) + at(r0 + 1, c0) * fr * (1 - fc) + at(r0, c0 + 1) * (1 - fr) * fc + at(r0 + 1, c0 + 1) * fr * fc
    );
  }

  /** Documents in a band of latitudes between two longitudes (west ≤ east). */
  private between(south: number, north: number, west: number, east: number): number {
    const r1 = (south + 90) / CELL_DEGREES;
    const r2 = (north + 90) / CELL_DEGREES;
    const c1 = (west + 180) / CELL_DEGREES;
    const c2 = (east + 180) / CELL_DEGREES;
    return this.below(r2, c2) - this.below(r1, c2) - this.below(r2, c1) + this.below(r1, c1);
  }

  /** About how many documents lie within `km` of a point (those of the box around the circle). */
  docsWithin(point: GeoPoint, km: number): number {
    const box = boxAround(point, km);
    if (box.west <= box.east) return this.between(box.south, box.north, box.west, box.east);
    return this.between(box.south, box.north, box.west, 180) + this.between(box.south, box.north, -180, box.east);
  }

  /** The smallest radius (km, between `fromKm` and `maxKm`) around a point that holds about `docs` documents. */
  radiusHolding(point: GeoPoint, docs: number, fromKm: number, maxKm = MAX_KM): number {
    if (this.docsWithin(point, maxKm) < docs) return maxKm;
    let low = fromKm;
    let high = maxKm;
    if (this.docsWithin(point, low) >= docs) return low;
    // Bisection on the logarithm of the radius, to within 5 %: closer than a ring needs.
    while (high / low > 1.05) {
      const middle = Math.sqrt(low * high);
      if (this.docsWithin(point, middle) >= docs) high = middle;
      else low = middle;
    }
    return high;
  }
}
