import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { CityEntry, CountryPageData } from '@directory/backend/shared/api-types.ts';
import { breadcrumbJsonLd } from '../../components/breadcrumbs.tsx';
import { isLoadFailure, loadFailure, type LoadFailure } from '../../components/page-states.tsx';
import { paginate, type PageSlice } from '../../components/pager.tsx';
import { getApiClient } from '../../lib/api-client.ts';
import { formatNumber, pluralize } from '../../lib/format.ts';
import { itemListJsonLd } from '../../lib/item-list.ts';
import { filterTextFromUrl, loadList, pagedDescription, pagePath, readServerPage, skipViewOnlyChanges } from '../../lib/list-loader.ts';
import { SITE_NAME, type PageMeta, type RouteHandle } from '../../lib/page-meta.ts';
import { movedPermanently, notFoundResponse, pageFromUrl } from '../../lib/route-errors.ts';
import type { CountriesData } from './components/countries-page.tsx';
import type { CountryCitiesData } from './components/country-cities-page.tsx';
import type { CountryData } from './components/country-page.tsx';
import { countryCitiesCrumbs, countryCrumbs } from './crumbs.ts';
import { COUNTRY_CATEGORY_PAGE_SIZE, COUNTRY_PAGE_SIZE, filterCountries, getCountryTotals } from './filter.ts';
import { ListSkeleton, PlaceSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

async function loadCountries({ request }: LoaderFunctionArgs) {
  return loadList(request, async ({ text, page }) => {
    const countries = await getApiClient().countries();
    return {
      text,
      totals: getCountryTotals(countries),
      page: paginate(filterCountries(countries, text), page, COUNTRY_PAGE_SIZE),
    } satisfies CountriesData;
  });
}

function describeCountries(data: CountriesData | LoadFailure, _params: unknown, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Unable to load countries | ${SITE_NAME}`, description: 'The countries could not be loaded.', canonicalPath: '/countries', noIndex: true };
  }
  const { totals, page, text } = data;
  const pagePart = page.page > 1 && !text ? ` - Page ${page.page}` : '';
  return {
    title: `Countries - ${pluralize(totals.countries, 'country', 'countries')}, ${pluralize(totals.businesses, 'business', 'businesses')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `Browse ${pluralize(totals.businesses, 'local business', 'local businesses')} in ${pluralize(totals.countries, 'country', 'countries')} and ${pluralize(totals.cities, 'city', 'cities')}, country by country.`,
      text ? 1 : page.page,
      page.totalPages,
    ),
    canonicalPath: pagePath('/countries', text ? 1 : page.page),
    jsonLd: [
      itemListJsonLd(
        origin,
        'Countries',
        page.total,
        page.first,
        page.items.map((country) => ({ name: country.country, path: `/countries/${country.slug}` })),
      ),
    ],
  };
}

async function loadCountry({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const page = pageFromUrl(request.url);
  let country: CountryPageData | null;
  try {
    country = await getApiClient().country(slug);
  } catch (error) {
    return loadFailure(error);
  }
  if (!country) notFoundResponse('Country not found', { to: '/countries', label: 'Back to countries' });
  if (country.slug !== slug) movedPermanently(pagePath(`/countries/${country.slug}`, page));
  return { country, categories: paginate(country.topCategories, page, COUNTRY_CATEGORY_PAGE_SIZE) } satisfies CountryData;
}

function describeCountry(data: CountryData | LoadFailure, params: Record<string, string | undefined>, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Error loading country | ${SITE_NAME}`, description: 'The country could not be loaded.', canonicalPath: `/countries/${params.slug ?? ''}`, noIndex: true };
  }
  const { country, categories } = data;
  const cities = country.topCities.slice(0, 3).map((city) => city.city);
  const pagePart = categories.page > 1 ? ` - Page ${categories.page}` : '';
  return {
    title: `Businesses in ${country.country} - ${pluralize(country.businessCount, 'business', 'businesses')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `Find ${pluralize(country.businessCount, 'business', 'businesses')} in ${country.country} across ` +
        `${pluralize(country.cityCount, 'city', 'cities')} and ${pluralize(country.categoryCount, 'category', 'categories')}` +
        (cities.length ? `, including ${cities.join(', ')}.` : '.'),
      categories.page,
      categories.totalPages,
    ),
    canonicalPath: pagePath(`/countries/${country.slug}`, categories.page),
    jsonLd: [breadcrumbJsonLd(countryCrumbs(country), origin)],
  };
}

