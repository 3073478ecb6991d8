import type { RouteObject } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { notFoundResponse } from '../../lib/route-errors.ts';
import type { ScreenName } from './admin-app.tsx';

/** Each admin route's code comes from the one admin chunk, fetched the first time /admin is visited. */
const screen = (name: ScreenName) => async () => (await import('./admin-app.tsx')).screens[name];

/** Admin pages: titled for the operator, never indexed. */
const titled = (title: string): RouteHandle => ({
  meta: (): PageMeta => ({
    title: `${title} | Yönetim Paneli`,
    description: 'Business Directory yönetim paneli.',
    canonicalPath: '/admin',
    noIndex: true,
  }),
});

/** /admin and its screens (outside the public layout: no public navigation or footer). */
export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: screen('root'),
  children: [
    { path: 'login', lazy: screen('login'), handle: titled('Yönetici Girişi') },
    {
      lazy: screen('layout'),
      handle: titled('Yönetim Paneli'),
      children: [
        { index: true, lazy: screen('dashboard'), handle: titled('Ana Sayfa') },
        { path: 'dashboard', lazy: screen('dashboard'), handle: titled('Ana Sayfa') },
        { path: 'activity', lazy: screen('activity'), handle: titled('Etkinlik Kaydı') },
        { path: 'businesses', lazy: screen('businesses'), handle: titled('İşletme Yönetimi') },
        { path: 'businesses/:id', lazy: screen('businessEdit'), handle: titled('İşletme Düzenle') },
        { path: 'upload', lazy: screen('upload'), handle: titled('Excel Yükleme') },
        { path: 'settings', lazy: screen('settings'), handle: titled('Site Ayarları') },
        { path: 'advertisements', lazy: screen('advertisements'), handle: titled('Reklam Yönetimi') },
        { path: 'reports', lazy: screen('reports'), handle: titled('Raporlar') },
        { path: 'messages', lazy: screen('messages'), handle: titled('Mesajlar') },
        { path: 'maintenance', lazy: screen('maintenance'), handle: titled('Bakım') },
        { path: '*', loader: () => notFoundResponse('Admin page not found'), element: null, handle: titled('Sayfa bulunamadı') },
      ],
    },
  ],
};
