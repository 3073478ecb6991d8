import { describe, expect, it } from 'vitest';
import { boxAround, boxOf, centerOf, distanceKm } from './geo-distance.ts';

const PARIS = { lat: 48.8566, lng: 2.3522 };
const LONDON = { lat: 51.5074, lng: -0.1278 };

describe('distances and boxes', () => {
  it('measures great-circle distances in kilometres', () => {
    expect(distanceKm(PARIS.lat, PARIS.lng, LONDON.lat, LONDON.lng)).toBeCloseTo(343.6, 0);
    expect(distanceKm(0, 0, 0, 180)).toBeCloseTo(20_015.1, 0);
    expect(distanceKm(PARIS.lat, PARIS.lng, PARIS.lat, PARIS.lng)).toBe(0);
  });

  it('boxes a circle, across the antimeridian and round a pole', () => {
    const box = boxAround(PARIS, 100);
    for (const edge of [{ lat: box.north, lng: PARIS.lng }, { lat: box.south, lng: PARIS.lng }]) {
      expect(distanceKm(PARIS.lat, PARIS.lng, edge.lat, edge.lng)).toBeCloseTo(100, 6);
    }
    // East and west the box reaches past the circle (meridians converge towards its northern edge).
    expect(distanceKm(PARIS.lat, PARIS.lng, PARIS.lat, box.east)).toBeGreaterThan(100);
    expect(distanceKm(PARIS.lat, PARIS.lng, PARIS.lat, box.west)).toBeGreaterThan(100);
    const fiji = boxAround({ lat: -17.7, lng: 179.9 }, 50);
    expect(fiji.west).toBeGreaterThan(fiji.east);
    expect(boxAround({ lat: 89.9, lng: 10 }, 50)).toMatchObject({ west: -180, east: 180, north: 90 });
  });

  it('gives the box and the centre of a radius or a box filter', () => {
    expect(boxOf({ ...PARIS, radiusKm: 100 })).toEqual(boxAround(PARIS, 100));
    expect(centerOf({ ...PARIS, radiusKm: 100 })).toEqual(PARIS);
    expect(centerOf({ north: 10, south: 0, west: 170, east: -170 })).toEqual({ lat: 5, lng: 180 });
    expect(centerOf({ north: 10, south: 0, west: -10, east: 30 })).toEqual({ lat: 5, lng: 10 });
  });
});
