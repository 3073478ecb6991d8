/**
 * The admin API, typed by the contract (backend/src/shared/admin-types.ts). Loaders call it with
 * their request (on the server the page request's cookie carries the session); screens call it
 * with the session's CSRF token for writes. A write refused because the session ended (401, or
 * 403 for a token another sign-in replaced) waits for `renewSession` and is sent again with the
 * new token, so nothing the operator typed is lost; any other 401 goes to `onUnauthorized`.
 */
import type {
  AdminActivityPage,
  AdminAdvertisementCodes,
  AdminBulkAction,
  AdminBulkResult,
  AdminBusiness,
  AdminBusinessPage,
  AdminBusinessEditBody,
  AdminCategoryCount,
  AdminClearCacheResult,
  AdminContactDetails,
  AdminLoginResponse,
  AdminMessage,
  AdminMessagePage,
  AdminMessageStatus,
  AdminReports,
  AdminSession,
  AdminSiteSettings,
  AdminStats,
  AdminSuccess,
  AdminToggleApproval,
  ReindexStatus,
  AdminSitemaps,
  UploadReport,
} from '@directory/backend/shared/admin-types.ts';
import { MAINTENANCE_TASKS, type MaintenanceAnswers, type MaintenanceTask } from '@directory/backend/shared/maintenance-tasks.ts';
import { getApiClient, isApiRequestError, type AdminCallInit } from '../../../lib/api-client.ts';
import type { BusinessListQuery } from '../business-list-query.ts';

export interface AdminApiOptions {
  /** The page request (loaders): its cookie is forwarded on the server. */
  request?: Request;
  csrfToken?: string;
  /** Called on a 401 before the error is rethrown (it may throw a redirect instead). */
  onUnauthorized?: () => void;
  /**
   * Signs the operator in again without leaving the screen; answers the new session's CSRF
   * token, or null when the operator gave up (the write then fails with its 401).
   */
  renewSession?: () => Promise<string | null>;
}

/** A write refused for a CSRF token that is no longer the session's (the operator signed in again elsewhere). */
const isStaleToken = (error: unknown) =>
  isApiRequestError(error) && error.status === 403 && (error.body as { error?: { id?: unknown } } | null)?.error?.id === 'csrf_failed';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
};

