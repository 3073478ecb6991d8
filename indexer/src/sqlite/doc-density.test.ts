import { describe, expect, it } from 'vitest';
import { DocDensity } from './doc-density.ts';
import { distanceKm } from '../geo-distance.ts';

/** Documents at these points (and one without a point, one removed). */
function densityOf(points: { lat: number; lng: number }[]): DocDensity {
  const latitude = new Float64Array(points.length + 2);
  const longitude = new Float64Array(points.length + 2);
  const present = new Uint8Array(points.length + 2);
  points.forEach((point, pos) => {
    latitude[pos] = point.lat;
    longitude[pos] = point.lng;
    present[pos] = 1;
  });
  latitude[points.length] = Number.NaN;
  longitude[points.length] = Number.NaN;
  present[points.length] = 1;
  latitude[points.length + 1] = 45.76;
  longitude[points.length + 1] = 4.84;
  return DocDensity.of(latitude, longitude, present);
}

const LYON = { lat: 45.764, lng: 4.8357 };
const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('document density', () => {
  // 300 documents scattered within ~5 km of Lyon, 100 in Paris, 2 on each side of the antimeridian.
  const around = (center: { lat: number; lng: number }, count: number, spread: number) =>
    Array.from({ length: count }, (_, i) => ({ lat: center.lat + spread * Math.sin(i * 1.7), lng: center.lng + spread * Math.cos(i * 2.3) }));
  const points = [
    ...around(LYON, 300, 0.04),
    ...around(PARIS, 100, 0.04),
    { lat: -17.7, lng: 179.99 },
    { lat: -17.71, lng: 179.98 },
    { lat: -17.7, lng: -179.99 },
    { lat: -17.72, lng: -179.97 },
  ];
  const density = densityOf(points);

  it('counts every document with a point once the radius reaches the whole Earth', () => {
    expect(density.docsWithin(LYON, 20_038)).toBeCloseTo(points.length, 6);
  });

  it('counts the documents of a city within a radius wider than the cells, and none where there are none', () => {
    expect(density.docsWithin(LYON, 50)).toBeCloseTo(300, 6);
    expect(density.docsWithin(PARIS, 50)).toBeCloseTo(100, 6);
    expect(density.docsWithin(LYON, 400)).toBeCloseTo(400, 6);
    expect(density.docsWithin({ lat: 0, lng: 0 }, 500)).toBe(0);
  });

  it('counts across the antimeridian', () => {
    expect(density.docsWithin({ lat: -17.7, lng: 180 }, 30)).toBeCloseTo(4, 6);
    expect(density.docsWithin({ lat: -17.7, lng: -179.5 }, 80)).toBeCloseTo(4, 6);
  });

  it('spreads a cell’s documents evenly: a small circle holds a share of them, growing with its area', () => {
    const small = density.docsWithin(LYON, 1);
    const larger = density.docsWithin(LYON, 3);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(300);
    expect(larger).toBeGreaterThan(small);
  });

  it('finds the radius that holds a number of documents', () => {
    const radius = density.radiusHolding(LYON, 350, 1);
    // Lyon alone holds 300: 350 needs the box around the circle to reach Paris, 3.1 degrees north.
    expect(radius).toBeGreaterThan(((PARIS.lat - LYON.lat) * distanceKm(0, 0, 1, 0)) * 0.95);
    expect(density.docsWithin(LYON, radius)).toBeGreaterThanOrEqual(350);
    expect(density.docsWithin(LYON, radius / 1.1)).toBeLessThan(350);
    expect(density.radiusHolding(LYON, 10, 50)).toBe(50);
    expect(density.radiusHolding(LYON, 10_000, 1, 5_000)).toBe(5_000);
  });
});
