import { describe, expect, it } from 'vitest';
import { getFacetLabel, parseHighlighted, plainText } from './facet-labels.ts';

describe('getFacetLabel', () => {
  const results = {
    _rawResults: [
      { facetLabels: { category: { plumber: 'Plumber' } } },
      { facetLabels: { city: { 'FR:saint-etienne': 'Saint-Étienne' } } },
    ],
  };

  it('finds the name in any of the raw results of the search', () => {
    expect(getFacetLabel(results, 'category', 'plumber')).toBe('Plumber');
    expect(getFacetLabel(results, 'city', 'FR:saint-etienne')).toBe('Saint-Étienne');
  });

  it('falls back to a readable form of the value', () => {
    expect(getFacetLabel(results, 'city', 'FR:le-mans')).toBe('Le Mans');
    expect(getFacetLabel(null, 'country', 'DE')).toBe('DE');
  });
});

describe('parseHighlighted', () => {
  it('splits escaped HTML into plain parts, marking the matches', () => {
    expect(parseHighlighted('<mark>Ly</mark>on &amp; <b>')).toEqual([
      { text: 'Ly', isHighlighted: true },
      { text: 'on & <b>', isHighlighted: false },
    ]);
  });

  it('never turns business text into markup', () => {
    const parts = parseHighlighted('&lt;img src=x onerror=alert(1)&gt; <mark>Caf</mark>é');
    expect(parts.map((part) => part.text)).toEqual(['<img src=x onerror=alert(1)> ', 'Caf', 'é']);
    expect(plainText('<mark>Caf</mark>é &quot;Le Bon&quot;')).toBe('Café "Le Bon"');
  });
});
