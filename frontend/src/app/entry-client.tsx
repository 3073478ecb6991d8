import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { RENDERED_READS_ELEMENT_ID, seedBrowserCache, type RenderedReads } from '../lib/api-client.ts';
import { followPageHead } from './page-head.ts';
import { routes } from './routes.tsx';
import '../styles/global.css';

// A route whose code loads on demand (the search page) is loaded before hydrating, so the
// browser's first render is the page the server sent, not an empty fallback.
await Promise.all(
  (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, { ...(await route.lazy()), lazy: undefined });
  }),
);

// The reads the server made for this page: the first client-side move reuses what is still fresh.
const renderedReads = document.getElementById(RENDERED_READS_ELEMENT_ID)?.textContent;
if (renderedReads) seedBrowserCache(JSON.parse(renderedReads) as RenderedReads);

const router = createBrowserRouter(routes, {
  hydrationData: (window as unknown as { __staticRouterHydrationData?: never }).__staticRouterHydrationData,
});
// Each page the router shows next gets the <head> the server would have written for it.
followPageHead(router, document);

// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (one long task, the home page's Total Blocking Time); the page
// is the server's HTML meanwhile, and input that arrives first is replayed once it is live.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
