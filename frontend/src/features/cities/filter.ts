/** Cities list and city page: 12 a page (visitor spec, section 9). */
export const CITY_PAGE_SIZE = 12;

/** The `:letter` of /cities/{letter} as one upper-case letter A–Z, or null when it is not one. */
export function cityLetterFromParam(raw: string | undefined): string | null {
  return raw !== undefined && /^[a-z]$/i.test(raw) ? raw.toUpperCase() : null;
}

export interface CityTotals {
  cities: number;
  businesses: number;
  /** Businesses per city, rounded. */
  averagePerCity: number;
}

/** The stat tiles of the cities list, from the number of cities listed and their businesses. */
export function getCityTotals(cities: number, businesses: number): CityTotals {
  return { cities, businesses, averagePerCity: cities ? Math.round(businesses / cities) : 0 };
}

/** The address of a city page: /cities/{country code, lower case}/{city slug}. */
export const cityPath = (city: { countryCode: string; slug: string }) => `/cities/${city.countryCode.toLowerCase()}/${city.slug}`;
