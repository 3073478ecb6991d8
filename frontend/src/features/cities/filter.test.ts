import { describe, expect, it } from 'vitest';
import type { CityEntry } from '@directory/backend/shared/api-types.ts';
import { cityLetterFromParam, cityPath, filterCities, getCityTotals } from './filter.ts';

const city = (name: string, countryCode: string, country: string, businessCount: number): CityEntry => ({
  city: name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  countryCode,
  country,
  businessCount,
  categoryCount: 2,
});

const cities = [city('Paris', 'FR', 'France', 120), city('São Paulo', 'BR', 'Brazil', 80), city('Parma', 'IT', 'Italy', 7)];

describe('filterCities', () => {
  it('matches part of a city name in any case, accents folded', () => {
    expect(filterCities(cities, 'PAR').map((c) => c.city)).toEqual(['Paris', 'Parma']);
    expect(filterCities(cities, 'sao').map((c) => c.city)).toEqual(['São Paulo']);
  });

  it('matches a country code', () => {
    expect(filterCities(cities, 'it').map((c) => c.city)).toEqual(['Parma']);
    expect(filterCities(cities, 'BR').map((c) => c.city)).toEqual(['São Paulo']);
  });

  it('keeps everything for an empty text', () => {
    expect(filterCities(cities, '')).toHaveLength(3);
  });
});

describe('getCityTotals', () => {
  it('counts cities and businesses and rounds the average per city', () => {
    expect(getCityTotals(cities)).toEqual({ cities: 3, businesses: 207, averagePerCity: 69 });
    expect(getCityTotals([])).toEqual({ cities: 0, businesses: 0, averagePerCity: 0 });
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
