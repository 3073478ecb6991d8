import { describe, expect, it } from 'vitest';
import { everyResultField, mainResultField } from './raw-results.ts';

const chosen = { name: 'Springfield, Missouri, United States', radiusKm: 40 };

describe('the fields added beside the Algolia shape', () => {
  it('reads a main-result field from the first raw result only', () => {
    expect(mainResultField({ _rawResults: [{ chosenCity: chosen }, {}] }, 'chosenCity')).toEqual(chosen);
    // A facet's own query (the second raw result) does not speak for the search.
    expect(mainResultField({ _rawResults: [{}, { chosenCity: chosen }] }, 'chosenCity')).toBeUndefined();
    expect(mainResultField(null, 'chosenCity')).toBeUndefined();
    expect(mainResultField({}, 'chosenCity')).toBeUndefined();
  });

  it('collects a field from every raw result that has one, main first, skipping null', () => {
    const results = { _rawResults: [{ facetLabels: { category: { cafe: 'Café' } } }, { facetLabels: null }, {}, { facetLabels: { country: { FR: 'France' } } }] };
    expect(everyResultField(results, 'facetLabels')).toEqual([{ category: { cafe: 'Café' } }, { country: { FR: 'France' } }]);
    expect(everyResultField(undefined, 'facetLabels')).toEqual([]);
  });
});
