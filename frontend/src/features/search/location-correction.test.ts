import { describe, expect, it } from 'vitest';
import { getLocationCorrection } from './location-correction.ts';

describe('the corrected location of a search answer', () => {
  it('is read from the main result', () => {
    const results = { _rawResults: [{ correctedLocation: { typed: 'Londn', used: 'London' } }, { facetLabels: {} }] };
    expect(getLocationCorrection(results)).toEqual({ typed: 'Londn', used: 'London' });
  });

  it('is null when the place was written right, or when it is malformed', () => {
    expect(getLocationCorrection({ _rawResults: [{ facetLabels: {} }] })).toBeNull();
    expect(getLocationCorrection({ _rawResults: [{ correctedLocation: { typed: 'Londn' } }] })).toBeNull();
    expect(getLocationCorrection(null)).toBeNull();
  });
});
