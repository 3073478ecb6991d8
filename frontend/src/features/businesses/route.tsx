import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import type { PagedBusinesses } from '@directory/backend/shared/api-types.ts';
import { isLoadFailure, loadFailure, type LoadFailure } from '../../components/page-states.tsx';
import { getApiClient } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { itemListJsonLd } from '../../lib/item-list.ts';
import { pagedDescription, pagePath, readPageOrLast } from '../../lib/list-loader.ts';
import { SITE_NAME, type PageMeta, type RouteHandle } from '../../lib/page-meta.ts';
import type { BusinessesData } from './components/businesses-page.tsx';
import { BUSINESS_PAGE_SIZE, businessPageFromQuery, reachablePages } from './paging.ts';
import { ListSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

async function loadBusinesses({ request }: LoaderFunctionArgs) {
  const page = businessPageFromQuery(new URL(request.url).searchParams.get('page'));
  let result: PagedBusinesses;
  try {
    // Past the last page (at most page 100): the last page the visitor may reach.
    result = await readPageOrLast(page, async (number) => {
      const answer = await getApiClient().businesses(number);
      return { ...answer, totalPages: reachablePages(answer.totalPages) };
    });
  } catch (error) {
    return loadFailure(error);
  }
  return { page: Math.min(page, Math.max(1, result.totalPages)), result } satisfies BusinessesData;
}

function describeBusinesses(data: BusinessesData | LoadFailure, _params: unknown, origin: string): PageMeta {
  if (isLoadFailure(data)) {
    return { title: `Error Loading Businesses | ${SITE_NAME}`, description: 'The business list could not be loaded.', canonicalPath: '/businesses', noIndex: true };
  }
  const { page, result } = data;
  const pages = reachablePages(result.totalPages);
  const total = formatNumber(result.totalCount);
  const pagePart = page > 1 ? ` - Page ${page} of ${formatNumber(pages)}` : '';
  return {
    title: `All Businesses - ${total} businesses${pagePart} | ${SITE_NAME}`,
    description: pagedDescription(`Browse ${total} local businesses with ratings, reviews, phone numbers and addresses.`, page, pages),
    canonicalPath: pagePath('/businesses', page),
    jsonLd: [
      itemListJsonLd(
        origin,
        'All Businesses',
        result.totalCount,
        (page - 1) * BUSINESS_PAGE_SIZE + 1,
        result.businesses.map((business) => ({ name: business.name, path: `/business/${business.slug}` })),
      ),
    ],
  };
}

const handle: RouteHandle<BusinessesData | LoadFailure> = { meta: describeBusinesses, nav: '/businesses', skeleton: ListSkeleton };

export const businessesRoute: RouteObject = { path: 'businesses', loader: loadBusinesses, lazy: lazyPage('businesses/components/businesses-page.tsx', 'BusinessesPage'), handle };
