import { describe, expect, it } from 'vitest';
import { getInvalidCoordinatesWarning, hasValidCoordinates } from './map-config.ts';

describe('coordinates of the business map', () => {
  it('shows a map for real latitude/longitude pairs only', () => {
    expect(hasValidCoordinates(45.76, 4.83)).toBe(true);
    expect(hasValidCoordinates(-90, 180)).toBe(true);
    expect(hasValidCoordinates(91, 4.83)).toBe(false);
    expect(hasValidCoordinates(45.76, -180.5)).toBe(false);
    expect(hasValidCoordinates(Number.NaN, 4.83)).toBe(false);
    expect(hasValidCoordinates(null, 4.83)).toBe(false);
  });

  it('warns about present but invalid coordinates, not about missing ones', () => {
    expect(getInvalidCoordinatesWarning('Atelier', 123, 4.83)).toBe('Invalid coordinates for Atelier (123, 4.83): the map is skipped');
    expect(getInvalidCoordinatesWarning('Atelier', Number.POSITIVE_INFINITY, 4.83)).toContain('Infinity');
    expect(getInvalidCoordinatesWarning('Atelier', null, null)).toBeNull();
    expect(getInvalidCoordinatesWarning('Atelier', 45.76, 4.83)).toBeNull();
  });
});
