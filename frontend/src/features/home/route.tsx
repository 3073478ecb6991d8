import type { RouteObject } from 'react-router-dom';
import { getApiClient } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import type { HomeData } from './components/home-page.tsx';
import { HomeSkeleton } from '../../components/page-skeleton.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

async function loadHome(): Promise<HomeData> {
  const api = getApiClient();
  const [homepage, featured] = await Promise.all([api.homepage(), api.featured()]);
  return { homepage, featured };
}

const handle: RouteHandle<HomeData> = {
  skeleton: HomeSkeleton,
  meta: (data, _params, origin): PageMeta => ({
    title: 'Business Directory - Find Local Businesses Worldwide',
    description: `Find ${formatNumber(data.homepage.totals.businesses)} local businesses in ${formatNumber(data.homepage.totals.cities)} cities and ${data.homepage.totals.countries} countries: ratings, opening hours, phone numbers and directions.`,
    canonicalPath: '/',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Business Directory',
        url: `${origin}/`,
        potentialAction: { '@type': 'SearchAction', target: `${origin}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
      },
    ],
  }),
};

export const homeRoute: RouteObject = { index: true, loader: loadHome, lazy: lazyPage('home/components/home-page.tsx', 'HomePage'), handle };
