import { describe, expect, it } from 'vitest';
import { typoBudget, typoDistance } from './typo-distance.ts';

describe('typo tolerance', () => {
  it('allows typos by the length of the word as typed', () => {
    expect([typoBudget('spa'), typoBudget('saon'), typoBudget('dentst'), typoBudget('resturant')]).toEqual([0, 1, 1, 2]);
  });

  it('counts a transposition as one typo', () => {
    expect(typoDistance('resturant', 'restaurant', 2)).toBe(1);
    expect(typoDistance('dentst', 'dentist', 1)).toBe(1);
    expect(typoDistance('pizaz', 'pizza', 1)).toBe(1);
    expect(typoDistance('plumbing', 'plumber', 2)).toBe(3);
  });
});
