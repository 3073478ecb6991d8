import { isRouteErrorResponse, useRouteError, type RouteObject } from 'react-router-dom';
import { Layout } from '../components/layout.tsx';
import { adminRoute } from '../features/admin/route.tsx';
import { businessRoute } from '../features/business/route.tsx';
import { businessesRoute } from '../features/businesses/route.tsx';
import { categoriesRoutes } from '../features/categories/route.tsx';
import { citiesRoutes } from '../features/cities/route.tsx';
import { contactRoute } from '../features/contact/route.tsx';
import { countriesRoutes } from '../features/countries/route.tsx';
import { homeRoute } from '../features/home/route.tsx';
import { legalRoutes } from '../features/legal/route.tsx';
import { NotFoundPage } from '../features/not-found/components/not-found-page.tsx';
import { searchRoute } from '../features/search/route.tsx';
import { unavailableMessage } from '../lib/api-client.ts';
import { isPlaceNotFound, notFoundResponse } from '../lib/route-errors.ts';
import { PlaceNotFound } from '../components/place-not-found.tsx';
import { SITE_ROUTE_ID, type SiteData } from './page-head.ts';

/** What a failed page shows: the 404 page for anything missing, a short apology otherwise. */
function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return isPlaceNotFound(error.data) ? <PlaceNotFound title={error.data.message} back={error.data.back} /> : <NotFoundPage />;
  }
  const unavailable = unavailableMessage(error);
  if (unavailable !== null) {
    return (
      <section className="container page-error" role="alert">
        <h1>Temporarily unavailable</h1>
        <p>{unavailable}</p>
      </section>
    );
  }
  return (
    <section className="container page-error" role="alert">
      <h1>Error loading application</h1>
      <p>Something went wrong while loading this page. Please try again in a moment.</p>
    </section>
  );
}

/** Every page, under the layout. */
const pageRoutes: RouteObject[] = [
  homeRoute,
  businessRoute,
  businessesRoute,
  ...categoriesRoutes,
  ...countriesRoutes,
  ...citiesRoutes,
  contactRoute,
  searchRoute,
  ...legalRoutes,
  { path: '*', loader: () => notFoundResponse('Page not found'), element: null },
];

/** The one route table, served by the server renderer and hydrated by the browser. */
export const routes: RouteObject[] = [
  {
    id: SITE_ROUTE_ID,
    // Read once, with the first page (the browser gets it in the page's hydration data): a
    // client-side navigation writes the next page's head with the origin the server used.
    loader: ({ request }): SiteData => ({ origin: new URL(request.url).origin, year: new Date().getUTCFullYear() }),
    shouldRevalidate: () => false,
    element: <Layout pageRoutes={pageRoutes} />,
    children: [{ errorElement: <RouteError />, children: pageRoutes }],
  },
  // The admin app: its own layout and a chunk of its own, loaded only under /admin.
  adminRoute,
];
