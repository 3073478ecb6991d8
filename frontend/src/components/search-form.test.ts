import { describe, expect, it } from 'vitest';
import { buildSearchUrl } from './search-form.tsx';

describe('buildSearchUrl', () => {
  it('trims and encodes both values', () => {
    expect(buildSearchUrl('  pizza & pasta ', ' New York ')).toBe('/search?q=pizza+%26+pasta&location=New+York');
  });

  it('leaves an empty location out', () => {
    expect(buildSearchUrl('plumber', '   ')).toBe('/search?q=plumber');
  });
});