interface CountryCities {
  page: PageSlice<CityEntry>;
  /** Every city of the country, whatever the text filter. */
  count: number;
}

/** A page of a country's cities whose name contains `text`, and how many cities it has in all. */
async function readCountryCities(countryCode: string, text: string, page: number): Promise<CountryCities> {
  const api = getApiClient();
  const [cities, unfiltered] = await Promise.all([
    readServerPage(page, COUNTRY_PAGE_SIZE, (number) => api.citiesPage({ country: countryCode, q: text, page: number, limit: COUNTRY_PAGE_SIZE }), (paged) => paged.cities),
    text ? api.citiesPage({ country: countryCode, page: 1, limit: 1 }) : null,
  ]);
  return { page: cities.slice, count: (unfiltered ?? cities.response).total };
}

async function loadCountryCities({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const page = pageFromUrl(request.url);
  const text = filterTextFromUrl(request.url);
  const api = getApiClient();
  let country: CountryPageData | null;
  try {
    country = await api.country(slug);
  } catch (error) {
    return loadFailure(error);
  }
  if (!country) notFoundResponse('Country not found', { to: '/countries', label: 'Back to countries' });
  if (country.slug !== slug) movedPermanently(pagePath(`/countries/${country.slug}/cities`, page));
  let cities: CountryCities;
  try {
    cities = await readCountryCities(country.countryCode, text, page);
  } catch (error) {
    return loadFailure(error);
  }
  return {
    country: { country: country.country, slug: country.slug, countryCode: country.countryCode, businessCount: country.businessCount, cityCount: cities.count },
    text,
    // Its cities come biggest first.
    largest: country.topCities[0]?.count ?? 0,
    page: cities.page,
  } satisfies CountryCitiesData;
}

function describeCountryCities(data: CountryCitiesData | LoadFailure, params: Record<string, string | undefined>, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Error loading cities | ${SITE_NAME}`, description: 'The cities could not be loaded.', canonicalPath: `/countries/${params.slug ?? ''}/cities`, noIndex: true };
  }
  const { country, page, text } = data;
  const pagePart = page.page > 1 && !text ? ` - Page ${page.page}` : '';
  return {
    title: `Cities in ${country.country} - ${pluralize(country.cityCount, 'city', 'cities')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `All ${pluralize(country.cityCount, 'city', 'cities')} of ${country.country} in the directory, with ${formatNumber(country.businessCount)} local businesses: pick a city to see its businesses.`,
      text ? 1 : page.page,
      page.totalPages,
    ),
    canonicalPath: pagePath(`/countries/${country.slug}/cities`, text ? 1 : page.page),
    jsonLd: [breadcrumbJsonLd(countryCitiesCrumbs(country), origin)],
  };
}

const listHandle: RouteHandle<CountriesData | LoadFailure> = { meta: describeCountries, nav: '/countries', skeleton: ListSkeleton };
const pageHandle: RouteHandle<CountryData | LoadFailure> = { meta: describeCountry, nav: '/countries', skeleton: PlaceSkeleton };
const citiesHandle: RouteHandle<CountryCitiesData | LoadFailure> = { meta: describeCountryCities, nav: '/countries', skeleton: ListSkeleton };

export const countriesRoutes: RouteObject[] = [
  { path: 'countries', loader: loadCountries, shouldRevalidate: skipViewOnlyChanges, lazy: lazyPage('countries/components/countries-page.tsx', 'CountriesPage'), handle: listHandle },
  { path: 'countries/:slug', loader: loadCountry, lazy: lazyPage('countries/components/country-page.tsx', 'CountryPage'), handle: pageHandle },
  { path: 'countries/:slug/cities', loader: loadCountryCities, lazy: lazyPage('countries/components/country-cities-page.tsx', 'CountryCitiesPage'), handle: citiesHandle },
];
