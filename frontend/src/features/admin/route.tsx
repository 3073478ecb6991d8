import type { RouteObject } from 'react-router-dom';
import type { ScreenName } from './admin-app.tsx';

/**
 * Each admin route's code, loader and title come from the one admin chunk, fetched the first
 * time /admin is visited: the visitors' entry holds only these paths.
 */
const screen = (name: ScreenName) => async () => (await import('./admin-app.tsx')).screens[name];

/** /admin and its screens (outside the public layout: no public navigation or footer). */
export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: screen('root'),
  children: [
    { path: 'login', lazy: screen('login') },
    {
      lazy: screen('layout'),
      children: [
        { index: true, lazy: screen('dashboard') },
        { path: 'dashboard', lazy: screen('dashboard') },
        { path: 'activity', lazy: screen('activity') },
        { path: 'businesses', lazy: screen('businesses') },
        { path: 'businesses/:id', lazy: screen('businessEdit') },
        { path: 'upload', lazy: screen('upload') },
        { path: 'settings', lazy: screen('settings') },
        { path: 'advertisements', lazy: screen('advertisements') },
        { path: 'reports', lazy: screen('reports') },
        { path: 'messages', lazy: screen('messages') },
        { path: 'maintenance', lazy: screen('maintenance') },
        { path: '*', lazy: screen('notFound') },
      ],
    },
  ],
};
