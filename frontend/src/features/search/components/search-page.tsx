import { InstantSearchSSRProvider } from 'react-instantsearch';
import { useLoaderData } from 'react-router-dom';
import type { SearchPageData } from '../route.tsx';
import { SearchApp } from './search-app.tsx';
import '../search.css';

/**
 * The /search route's page. On first paint it starts from the results the server computed for
 * the URL (so hydration neither refetches nor flashes); after that InstantSearch owns the URL.
 */
export function SearchPage() {
  const { url, serverState } = useLoaderData() as SearchPageData;
  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <SearchApp serverUrl={url} />
    </InstantSearchSSRProvider>
  );
}
