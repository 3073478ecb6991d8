import { describe, expect, it } from 'vitest';
import { getAroundPlace } from './around-place.ts';

describe('the place a search answer looked around', () => {
  const lyon = { text: 'lyon', name: 'Lyon, France', lat: 45.77, lng: 4.83, radiusKm: 250, hasBusinesses: true };

  it('is read from the main result', () => {
    expect(getAroundPlace({ _rawResults: [{ aroundPlace: lyon }, { facetLabels: {} }] })).toEqual(lyon);
  });

  it('is null when the place has businesses, when only another result has one, or when it is malformed', () => {
    expect(getAroundPlace({ _rawResults: [{ facetLabels: {} }] })).toBeNull();
    expect(getAroundPlace({ _rawResults: [{ facetLabels: {} }, { aroundPlace: lyon }] })).toBeNull();
    expect(getAroundPlace({ _rawResults: [{ aroundPlace: { text: 'lyon', name: 'Lyon, France' } }] })).toBeNull();
    expect(getAroundPlace(undefined)).toBeNull();
  });
});
