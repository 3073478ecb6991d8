import { describe, expect, it } from 'vitest';
import { roundingLoss } from './rounding-loss.ts';

describe('roundingLoss', () => {
  it('gives back what a floating-point addition dropped, whichever term is larger', () => {
    expect(roundingLoss(1e16, 1)).toBe(1);
    expect(roundingLoss(1, 1e16)).toBe(1);
    expect(roundingLoss(4.5, 3.5)).toBe(0);
  });
});
