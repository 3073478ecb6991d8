import { describe, expect, it } from 'vitest';
import { describeUnmatchedPlace, getUnmatchedPlace } from './unmatched-place.ts';

describe('the part of the where box a search answer could not apply', () => {
  const vermont = { text: 'Vermont', isKnownPlace: true, city: 'Springfield', searched: 'Springfield, United States' };

  it('is read from the main result', () => {
    expect(getUnmatchedPlace({ _rawResults: [{ unmatchedPlace: vermont }, { facetLabels: {} }] })).toEqual(vermont);
  });

  it('is null when every part applied, when only another result has one, or when it is malformed', () => {
    expect(getUnmatchedPlace({ _rawResults: [{ facetLabels: {} }] })).toBeNull();
    expect(getUnmatchedPlace({ _rawResults: [{ facetLabels: {} }, { unmatchedPlace: vermont }] })).toBeNull();
    expect(getUnmatchedPlace({ _rawResults: [{ unmatchedPlace: { text: 'Vermont', city: 'Springfield' } }] })).toBeNull();
    expect(getUnmatchedPlace(null)).toBeNull();
  });

  it('is said as a place without the city, or as no place at all, with what the page shows instead', () => {
    expect(describeUnmatchedPlace(vermont, 'every')).toBe('No Springfield found in Vermont; showing every Springfield.');
    expect(describeUnmatchedPlace({ ...vermont, text: 'Narnia', isKnownPlace: false }, 'every')).toBe('No place called “Narnia”; showing results for Springfield.');
    const missouri = 'Springfield, Missouri, United States';
    expect(describeUnmatchedPlace({ ...vermont, text: 'Dallas', searched: missouri }, 'chosen')).toBe(`No Springfield found in Dallas; showing ${missouri}.`);
    expect(describeUnmatchedPlace({ ...vermont, text: 'Narnia', isKnownPlace: false, searched: missouri }, 'chosen')).toBe(`No place called “Narnia”; showing results for ${missouri}.`);
    // Around a real city without businesses, the part alone: the note on the place says what is shown.
    expect(describeUnmatchedPlace({ ...vermont, text: 'Narnia', isKnownPlace: false, city: 'Grenoble', searched: 'Grenoble, France' }, 'around')).toBe('No place called “Narnia”.');
    expect(describeUnmatchedPlace({ ...vermont, searched: 'Springfield, Massachusetts, United States' }, 'around')).toBe('No Springfield found in Vermont.');
  });
});
