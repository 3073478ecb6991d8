import { describe, expect, it } from 'vitest';
import { getUnknownPlace } from './unknown-place.ts';

describe('the unknown place of a search answer', () => {
  it('is read from whichever raw result carries it', () => {
    const results = { _rawResults: [{ facetLabels: {} }, { unknownPlace: { text: 'Lodnon Towne', suggestions: ['London, United Kingdom'] } }] };
    expect(getUnknownPlace(results)).toEqual({ text: 'Lodnon Towne', suggestions: ['London, United Kingdom'] });
  });

  it('is null when no answer has one, or when it is malformed', () => {
    expect(getUnknownPlace({ _rawResults: [{ facetLabels: {} }] })).toBeNull();
    expect(getUnknownPlace({ _rawResults: [{ unknownPlace: { text: 'x' } }] })).toBeNull();
    expect(getUnknownPlace(null)).toBeNull();
  });
});
