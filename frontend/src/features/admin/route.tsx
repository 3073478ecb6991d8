import type { RouteObject } from 'react-router-dom';
import { withChunk } from '../../app/lazy-page.ts';
import type { ScreenName } from './admin-app.tsx';

/**
 * Each admin route's code, loader and title come from the admin chunks, fetched the first
 * time /admin is visited: the visitors' entry holds only these paths.
 */
const screen = (name: ScreenName) => withChunk(async () => (await import('./admin-app.tsx')).screens[name], 'src/features/admin/admin-app.tsx');

/** The root and the login screen come from the smaller login chunk: the login page needs nothing else. */
const loginScreen = (name: 'root' | 'login') =>
  withChunk(async () => (await import('./admin-login.tsx')).loginScreens[name], 'src/features/admin/admin-login.tsx');

/** /admin and its screens (outside the public layout: no public navigation or footer). */
export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: loginScreen('root'),
  children: [
    { path: 'login', lazy: loginScreen('login') },
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
        { path: 'contact-details', lazy: screen('contactDetails') },
        { path: 'advertisements', lazy: screen('advertisements') },
        { path: 'reports', lazy: screen('reports') },
        { path: 'messages', lazy: screen('messages') },
        { path: 'maintenance', lazy: screen('maintenance') },
        { path: '*', lazy: screen('notFound') },
      ],
    },
  ],
};
