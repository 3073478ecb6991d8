import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { CategoryPageData } from '@directory/backend/shared/api-types.ts';
import { slugify } from '@directory/backend/shared/slug.ts';
import { breadcrumbJsonLd } from '../../components/breadcrumbs.tsx';
import { isLoadFailure, loadFailure, type LoadFailure } from '../../components/page-states.tsx';
import { paginate } from '../../components/pager.tsx';
import { getApiClient } from '../../lib/api-client.ts';
import { formatNumber, pluralize } from '../../lib/format.ts';
import { itemListJsonLd } from '../../lib/item-list.ts';
import { loadList, pagedDescription, pagePath, readPageOrLast, skipViewOnlyChanges } from '../../lib/list-loader.ts';
import { SITE_NAME, type PageMeta, type RouteHandle } from '../../lib/page-meta.ts';
import { movedPermanently, notFoundResponse, pageFromUrl } from '../../lib/route-errors.ts';
import type { CategoriesData } from './components/categories-page.tsx';
import type { CategoryData } from './components/category-page.tsx';
import { categoryCrumbs } from './crumbs.ts';
import { CATEGORY_PAGE_SIZE, filterCategories, getCategoryTotals, letterFromQuery } from './filter.ts';
import { ListSkeleton, PlaceSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

async function loadCategories({ request }: LoaderFunctionArgs) {
  const letter = letterFromQuery(new URL(request.url).searchParams.get('letter'));
  return loadList(request, async ({ text, page }) => {
    const api = getApiClient();
    const [homepage, categories] = await Promise.all([api.homepage(), api.categories(letter ?? undefined)]);
    return {
      letter,
      text,
      totals: getCategoryTotals(categories),
      allBusinesses: homepage.totals.businesses,
      page: paginate(filterCategories(categories, text), page, CATEGORY_PAGE_SIZE),
    } satisfies CategoriesData;
  });
}

function categoriesPath(letter: string | null, page: number): string {
  const params = new URLSearchParams();
  if (letter) params.set('letter', letter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/categories?${query}` : '/categories';
}

function describeCategories(data: CategoriesData | LoadFailure, _params: unknown, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Unable to load categories | ${SITE_NAME}`, description: 'The categories could not be loaded.', canonicalPath: '/categories', noIndex: true };
  }
  const { letter, totals, page, text } = data;
  const heading = letter ? `Keywords beginning with ${letter}` : 'Business Categories';
  const pagePart = page.page > 1 && !text ? ` - Page ${page.page}` : '';
  const examples = page.items.slice(0, 3).map((category) => category.category);
  return {
    title: `${heading} - ${pluralize(totals.categories, 'category', 'categories')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `Browse ${pluralize(totals.categories, 'business category', 'business categories')}${letter ? ` beginning with ${letter}` : ''} ` +
        `covering ${pluralize(totals.businesses, 'business', 'businesses')}` +
        (examples.length ? `, such as ${examples.join(', ')}.` : '.'),
      text ? 1 : page.page,
      page.totalPages,
    ),
    canonicalPath: categoriesPath(letter, text ? 1 : page.page),
    // A letter no category begins with (every letter strip links to it): a page of nothing, kept out of the index.
    noIndex: totals.categories === 0,
    jsonLd: [
      itemListJsonLd(
        origin,
        heading,
        page.total,
        page.first,
        page.items.map((category) => ({ name: category.category, path: `/categories/${category.slug}` })),
      ),
    ],
  };
}

async function loadCategory({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  if ([...slug].length === 1) movedPermanently(`/categories?letter=${encodeURIComponent(slug.toUpperCase())}`);
  const page = pageFromUrl(request.url);
  // An address written as the category's name ("Hair salon", "café", "ATM") asks for the slug that name makes.
  const wanted = slugify(slug) || slug;
  let category: CategoryPageData | null;
  try {
    category = await readPageOrLast(page, (number) => getApiClient().category(wanted, number, CATEGORY_PAGE_SIZE));
  } catch (error) {
    return loadFailure(error);
  }
  if (!category) notFoundResponse('Category not found', { to: '/categories', label: 'Back to categories' });
  if (category.slug !== slug) movedPermanently(pagePath(`/categories/${category.slug}`, category.currentPage));
  return { category } satisfies CategoryData;
}

function describeCategory(data: CategoryData | LoadFailure, params: Record<string, string | undefined>, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Error loading category | ${SITE_NAME}`, description: 'The category could not be loaded.', canonicalPath: `/categories/${params.slug ?? ''}`, noIndex: true };
  }
  const { category } = data;
  const countries = category.topCountries.slice(0, 3).map((country) => country.country);
  const pagePart = category.currentPage > 1 ? ` - Page ${category.currentPage}` : '';
  return {
    title: `${category.category} in all countries - ${pluralize(category.businessCount, 'business', 'businesses')}${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(
      `Find ${formatNumber(category.businessCount)} ${category.category} ${category.businessCount === 1 ? 'business' : 'businesses'} ` +
        `in ${pluralize(category.countryCount, 'country', 'countries')}` +
        (countries.length ? `, including ${countries.join(', ')}` : '') +
        ': ratings, reviews, addresses and phone numbers.',
      category.currentPage,
      category.totalPages,
    ),
    canonicalPath: pagePath(`/categories/${category.slug}`, category.currentPage),
    jsonLd: [
      breadcrumbJsonLd(categoryCrumbs(category), origin),
      itemListJsonLd(
        origin,
        `${category.category} businesses`,
        category.businessCount,
        (category.currentPage - 1) * category.limit + 1,
        category.businesses.map((business) => ({ name: business.name, path: `/business/${business.slug}` })),
      ),
    ],
  };
}

const listHandle: RouteHandle<CategoriesData | LoadFailure> = { meta: describeCategories, nav: '/categories', skeleton: ListSkeleton };
const pageHandle: RouteHandle<CategoryData | LoadFailure> = { meta: describeCategory, nav: '/categories', skeleton: PlaceSkeleton };

export const categoriesRoutes: RouteObject[] = [
  { path: 'categories', loader: loadCategories, shouldRevalidate: skipViewOnlyChanges, lazy: lazyPage('categories/components/categories-page.tsx', 'CategoriesPage'), handle: listHandle },
  { path: 'categories/:slug', loader: loadCategory, lazy: lazyPage('categories/components/category-page.tsx', 'CategoryPage'), handle: pageHandle },
];
