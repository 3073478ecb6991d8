import { describe, expect, it } from 'vitest';
import type { CountryEntry } from '@directory/backend/shared/api-types.ts';
import { filterCountries, getCountryTotals, relativeWidth } from './filter.ts';

const country = (name: string, countryCode: string, businessCount: number, cityCount: number): CountryEntry => ({
  country: name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  countryCode,
  businessCount,
  cityCount,
  categoryCount: 3,
});

const countries = [country('United States', 'US', 1200, 40), country('France', 'FR', 300, 12), country('Réunion', 'RE', 5, 1)];

describe('filterCountries', () => {
  it('matches a part of the name in any case, accents folded', () => {
    expect(filterCountries(countries, 'STATES').map((c) => c.country)).toEqual(['United States']);
    expect(filterCountries(countries, 'reun').map((c) => c.country)).toEqual(['Réunion']);
  });

  it('matches a whole country code', () => {
    expect(filterCountries(countries, 'fr').map((c) => c.country)).toEqual(['France']);
  });

  it('keeps all for an empty text', () => {
    expect(filterCountries(countries, '  ')).toHaveLength(3);
  });
});

describe('getCountryTotals', () => {
  it('adds up countries, businesses and cities', () => {
    expect(getCountryTotals(countries)).toEqual({ countries: 3, businesses: 1505, cities: 53 });
  });
});

describe('relativeWidth', () => {
  it('scales against the largest value and never hides a non-zero value', () => {
    expect(relativeWidth(50, 200)).toBe(25);
    expect(relativeWidth(200, 200)).toBe(100);
    expect(relativeWidth(1, 1000)).toBe(2);
    expect(relativeWidth(0, 1000)).toBe(0);
  });
});
