/**
 * The admin app: every screen's code, loader and styles, in one chunk the browser fetches only
 * under /admin (route.tsx points each route here with `lazy`).
 */
import type { RouteObject } from 'react-router-dom';
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
import { UploadPlaceholder } from './components/upload-placeholder.tsx';
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
  reportsLoader,
  settingsLoader,
} from './loaders.ts';
import './admin.css';

type Screen = Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary'>;

export const screens = {
  root: { Component: AdminRoot, ErrorBoundary: AdminError },
  login: { loader: loginLoader, Component: LoginPage },
  layout: { loader: layoutLoader, Component: AdminLayout, ErrorBoundary: AdminError },
  dashboard: { loader: dashboardLoader, Component: DashboardPage, ErrorBoundary: AdminError },
  activity: { loader: activityLoader, Component: ActivityPage, ErrorBoundary: AdminError },
  businesses: { loader: businessesLoader, Component: BusinessesPage, ErrorBoundary: AdminError },
  businessEdit: { loader: businessEditLoader, Component: BusinessEditPage, ErrorBoundary: AdminError },
  // LEAD (merge): the /admin/upload route renders the import helper's UploadScreen here.
  upload: { loader: emptyLoader, Component: UploadPlaceholder },
  settings: { loader: settingsLoader, Component: SettingsPage, ErrorBoundary: AdminError },
  advertisements: { loader: advertisementsLoader, Component: AdvertisementsPage, ErrorBoundary: AdminError },
  reports: { loader: reportsLoader, Component: ReportsPage, ErrorBoundary: AdminError },
  messages: { loader: messagesLoader, Component: MessagesPage, ErrorBoundary: AdminError },
  maintenance: { loader: maintenanceLoader, Component: MaintenancePage, ErrorBoundary: AdminError },
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;
