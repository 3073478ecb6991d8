/**
 * The admin API, typed by the contract (backend/src/shared/admin-types.ts). Loaders call it with
 * their request (on the server the page request's cookie carries the session); screens call it
 * with the session's CSRF token for writes. A 401 anywhere goes to `onUnauthorized`.
 */
import type {
  AdminActivityPage,
  AdminAdvertisementCodes,
  AdminBusiness,
  AdminBusinessPage,
  AdminBusinessEdit,
  AdminClearCacheResult,
  AdminContactDetails,
  AdminDeleteResult,
  AdminFixSlugsResult,
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
import { getApiClient, isApiRequestError, type AdminCallInit } from '../../../lib/api-client.ts';
import type { BusinessListQuery } from '../business-list-query.ts';

export interface AdminApiOptions {
  /** The page request (loaders): its cookie is forwarded on the server. */
  request?: Request;
  csrfToken?: string;
  /** Called on a 401 before the error is rethrown (it may throw a redirect instead). */
  onUnauthorized?: () => void;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
};

export function createAdminApi({ request, csrfToken, onUnauthorized }: AdminApiOptions = {}) {
  const cookie = request?.headers.get('cookie') ?? null;
  async function call<T>(path: string, init: Omit<AdminCallInit, 'cookie' | 'csrfToken'> = {}): Promise<T> {
    const isWrite = (init.method ?? 'GET') !== 'GET';
    try {
      return await getApiClient().admin<T>(path, { ...init, cookie, ...(isWrite && csrfToken ? { csrfToken } : {}) });
    } catch (error) {
      if (isApiRequestError(error) && error.status === 401) onUnauthorized?.();
      throw error;
    }
  }
  const write = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    call<T>(path, { method, ...(body !== undefined ? { body } : {}) });

  return {
    login: (username: string, password: string) => write<AdminLoginResponse>('POST', '/api/admin/login', { username, password }),
    logout: () => write<AdminSuccess>('POST', '/api/admin/logout'),
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
    updateBusiness: (id: number, body: AdminBusinessEdit) => write<AdminBusiness>('PUT', `/api/admin/businesses/${id}`, body),
    toggleApproval: (id: number) => write<AdminToggleApproval>('POST', `/api/admin/businesses/${id}/toggle-approval`),
    deleteBusiness: (id: number) => write<AdminSuccess>('DELETE', `/api/businesses/${id}`),
    deleteAllBusinesses: () => write<AdminDeleteResult>('DELETE', '/api/admin/businesses'),
    deleteTestData: () => write<AdminDeleteResult>('DELETE', '/api/admin/test-data'),
    fixSlugs: () => write<AdminFixSlugsResult>('POST', '/api/admin/fix-slugs'),
    categories: () => call<string[]>('/api/admin/categories'),
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

/** The message of a failed call as the server words it (`{error:{message}}`), else the error's own text. */
export function errorMessageOf(error: unknown): string {
  if (isApiRequestError(error)) {
    const body = error.body as { error?: { message?: unknown }; message?: unknown } | null;
    if (body && typeof body.error?.message === 'string') return body.error.message;
    if (body && typeof body.message === 'string') return body.message;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
