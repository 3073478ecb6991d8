/** The admin root and the login screen: the admin chunk a signed-out operator downloads (route.tsx). */
import type { RouteObject } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { AdminError, AdminRoot } from './components/admin-root.tsx';
import { LoginPage } from './components/login-page.tsx';
import { loginLoader } from './loaders.ts';
import './admin.css';

/** Admin pages: titled for the operator, never indexed. */
export const titled = (title: string): RouteHandle => ({
  meta: (): PageMeta => ({
    title: `${title} | Yönetim Paneli`,
    description: 'Business Directory yönetim paneli.',
    canonicalPath: '/admin',
    noIndex: true,
  }),
});

export const loginScreens = {
  root: { Component: AdminRoot, ErrorBoundary: AdminError },
  login: { loader: loginLoader, Component: LoginPage, handle: titled('Yönetici Girişi') },
} satisfies Record<string, Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary' | 'handle'>>;
