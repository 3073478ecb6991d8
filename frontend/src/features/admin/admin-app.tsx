/**
 * The admin app: every screen's code, loader and styles, in one chunk the browser fetches only
 * under /admin (route.tsx points each route here with `lazy`).
 */
import type { RouteObject } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { AdminError, AdminRoot } from './components/admin-root.tsx';
import { ActivityPage } from './components/activity-page.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { AdvertisementsPage } from './components/advertisements-page.tsx';
import { BusinessEditPage } from './components/business-edit-page.tsx';
import { BusinessesPage } from './components/businesses-page.tsx';
import { DashboardPage } from './components/dashboard-page.tsx';
import { LoginPage } from './components/login-page.tsx';
import { MaintenancePage } from './components/maintenance-page.tsx';
import { MessagesPage } from './components/messages-page.tsx';
import { ReportsPage } from './components/reports-page.tsx';
import { SettingsPage } from './components/settings-page.tsx';
import { UploadPage } from './components/upload-page.tsx';
import {
  activityLoader,
  advertisementsLoader,
  businessEditLoader,
  businessesLoader,
  dashboardLoader,
  emptyLoader,
  layoutLoader,
  loginLoader,
  maintenanceLoader,
  messagesLoader,
  notFoundLoader,
  reportsLoader,
  settingsLoader,
} from './loaders.ts';
import './admin.css';

type Screen = Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary' | 'handle'>;

/** Admin pages: titled for the operator, never indexed. */
const titled = (title: string): RouteHandle => ({
  meta: (): PageMeta => ({
    title: `${title} | Yönetim Paneli`,
    description: 'Business Directory yönetim paneli.',
    canonicalPath: '/admin',
    noIndex: true,
  }),
});

const screen = (title: string, loader: Screen['loader'], Component: Screen['Component']): Screen => ({
  loader,
  Component,
  ErrorBoundary: AdminError,
  handle: titled(title),
});

export const screens = {
  root: { Component: AdminRoot, ErrorBoundary: AdminError },
  login: { loader: loginLoader, Component: LoginPage, handle: titled('Yönetici Girişi') },
  layout: screen('Yönetim Paneli', layoutLoader, AdminLayout),
  dashboard: screen('Ana Sayfa', dashboardLoader, DashboardPage),
  activity: screen('Etkinlik Kaydı', activityLoader, ActivityPage),
  businesses: screen('İşletme Yönetimi', businessesLoader, BusinessesPage),
  businessEdit: screen('İşletme Düzenle', businessEditLoader, BusinessEditPage),
  upload: screen('Excel Yükleme', emptyLoader, UploadPage),
  settings: screen('Site Ayarları', settingsLoader, SettingsPage),
  advertisements: screen('Reklam Yönetimi', advertisementsLoader, AdvertisementsPage),
  reports: screen('Raporlar', reportsLoader, ReportsPage),
  messages: screen('Mesajlar', messagesLoader, MessagesPage),
  maintenance: screen('Bakım', maintenanceLoader, MaintenancePage),
  notFound: { loader: notFoundLoader, handle: titled('Sayfa bulunamadı') },
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;
