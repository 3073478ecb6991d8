import { describe, expect, it } from 'vitest';
import { cityLetterFromParam, cityPath, getCityTotals } from './filter.ts';

describe('getCityTotals', () => {
  it('counts cities and businesses and rounds the average per city', () => {
    expect(getCityTotals(3, 207)).toEqual({ cities: 3, businesses: 207, averagePerCity: 69 });
    expect(getCityTotals(3, 200)).toMatchObject({ averagePerCity: 67 });
    expect(getCityTotals(0, 0)).toEqual({ cities: 0, businesses: 0, averagePerCity: 0 });
  });
});

describe('cityLetterFromParam', () => {
  it('takes one letter, upper-cased, and nothing else', () => {
    expect(cityLetterFromParam('b')).toBe('B');
    expect(cityLetterFromParam('Z')).toBe('Z');
    for (const raw of [undefined, '', 'ab', '1', 'é']) expect(cityLetterFromParam(raw)).toBeNull();
  });
});

describe('cityPath', () => {
  it('uses the lower-case country code and the city slug', () => {
    expect(cityPath({ countryCode: 'US', slug: 'new-york' })).toBe('/cities/us/new-york');
  });
});
