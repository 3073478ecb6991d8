import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { AdvertisementCodes, BusinessDetail } from '@directory/backend/shared/api-types.ts';
import { getApiClient, isApiRequestError, type BusinessResult } from '../../lib/api-client.ts';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { movedPermanently, notFoundResponse, type NotFoundData } from '../../lib/route-errors.ts';
import { buildBreadcrumbJsonLd, buildLocalBusinessJsonLd, getMetaDescription } from './business-content.ts';
import { BUSINESS_NOT_FOUND_TITLE, BusinessRouteError } from './components/business-not-found.tsx';
import { DetailSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

export interface BusinessPageData {
  business: BusinessDetail;
  ads: AdvertisementCodes;
  /** The businesses near it; null when they could not be read (the page shows without them). */
  /** When the page was loaded (ms): open/closed and "today" render from it, identically on server and client. */
  now: number;
}

const NO_ADS: AdvertisementCodes = { ad1: '', ad2: '', ad3: '', ad4: '' };

/** The spec's rule for ad fetch failures: logged, and the page shows without ads. */
function noAdvertisements(error: unknown): AdvertisementCodes {
  console.warn('Advertisement codes could not be loaded', error);
  return NO_ADS;
}

/**
 * The business, or a 'Business not found: {status}' answer when the detail call fails: the
 * visitor gets the Business Not Found screen either way (with a 5xx status when the call failed).
 */
async function readBusiness(slug: string): Promise<BusinessResult> {
  try {
    return await getApiClient().business(slug);
  } catch (error) {
    console.error(error);
    const status = isApiRequestError(error) ? error.status : 500;
    throw data<NotFoundData>({ message: `Business not found: ${status}` }, { status: status >= 500 ? status : 502 });
  }
}

/** Slugs are lower case: the slug of a business written in capitals (an old link) moves to its page. */
async function moveFromOtherCase(slug: string): Promise<void> {
  const lowerCase = slug.toLowerCase();
  if (lowerCase === slug) return;
  const result = await readBusiness(lowerCase);
  if (result.kind === 'found') movedPermanently(`/business/${result.business.slug}`);
  if (result.kind === 'moved') movedPermanently(`/business/${result.slug}`);
}

async function loadBusiness({ params }: LoaderFunctionArgs): Promise<BusinessPageData> {
  const slug = params.slug ?? '';
  const api = getApiClient();
  const [result, ads] = await Promise.all([readBusiness(slug), api.advertisementCodes().catch(noAdvertisements)]);
  if (result.kind === 'moved') movedPermanently(`/business/${result.slug}`);
  if (result.kind === 'missing') {
    await moveFromOtherCase(slug);
    notFoundResponse(`Business not found: 404`);
  }
  return { business: result.business, ads, now: Date.now() };
}

const handle: RouteHandle<BusinessPageData> = {
  skeleton: DetailSkeleton,
  errorTitle: BUSINESS_NOT_FOUND_TITLE,
  meta: ({ business }, _params, origin): PageMeta => ({
    title: `${business.name} - ${business.type ?? business.category ?? 'Business'} | Business Directory`,
    description: getMetaDescription(business),
    canonicalPath: `/business/${business.slug}`,
    ogType: 'business.business',
    image: business.photo
      ? { url: business.photo, alt: `Photo of ${business.name}`, isPhoto: true }
      : business.logo
        ? { url: business.logo, alt: `Logo of ${business.name}`, isPhoto: false }
        : null,
    jsonLd: [buildLocalBusinessJsonLd(business, origin), buildBreadcrumbJsonLd(business, origin)],
  }),
};

export const businessRoute: RouteObject = {
  path: 'business/:slug',
  loader: loadBusiness,
  lazy: lazyPage('business/components/business-page.tsx', 'BusinessPage'),
  errorElement: <BusinessRouteError />,
  handle,
};
