import { describe, expect, it } from 'vitest';
import { precisionAt } from './metrics.ts';

describe('precisionAt', () => {
  it('is the share of the first k hits filed under a judged category', () => {
    expect(precisionAt(['Café', 'Bar', 'Coffee shop', null], ['Café', 'Coffee shop'], 20)).toBe(0.5);
  });

  it('counts only the first k hits', () => {
    expect(precisionAt(['Café', 'Café', 'Bar', 'Bar'], ['Café'], 2)).toBe(1);
  });

  it('scores an empty page 0', () => {
    expect(precisionAt([], ['Café'], 20)).toBe(0);
  });
});
