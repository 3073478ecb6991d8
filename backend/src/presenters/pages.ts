import type { BusinessSummary } from '@directory/indexer/document.ts';
import type { CategoryDetail, CityDetail, CountryDetail, Page } from '@directory/indexer/engine.ts';
import type { HomeData } from '../services/directory-service.ts';
import type { CategoryPageData, CityPageData, CountryPageData, HomepageData, PagedBusinesses } from '../shared/api-types.ts';
import { countrySlug } from '@directory/data/countries.ts';
import { presentBusinessListItem } from './business.ts';

function totalPages(page: Page<unknown>, maxPages = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.ceil(page.total / page.perPage), maxPages);
}

export function presentHomepage(home: HomeData): HomepageData {
  return {
    popularSearches: home.categories.map((c) => ({ category: c.name, slug: c.slug, count: c.businessCount })),
    topCities: home.cities.map((c) => ({ city: c.name, slug: c.slug, countryCode: c.countryCode, count: c.businessCount })),
    topCountries: home.countries.map((c) => ({ country: c.name, slug: c.slug, countryCode: c.code, businessCount: c.businessCount })),
    totals: {
      businesses: home.totals.businessCount,
      categories: home.totals.categoryCount,
      countries: home.totals.countryCount,
      cities: home.totals.cityCount,
    },
  };
}

/** The business list; pages beyond `maxPages` are never offered. */
export function presentBusinessPage(page: Page<BusinessSummary>, maxPages: number): PagedBusinesses {
  const pages = totalPages(page);
  return {
    businesses: page.items.map(presentBusinessListItem),
    currentPage: page.page,
    totalPages: pages,
    totalCount: page.total,
    hasNextPage: page.page < Math.min(pages, maxPages),
    hasPrevPage: page.page > 1,
  };
}

export function presentCategoryPage(detail: CategoryDetail, page: Page<BusinessSummary>): CategoryPageData {
  return {
    category: detail.category.name,
    slug: detail.category.slug,
    businessCount: detail.category.businessCount,
    countryCount: detail.category.countryCount,
    averageRating: detail.category.averageRating,
    businesses: page.items.map(presentBusinessListItem),
    topCountries: detail.topCountries.map((c) => ({ country: c.name, slug: c.slug, countryCode: c.code, count: c.count })),
    currentPage: page.page,
    totalPages: totalPages(page),
    limit: page.perPage,
  };
}

export function presentCountryPage(detail: CountryDetail): CountryPageData {
  return {
    country: detail.country.name,
    slug: detail.country.slug,
    countryCode: detail.country.code,
    businessCount: detail.country.businessCount,
    cityCount: detail.country.cityCount,
    categoryCount: detail.country.categoryCount,
    topCities: detail.cities.map((c) => ({ city: c.name, slug: c.slug, countryCode: c.countryCode, count: c.count })),
    topCategories: detail.categories.map((c) => ({ category: c.name, slug: c.slug, count: c.count })),
  };
}

export function presentCityPage(detail: CityDetail, page: Page<BusinessSummary>): CityPageData {
  return {
    city: detail.city.name,
    slug: detail.city.slug,
    country: detail.city.countryName,
    countryCode: detail.city.countryCode,
    countrySlug: countrySlug(detail.city.countryCode),
    businessCount: detail.city.businessCount,
    categoryCount: detail.city.categoryCount,
    businesses: page.items.map(presentBusinessListItem),
    topCategories: detail.categories.map((c) => ({ category: c.name, slug: c.slug, count: c.count })),
    currentPage: page.page,
    totalPages: totalPages(page),
    limit: page.perPage,
  };
}
