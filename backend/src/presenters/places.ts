import type { CategoryAggregate, CityAggregate, CityPage, CountryAggregate } from '@directory/indexer/engine.ts';
import { letterOf } from '@directory/data/slug.ts';
import type { CategoryEntry, CityEntry, CountryEntry, PagedCities } from '../shared/api-types.ts';

export function presentCategoryEntry(category: CategoryAggregate): CategoryEntry {
  return {
    category: category.name,
    slug: category.slug,
    letter: letterOf(category.name),
    count: category.businessCount,
    countryCount: category.countryCount,
    averageRating: category.averageRating,
  };
}

export function presentCountryEntry(country: CountryAggregate): CountryEntry {
  return {
    country: country.name,
    slug: country.slug,
    countryCode: country.code,
    businessCount: country.businessCount,
    cityCount: country.cityCount,
    categoryCount: country.categoryCount,
  };
}

export function presentCityEntry(city: CityAggregate): CityEntry {
  return {
    city: city.name,
    slug: city.slug,
    countryCode: city.countryCode,
    country: city.countryName,
    businessCount: city.businessCount,
    categoryCount: city.categoryCount,
  };
}

/** One page of cities, asked for as page `page` of `limit`. */
export function presentPagedCities(result: CityPage, page: number, limit: number): PagedCities {
  return {
    cities: result.items.map(presentCityEntry),
    total: result.total,
    businessTotal: result.businessTotal,
    currentPage: page,
    totalPages: Math.ceil(result.total / limit),
    limit,
  };
}
