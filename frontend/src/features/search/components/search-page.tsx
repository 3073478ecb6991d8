import { InstantSearchSSRProvider } from 'react-instantsearch';
import { useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { SITE_ROUTE_ID, type SiteData } from '../../../app/page-head.ts';
import type { SearchPageData } from '../route.tsx';
import { SearchApp } from './search-app.tsx';
import '../search.css';

/**
 * The /search route's page. On first paint it starts from the results the server computed for
 * the URL (so hydration neither refetches nor flashes); after that InstantSearch owns the URL.
 */
export function SearchPage() {
  const { url, serverState } = useLoaderData() as SearchPageData;
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteData;
  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <SearchApp serverUrl={url} origin={site.origin} />
    </InstantSearchSSRProvider>
  );
}
