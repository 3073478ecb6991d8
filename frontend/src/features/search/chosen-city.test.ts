import { describe, expect, it } from 'vitest';
import { getChosenCity } from './chosen-city.ts';

describe('the real city a search answer chose among several of its name', () => {
  const missouri = { name: 'Springfield, Missouri, United States', lat: 37.18, lng: -93.32, radiusKm: 40 };

  it('is read from the main result', () => {
    expect(getChosenCity({ _rawResults: [{ chosenCity: missouri }, { facetLabels: {} }] })).toEqual(missouri);
  });

  it('is null when nothing was chosen, when only another result has one, or when it is malformed', () => {
    expect(getChosenCity({ _rawResults: [{ facetLabels: {} }] })).toBeNull();
    expect(getChosenCity({ _rawResults: [{ facetLabels: {} }, { chosenCity: missouri }] })).toBeNull();
    expect(getChosenCity({ _rawResults: [{ chosenCity: { name: 'Springfield, Missouri, United States' } }] })).toBeNull();
    expect(getChosenCity(null)).toBeNull();
  });
});
