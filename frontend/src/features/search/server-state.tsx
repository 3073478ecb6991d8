/**
 * Server only: the InstantSearch state of a search URL, computed by rendering the search app
 * once with InstantSearch's server context (its searches go to the in-process API client).
 * The route's loader imports this only in the server build.
 */
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import { MemoryRouter } from 'react-router-dom';
import { SearchApp } from './components/search-app.tsx';

export async function getSearchServerState(url: string): Promise<InstantSearchServerState> {
  const { pathname, search } = new URL(url);
  // The app's links need a router around them; this render is thrown away, only its searches count.
  return getServerState(
    <MemoryRouter initialEntries={[`${pathname}${search}`]}>
      <SearchApp serverUrl={url} />
    </MemoryRouter>,
    { renderToString },
  );
}