export function createAdminApi({ request, csrfToken, onUnauthorized, renewSession }: AdminApiOptions = {}) {
  const cookie = request?.headers.get('cookie') ?? null;
  const send = <T>(path: string, init: Omit<AdminCallInit, 'cookie' | 'csrfToken'>, token: string | undefined) =>
    getApiClient().admin<T>(path, { ...init, cookie, ...(token ? { csrfToken: token } : {}) });

  /** The token a refused write is sent again with: the live session's (another sign-in), else a new sign-in's. */
  async function renewedToken(error: unknown): Promise<string | null> {
    if (isStaleToken(error)) {
      try {
        return (await send<AdminSession>('/api/admin/session', {}, undefined)).csrfToken;
      } catch (sessionError) {
        if (!(isApiRequestError(sessionError) && sessionError.status === 401)) throw sessionError;
      }
    }
    return renewSession ? renewSession() : null;
  }

  async function call<T>(path: string, init: Omit<AdminCallInit, 'cookie' | 'csrfToken'> = {}, canRenew = true): Promise<T> {
    const isWrite = (init.method ?? 'GET') !== 'GET';
    try {
      return await send<T>(path, init, isWrite ? csrfToken : undefined);
    } catch (error) {
      const isRenewable = isWrite && canRenew && renewSession !== undefined && isApiRequestError(error) && (error.status === 401 || isStaleToken(error));
      if (isRenewable) {
        const token = await renewedToken(error);
        // A 401 refused before the handler ran: nothing was written, so the write is sent again, once.
        if (token !== null) return send<T>(path, init, token);
      } else if (isApiRequestError(error) && error.status === 401) {
        onUnauthorized?.();
      }
      throw error;
    }
  }
  const write = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    call<T>(path, { method, ...(body !== undefined ? { body } : {}) });

  return {
    // A refused login or logout is its own answer: never a reason to sign in again.
    login: (username: string, password: string) => call<AdminLoginResponse>('/api/admin/login', { method: 'POST', body: { username, password } }, false),
    logout: () => call<AdminSuccess>('/api/admin/logout', { method: 'POST' }, false),
    session: () => call<AdminSession>('/api/admin/session'),
    stats: () => call<AdminStats>('/api/admin/stats'),
    activity: (page: number, limit = 20) => call<AdminActivityPage>(`/api/admin/activity?${query({ page, limit })}`),
    uploadReports: () => call<UploadReport[]>('/api/admin/upload-reports'),
    businesses: (list: BusinessListQuery, limit: number) =>
      call<AdminBusinessPage>(
        `/api/admin/businesses?${query({
          page: list.page, limit, filter: list.filter, category: list.category, sortBy: list.sortBy, sortOrder: list.sortOrder,
          after: list.after ?? undefined, before: list.before ?? undefined,
        })}`,
      ),
    business: (id: number) => call<AdminBusiness>(`/api/admin/businesses/${id}`),
    updateBusiness: (id: number, body: AdminBusinessEditBody) => write<AdminBusiness>('PUT', `/api/admin/businesses/${id}`, body),
    toggleApproval: (id: number) => write<AdminToggleApproval>('POST', `/api/admin/businesses/${id}/toggle-approval`),
    deleteBusiness: (id: number) => write<AdminSuccess>('DELETE', `/api/businesses/${id}`),
    bulkBusinesses: (action: AdminBulkAction, ids: readonly number[]) => write<AdminBulkResult>('POST', '/api/admin/businesses/bulk', { action, ids }),
    /** Runs a maintenance task (delete all, delete test data, fix slugs) by the call the task table names. */
    runMaintenance: <T extends MaintenanceTask>(task: T) => write<MaintenanceAnswers[T]>(MAINTENANCE_TASKS[task].method, MAINTENANCE_TASKS[task].path),
    categories: () => call<string[]>('/api/admin/categories'),
    categoryCounts: () => call<AdminCategoryCount[]>('/api/admin/category-counts'),
    siteSettings: () => call<AdminSiteSettings>('/api/admin/site-settings'),
    saveSiteSettings: (settings: AdminSiteSettings) => write<AdminSuccess>('POST', '/api/admin/site-settings', settings),
    contactDetails: () => call<AdminContactDetails>('/api/admin/contact-details'),
    saveContactDetails: (details: AdminContactDetails) => write<AdminContactDetails>('PUT', '/api/admin/contact-details', details),
    clearCache: () => write<AdminClearCacheResult>('POST', '/api/admin/clear-cache'),
    advertisementCodes: () => call<AdminAdvertisementCodes>('/api/admin/advertisement-codes'),
    saveAdvertisementCodes: (codes: AdminAdvertisementCodes) => write<AdminSuccess>('POST', '/api/admin/advertisement-codes', codes),
    messages: (status: AdminMessageStatus, page: number, limit = 20) => call<AdminMessagePage>(`/api/admin/messages?${query({ page, limit, status })}`),
    updateMessage: (id: number, changes: { isRead?: boolean; isHandled?: boolean }) => write<AdminMessage>('PATCH', `/api/admin/messages/${id}`, changes),
    deleteMessage: (id: number) => write<AdminSuccess>('DELETE', `/api/admin/messages/${id}`),
    reports: () => call<AdminReports>('/api/admin/reports'),
    sitemaps: () => call<AdminSitemaps>('/api/admin/sitemaps'),
    regenerateSitemaps: () => write<AdminSitemaps>('POST', '/api/admin/sitemaps/regenerate'),
    reindexStatus: () => call<ReindexStatus>('/api/admin/reindex'),
    startReindex: () => write<ReindexStatus>('POST', '/api/admin/reindex'),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
