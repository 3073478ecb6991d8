import { describe, expect, it } from 'vitest';
import { byCountThenLabel, labelMatches } from './facet-values.ts';

describe('facet values', () => {
  it('puts the most frequent first, ties by label then value', () => {
    const values = [
      { value: 'b', label: 'Bakery', count: 3 },
      { value: 'c2', label: 'Café', count: 5 },
      { value: 'c1', label: 'Café', count: 5 },
      { value: 'a', label: 'Art gallery', count: 3 },
    ];
    expect(values.sort(byCountThenLabel).map((value) => value.value)).toEqual(['c1', 'c2', 'a', 'b']);
  });

  it('finds a label by its start, accents and case folded', () => {
    expect(labelMatches('Café', 'cafe')).toBe(true);
    expect(labelMatches('São Paulo', 'SAO P')).toBe(true);
    expect(labelMatches('Bakery', 'akery')).toBe(false);
  });
});
