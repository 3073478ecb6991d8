import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { CityEntry, CityPageData } from '@directory/backend/shared/api-types.ts';
import { letterOf, slugify } from '@directory/backend/shared/slug.ts';
import { breadcrumbJsonLd } from '../../components/breadcrumbs.tsx';
import { isLoadFailure, loadFailure, type LoadFailure } from '../../components/page-states.tsx';
import { getApiClient } from '../../lib/api-client.ts';
import { formatNumber, pluralize } from '../../lib/format.ts';
import { itemListJsonLd } from '../../lib/item-list.ts';
import { loadList, pagedDescription, pagePath, readPageOrLast, readServerPage } from '../../lib/list-loader.ts';
import { SITE_NAME, type PageMeta, type RouteHandle } from '../../lib/page-meta.ts';
import { movedPermanently, notFoundResponse, pageFromUrl } from '../../lib/route-errors.ts';
import type { CitiesData } from './components/cities-page.tsx';
import type { CityData } from './components/city-page.tsx';
import { cityCrumbs } from './crumbs.ts';
import { CITY_PAGE_SIZE, cityLetterFromParam, cityPath, getCityTotals } from './filter.ts';
import { ListSkeleton, PlaceSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

const citiesPage = lazyPage('cities/components/cities-page.tsx', 'CitiesPage');

async function loadCities({ request, params }: LoaderFunctionArgs) {
  const letter = params.letter === undefined ? null : cityLetterFromParam(params.letter);
  if (params.letter !== undefined && letter === null) notFoundResponse('Page not found');
  return loadList(request, async ({ text, page }) => {
    const api = getApiClient();
    const byLetter = letter ? { letter } : {};
    const [homepage, cities, unfiltered] = await Promise.all([
      api.homepage(),
      readServerPage(page, CITY_PAGE_SIZE, (number) => api.citiesPage({ ...byLetter, q: text, page: number, limit: CITY_PAGE_SIZE }), (paged) => paged.cities),
      // The tiles count every city of the letter, whatever the text filter: one city brings their totals.
      text ? api.citiesPage({ ...byLetter, page: 1, limit: 1 }) : null,
    ]);
    const { total, businessTotal } = unfiltered ?? cities.response;
    return {
      letter,
      text,
      totals: getCityTotals(total, businessTotal),
      allBusinesses: homepage.totals.businesses,
      page: cities.slice,
    } satisfies CitiesData;
  });
}

function describeCities(data: CitiesData | LoadFailure, _params: unknown, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Unable to load cities | ${SITE_NAME}`, description: 'The cities could not be loaded.', canonicalPath: '/cities', noIndex: true };
  }
  const { letter, totals, page, text } = data;
  const heading = letter ? `Cities beginning with ${letter}` : 'Cities Directory';
  const base = letter ? `/cities/${letter}` : '/cities';
  const pageNumber = text ? 1 : page.page;
  const examples = page.items.slice(0, 3).map((city) => city.city);
  return {
    title: `${heading} - ${pluralize(totals.cities, 'city', 'cities')}${pageNumber > 1 ? ` - Page ${pageNumber}` : ''} | ${SITE_NAME}`,
    description: pagedDescription(
      `Browse ${pluralize(totals.cities, 'city', 'cities')}${letter ? ` beginning with ${letter}` : ''} with ` +
        `${pluralize(totals.businesses, 'local business', 'local businesses')}` +
        (examples.length ? `, such as ${examples.join(', ')}.` : '.'),
      pageNumber,
      page.totalPages,
    ),
    canonicalPath: pagePath(base, pageNumber),
    // A letter no city begins with (every letter strip links to it): a page of nothing, kept out of the index.
    noIndex: totals.cities === 0,
    jsonLd: [
      itemListJsonLd(
        origin,
        heading,
        page.total,
        page.first,
        page.items.map((city) => ({ name: `${city.city}, ${city.country}`, path: cityPath(city) })),
      ),
    ],
  };
}

/**
 * The city an old home page's "Top Cities" link meant: it wrote every city as /cities/us/{slug},
 * whatever its country. Only the one city of the index with that slug; several name no one page.
 */
async function findOldTopCity(citySlug: string): Promise<CityEntry | null> {
  const slug = slugify(citySlug);
  if (!slug) return null;
  // A city's letter is its slug's first letter: the letter's list holds every city the slug can name.
  const matches = (await getApiClient().cities({ letter: letterOf(slug) })).filter((city) => city.slug === slug);
  return matches.length === 1 ? matches[0]! : null;
}

async function loadCity({ request, params }: LoaderFunctionArgs) {
  const countryCode = params.countryCode ?? '';
  const citySlug = params.citySlug ?? '';
  if (!/^[a-z]{2}$/i.test(countryCode)) notFoundResponse('City not found', { to: '/cities', label: 'Back to cities' });
  const page = pageFromUrl(request.url);
  let city: CityPageData | null;
  try {
    city = await readPageOrLast(page, (number) => getApiClient().city(countryCode, citySlug, number, CITY_PAGE_SIZE));
  } catch (error) {
    return loadFailure(error);
  }
  if (!city) {
    if (countryCode.toLowerCase() === 'us') {
      let elsewhere: CityEntry | null;
      try {
        elsewhere = await findOldTopCity(citySlug);
      } catch (error) {
        return loadFailure(error);
      }
      if (elsewhere) movedPermanently(pagePath(cityPath(elsewhere), Math.min(page, Math.max(1, Math.ceil(elsewhere.businessCount / CITY_PAGE_SIZE)))));
    }
    notFoundResponse('City not found', { to: '/cities', label: 'Back to cities' });
  }
  const canonical = cityPath(city);
  if (canonical !== `/cities/${countryCode}/${citySlug}`) movedPermanently(pagePath(canonical, city.currentPage));
  return { city } satisfies CityData;
}

function describeCity(data: CityData | LoadFailure, params: Record<string, string | undefined>, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return {
      title: `Error loading city | ${SITE_NAME}`,
      description: 'The city could not be loaded.',
      canonicalPath: `/cities/${params.countryCode ?? ''}/${params.citySlug ?? ''}`,
      noIndex: true,
    };
  }
  const { city } = data;
  const categories = city.topCategories.slice(0, 3).map((category) => category.category);
  const pagePart = city.currentPage > 1 ? ` - Page ${city.currentPage}` : '';
  return {
    title: `Businesses in ${city.city}, ${city.country} - ${pluralize(city.businessCount, 'business', 'businesses')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `Find ${formatNumber(city.businessCount)} local ${city.businessCount === 1 ? 'business' : 'businesses'} in ${city.city}, ${city.country} ` +
        `across ${pluralize(city.categoryCount, 'category', 'categories')}` +
        (categories.length ? `, including ${categories.join(', ')}.` : '.'),
      city.currentPage,
      city.totalPages,
    ),
    canonicalPath: pagePath(cityPath(city), city.currentPage),
    jsonLd: [
      breadcrumbJsonLd(cityCrumbs(city), origin),
      itemListJsonLd(
        origin,
        `Businesses in ${city.city}`,
        city.businessCount,
        (city.currentPage - 1) * city.limit + 1,
        city.businesses.map((business) => ({ name: business.name, path: `/business/${business.slug}` })),
      ),
    ],
  };
}

const listHandle: RouteHandle<CitiesData | LoadFailure> = { meta: describeCities, nav: '/cities', skeleton: ListSkeleton };
const pageHandle: RouteHandle<CityData | LoadFailure> = { meta: describeCity, nav: '/cities', skeleton: PlaceSkeleton };

export const citiesRoutes: RouteObject[] = [
  { path: 'cities', loader: loadCities, lazy: citiesPage, handle: listHandle },
  { path: 'cities/:letter', loader: loadCities, lazy: citiesPage, handle: listHandle },
  { path: 'cities/:countryCode/:citySlug', loader: loadCity, lazy: lazyPage('cities/components/city-page.tsx', 'CityPage'), handle: pageHandle },
];
