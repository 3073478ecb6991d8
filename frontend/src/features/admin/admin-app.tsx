/**
 * The admin app: every screen's code, loader and styles, in one chunk the browser fetches only
 * under /admin (route.tsx points each route here with `lazy`); the login screen and the admin
 * root are a smaller chunk of their own (admin-login.tsx), all the login page downloads.
 */
import type { RouteObject } from 'react-router-dom';
import { AdminError, AdminNotFound } from './components/admin-root.tsx';
import { loginScreens, titled } from './admin-login.tsx';
import { ActivityPage } from './components/activity-page.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { AdvertisementsPage } from './components/advertisements-page.tsx';
import { BusinessEditPage } from './components/business-edit-page.tsx';
import { BusinessesPage } from './components/businesses-page.tsx';
import { ContactDetailsPage } from './components/contact-details-page.tsx';
import { DashboardPage } from './components/dashboard-page.tsx';
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
  contactDetailsLoader,
  dashboardLoader,
  emptyLoader,
  layoutLoader,
  maintenanceLoader,
  messagesLoader,
  notFoundLoader,
  reportsLoader,
  settingsLoader,
} from './loaders.ts';
import './admin.css';

type Screen = Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary' | 'handle'>;

const screen = (title: string, loader: Screen['loader'], Component: Screen['Component']): Screen => ({
  loader,
  Component,
  ErrorBoundary: AdminError,
  handle: titled(title),
});

export const screens = {
  ...loginScreens,
  layout: screen('Yönetim Paneli', layoutLoader, AdminLayout),
  dashboard: screen('Ana Sayfa', dashboardLoader, DashboardPage),
  activity: screen('Etkinlik Kaydı', activityLoader, ActivityPage),
  businesses: screen('İşletme Yönetimi', businessesLoader, BusinessesPage),
  businessEdit: screen('İşletme Düzenle', businessEditLoader, BusinessEditPage),
  upload: screen('Excel Yükleme', emptyLoader, UploadPage),
  settings: screen('Site Ayarları', settingsLoader, SettingsPage),
  contactDetails: screen('İletişim Bilgileri', contactDetailsLoader, ContactDetailsPage),
  advertisements: screen('Reklam Yönetimi', advertisementsLoader, AdvertisementsPage),
  reports: screen('Raporlar', reportsLoader, ReportsPage),
  messages: screen('Mesajlar', messagesLoader, MessagesPage),
  maintenance: screen('Bakım', maintenanceLoader, MaintenancePage),
  notFound: screen('Sayfa bulunamadı', notFoundLoader, AdminNotFound),
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;
