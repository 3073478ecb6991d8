import type { CityEntry } from '@directory/backend/shared/api-types.ts';

/** Cities list and city page: 12 a page (visitor spec, section 9). */
export const CITY_PAGE_SIZE = 12;

/** The `:letter` of /cities/{letter} as one upper-case letter A–Z, or null when it is not one. */
export function cityLetterFromParam(raw: string | undefined): string | null {
  return raw !== undefined && /^[a-z]$/i.test(raw) ? raw.toUpperCase() : null;
}

/** Lower case without accents, so "sao" finds "São Paulo". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Cities whose name, country code or country name contains `text`, ignoring case and accents. */
export function filterCities(cities: readonly CityEntry[], text: string): CityEntry[] {
  const needle = fold(text.trim());
  if (!needle) return [...cities];
  return cities.filter(
    (city) => fold(city.city).includes(needle) || city.countryCode.toLowerCase().includes(needle) || fold(city.country).includes(needle),
  );
}

export interface CityTotals {
  cities: number;
  businesses: number;
  /** Businesses per city, rounded. */
  averagePerCity: number;
}

/** The stat tiles of the cities list. */
export function getCityTotals(cities: readonly CityEntry[]): CityTotals {
  const businesses = cities.reduce((sum, city) => sum + city.businessCount, 0);
  return { cities: cities.length, businesses, averagePerCity: cities.length ? Math.round(businesses / cities.length) : 0 };
}

/** The address of a city page: /cities/{country code, lower case}/{city slug}. */
export const cityPath = (city: { countryCode: string; slug: string }) => `/cities/${city.countryCode.toLowerCase()}/${city.slug}`;
