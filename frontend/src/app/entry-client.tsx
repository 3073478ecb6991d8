import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes.tsx';
import '../styles/global.css';

const router = createBrowserRouter(routes, {
  hydrationData: (window as unknown as { __staticRouterHydrationData?: never }).__staticRouterHydrationData,
});

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
