import type { CountryEntry } from '@directory/backend/shared/api-types.ts';
import { foldText } from '../../lib/fold-text.ts';

/** Countries list and a country's cities: 12 a page; the country page lists 20 categories a page. */
export const COUNTRY_PAGE_SIZE = 12;
export const COUNTRY_CATEGORY_PAGE_SIZE = 20;
export const COUNTRY_TOP_CITIES = 20;

/** Countries whose name or code contains `text`, ignoring case and accents. */
export function filterCountries(countries: readonly CountryEntry[], text: string): CountryEntry[] {
  const needle = foldText(text.trim());
  if (!needle) return [...countries];
  return countries.filter((country) => foldText(country.country).includes(needle) || country.countryCode.toLowerCase() === needle);
}

export interface CountryTotals {
  countries: number;
  businesses: number;
  cities: number;
}

/** The stat tiles of the countries list. */
export function getCountryTotals(countries: readonly CountryEntry[]): CountryTotals {
  return countries.reduce<CountryTotals>(
    (totals, country) => ({
      countries: totals.countries + 1,
      businesses: totals.businesses + country.businessCount,
      cities: totals.cities + country.cityCount,
    }),
    { countries: 0, businesses: 0, cities: 0 },
  );
}

/** Width of a bar, in percent, relative to the largest value shown (at least a sliver when above 0). */
export function relativeWidth(value: number, largest: number): number {
  if (largest <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / largest) * 100));
}
