/**
 * Answers admin API calls from factory data, the way the contract says the server does: for
 * server-render tests (installed as the API client's `admin` call) and for looking at the screens.
 */
import type { AdminBusinessListItem, AdminStats } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError, type AdminCallInit } from '../../../lib/api-client.ts';
import {
  buildActivity,
  buildAdminBusiness,
  buildListItem,
  buildMessage,
  buildReindexStatus,
  buildReports,
  buildSitemaps,
  buildStats,
  buildUploadReport,
} from './build-admin-data.ts';

export interface FakeAdminCall {
  method: string;
  path: string;
  cookie: string | null;
  csrfToken: string | null;
  body: unknown;
}

export interface FakeAdminOptions {
  /** Answer 401 to every call (no session). */
  isSignedOut?: boolean;
  businesses?: AdminBusinessListItem[];
  /** The dashboard's figures, over the factory's. */
  stats?: Partial<AdminStats>;
}

const refuse = (status: number, id: string, message: string): never => {
  throw new ApiRequestError(status, JSON.stringify({ error: { id, message } }));
};

export function createFakeAdminApi(options: FakeAdminOptions = {}) {
  const calls: FakeAdminCall[] = [];
  const businesses = options.businesses ?? [
    buildListItem(),
    buildListItem({ id: 2, slug: 'kebapci-mehmet-d4e5f6', name: 'Kebapçı Mehmet', city: 'İstanbul', country: 'Türkiye', countryCode: 'TR', isApproved: true, rating: 4.4, reviewCount: 1_204 }),
  ];

  async function admin<T>(path: string, init: AdminCallInit = {}): Promise<T> {
    const method = init.method ?? 'GET';
    calls.push({ method, path, cookie: init.cookie ?? null, csrfToken: init.csrfToken ?? null, body: init.body ?? null });
    const url = new URL(path, 'http://localhost');
    if (options.isSignedOut && url.pathname !== '/api/admin/login') refuse(401, 'unauthorized', 'Oturum gerekli');
    const answer = ((): unknown => {
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/admin/session':
          return { username: 'admin', csrfToken: 'csrf-fixture', expiresAt: '2025-03-31T00:00:00.000Z' };
        case 'GET /api/admin/stats':
          return buildStats(options.stats);
        case 'GET /api/admin/upload-reports':
          return [
            buildUploadReport({ id: 2, status: 'running', success: false, errorsCsvUrl: null, timestamp: '2025-03-30T10:02:00.000Z' }),
            buildUploadReport(),
            buildUploadReport({ id: 3, isDryRun: true, errorsCsvUrl: null, timestamp: '2025-03-30T08:00:00.000Z', summary: { fileName: 'trial.xlsx', fileSizeMB: 1.1, processingTimeSeconds: 2.5, totalRecords: 125 } }),
          ];
        case 'GET /api/admin/activity':
          return {
            items: [
              buildActivity(),
              buildActivity({
                id: 2, action: 'business.approve', target: 'business:1', result: 'success', detail: 'Kebapçı Halil',
                outcome: { code: 'business_named', params: { name: 'Kebapçı Halil' } }, subject: { kind: 'business', id: 1, exists: true, name: 'Kebapçı Halil' },
              }),
              buildActivity({ id: 3, action: 'business.delete', target: 'business:7', result: 'success', subject: { kind: 'business', id: 7, exists: false, name: null } }),
              buildActivity({
                id: 4, action: 'login', target: 'admin', result: 'error', detail: 'invalid username or password', outcome: { code: 'login_refused', params: {} },
              }),
              buildActivity({
                id: 5, action: 'index.rebuild', target: null, result: 'error', detail: 'failed after 3.0 s: SqliteError: disk full',
                outcome: { code: 'rebuild_failed', params: { seconds: 3, error: 'SqliteError: disk full' } },
              }),
              buildActivity({
                id: 6, action: 'business.bulk-delete', target: null, result: 'success', detail: '2 of 2 businesses deleted: 60, 59',
                outcome: { code: 'bulk_done', params: { action: 'delete', asked: 2, changedCount: 2, changedIds: [60, 59], missingCount: 0, missingIds: [] } },
              }),
              buildActivity({
                id: 7, action: 'write.refused', target: 'POST /api/admin/site-settings', result: 'warning',
                detail: '403 csrf_failed: Request refused: it comes from another site',
                outcome: { code: 'write_refused', params: { status: 403, id: 'csrf_failed', message: 'Request refused: it comes from another site', params: { check: 'origin' } } },
                subject: { kind: 'request', method: 'POST', path: '/api/admin/site-settings', business: null },
              }),
              // Stored before details had codes: its English words as they are.
              buildActivity({ id: 8, action: 'index.rebuild', target: null, result: 'success', detail: 'finished: 51 businesses indexed in 0.4 s' }),
            ],
            pagination: { page: Number(url.searchParams.get('page') ?? 1), totalPages: 3, total: 54 },
          };
        case 'GET /api/admin/businesses': {
          const filter = (url.searchParams.get('filter') ?? '').toLowerCase();
          const found = businesses.filter((business) => business.name.toLowerCase().includes(filter));
          const page = Number(url.searchParams.get('page') ?? 1);
          return {
            businesses: found.slice((page - 1) * 20, page * 20),
            pagination: { page, limit: 20, totalPages: Math.max(1, Math.ceil(found.length / 20)), total: found.length, isTotalExact: true,
              totalBound: 'exact', nextCursor: null, prevCursor: null },
          };
        }
        case 'GET /api/admin/categories':
          return ['Restaurant', '', 'Dentist', 'Plumber'];
        case 'GET /api/admin/category-counts':
          return [{ category: 'Restaurant', count: 1_240 }, { category: 'Kafe', count: 310 }, { category: 'Dentist', count: 42 }];
        case 'GET /api/admin/site-settings':
          return { head_tags: '<meta name="google-site-verification" content="abc">', footer_tags: '', analytics_code: '', facebook_pixel: '' };
        case 'GET /api/admin/contact-details':
          return {
            organisationName: 'Rehber Medya A.Ş.',
            addressLines: ['Büyükdere Cad. No: 1', '34394 İstanbul'],
            supportEmail: 'destek@rehber.test',
            legalEmail: null,
            privacyEmail: null,
            phoneLines: [{ label: 'General enquiries', number: '+90 212 000 00 00' }],
            businessHours: ['Mon – Fri: 9:00 – 18:00'],
          };
        case 'GET /api/admin/advertisement-codes':
          return { ad1: '<div class="ad">AD1</div>', ad2: '', ad3: '', ad4: '' };
        case 'GET /api/admin/messages':
          return {
            messages: [buildMessage(), buildMessage({ id: 2, name: 'John Smith', subject: 'Partnership', isRead: true, isHandled: true })],
            pagination: { page: 1, totalPages: 1, total: 2 },
            unread: 1,
          };
        case 'GET /api/admin/reports':
          return buildReports();
        case 'GET /api/admin/sitemaps':
          return buildSitemaps();
        case 'GET /api/admin/reindex':
          return buildReindexStatus();
        case 'POST /api/admin/login':
          return { success: true, message: 'Giriş başarılı', username: 'admin', csrfToken: 'csrf-fixture' };
        default: {
          const edit = /^\/api\/admin\/businesses\/(\d+)$/.exec(url.pathname);
          if (method === 'GET' && edit) return Number(edit[1]) <= 2 ? buildAdminBusiness({ id: Number(edit[1]) }) : refuse(404, 'not_found', 'Business not found');
          return refuse(404, 'not_found', `No fake answer for ${method} ${url.pathname}`);
        }
      }
    })();
    return answer as T;
  }

  return { admin, calls };
}
