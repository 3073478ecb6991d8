import Router from '@koa/router';
import type { Context } from 'koa';
import { writeSoon } from '@directory/data/record-lock.ts';
import { notFound, payloadTooLarge, conflict } from '../../errors.ts';
import { requireAdmin, requireAdminWrite } from '../../middleware/admin-auth.ts';
import { markAudited } from '../../middleware/audit-refusals.ts';
import { validate } from '../../middleware/validate.ts';
import { presentAdminBusiness, presentAdminListItem, presentAuditItem, presentMessage, recordsNamed, type KeptRecords } from '../../presenters/admin.ts';
import { presentAdminContactDetails } from '../../presenters/contact-details.ts';
import { presentMaintenance } from '../../presenters/maintenance.ts';
import { presentUploadReport } from '../../presenters/upload-report.ts';
import { describeSitemaps } from '../../services/admin-sitemaps.ts';
import { recordAudit } from '../../services/audit-log.ts';
import { runMaintenance } from '../../services/record-maintenance.ts';
import type {
  AdminActivityPage,
  AdminAdvertisementCodes,
  AdminBulkResult,
  AdminBusiness,
  AdminBusinessPage,
  AdminCategoryCount,
  AdminContactDetails,
  AdminMessage,
  AdminMessagePage,
  AdminReports,
  AdminSiteSettings,
  AdminSitemaps,
  AdminStats,
  AdminSuccess,
  AdminToggleApproval,
  AuditResult,
  ReindexStatus,
  UploadReport,
} from '../../shared/admin-types.ts';
import type { AuditAction } from '../../shared/audit-actions.ts';
import { AUDITED_IDS, auditedNames, type AuditDetail } from '../../shared/audit-details.ts';
import { auditTarget } from '../../shared/audit-targets.ts';
import { MAINTENANCE_TASK_NAMES, MAINTENANCE_TASKS, maintenanceText, type MaintenanceTask } from '../../shared/maintenance-tasks.ts';
import { turkishCount } from '../../shared/turkish-count.ts';
import { BULK_DONE } from '../../shared/bulk-words.ts';
import { faultPoint } from '@directory/indexer/fault-point.ts';
import type { AppDeps } from '../deps.ts';
import {
  AdminActivitySchema,
  AdminAdCodesSaveSchema,
  AdminBusinessBulkSchema,
  AdminBusinessEditSchema,
  AdminBusinessListSchema,
  AdminBusinessReadSchema,
  AdminBusinessToggleSchema,
  AdminCategoriesSchema,
  AdminCategoryCountsSchema,
  AdminClearCacheSchema,
  AdminContactDetailsReadSchema,
  AdminContactDetailsSaveSchema,
  AdminCountryCodesSchema,
  AdminMessageDeleteSchema,
  AdminMessagesSchema,
  AdminMaintenanceSchema,
  AdminMessageUpdateSchema,
  AdminReindexStartSchema,
  AdminReindexStatusSchema,
  AdminReportsSchema,
  AdminSiteSettingsSaveSchema,
  AdminSitemapsRegenerateSchema,
  AdminSitemapsSchema,
  AdminStatsSchema,
  AdminUploadReportsSchema,
  BusinessDeleteSchema,
  type AdminActivityReq,
  type AdminAdCodesSaveReq,
  type AdminBusinessBulkReq,
  type AdminBusinessEditReq,
  type AdminBusinessListReq,
  type AdminBusinessReadReq,
  type AdminBusinessToggleReq,
  type AdminContactDetailsSaveReq,
  type AdminMessageDeleteReq,
  type AdminMessagesReq,
  type AdminMessageUpdateReq,
  type AdminSiteSettingsSaveReq,
  type BusinessDeleteReq,
} from './schema.ts';

/** The 50 KB each ad area may hold (admin spec), in bytes of UTF-8. */
export const AD_CODE_MAX_BYTES = 50 * 1024;

const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Every admin read and write of the contract except login/logout/session and the two public reads. */
export function createAdminRouter(deps: AppDeps): Router {
  const { record, admin, site, sync, sitemaps } = deps;
  const router = new Router();
  const audit = (ctx: Context, action: AuditAction, target: string | null, result: AuditResult, detail?: AuditDetail) => {
    recordAudit(record, { action, target, result, address: ctx.ip, detail: detail ?? null });
    // A refusal explained here (a rebuild already running) is not written a second time by auditRefusedWrites.
    markAudited(ctx);
  };

  // Reads.
  router.get('/admin/stats', requireAdmin, validate(AdminStatsSchema), async (ctx) => {
    const body: AdminStats = await admin.dashboard.stats();
    ctx.body = body;
  });

  router.get('/admin/activity', requireAdmin, validate(AdminActivitySchema), async (ctx) => {
    const { query } = ctx.state.input as AdminActivityReq;
    const { rows, total } = admin.audit.list(query.limit, (query.page - 1) * query.limit);
    // One query per kind for the page's records, so a deleted business is named without a link.
    const kept: KeptRecords = { business: admin.businesses.repository.namesOf(recordsNamed(rows, 'business')), message: admin.messages.existing(recordsNamed(rows, 'message')) };
    const body: AdminActivityPage = { items: rows.map((row) => presentAuditItem(row, kept)), pagination: { page: query.page, totalPages: pages(total, query.limit), total } };
    ctx.body = body;
  });

  router.get('/admin/upload-reports', requireAdmin, validate(AdminUploadReportsSchema), async (ctx) => {
    const body: UploadReport[] = admin.dashboard.uploadReports(10).map(presentUploadReport);
    ctx.body = body;
  });

  router.get('/admin/reports', requireAdmin, validate(AdminReportsSchema), async (ctx) => {
    const body: AdminReports = admin.dashboard.reports();
    ctx.body = body;
  });

  router.get('/admin/categories', requireAdmin, validate(AdminCategoriesSchema), async (ctx) => {
    const body: string[] = admin.businesses.repository.categories();
    ctx.body = body;
  });

  router.get('/admin/category-counts', requireAdmin, validate(AdminCategoryCountsSchema), async (ctx) => {
    const body: AdminCategoryCount[] = admin.businesses.repository.categoryCounts();
    ctx.body = body;
  });

  router.get('/admin/country-codes', requireAdmin, validate(AdminCountryCodesSchema), async (ctx) => {
    const body: string[] = admin.businesses.repository.countryCodes();
    ctx.body = body;
  });

  router.get('/admin/businesses', requireAdmin, validate(AdminBusinessListSchema), async (ctx) => {
    const { query } = ctx.state.input as AdminBusinessListReq;
    const { rows, total, totalBound, next, prev } = admin.businesses.list(query);
    const totalPages = pages(total, query.limit);
    const body: AdminBusinessPage = {
      businesses: rows.map(presentAdminListItem),
      pagination: {
        // With a cursor the page number is the client's label; the last page is the last page.
        page: query.before === 'end' ? totalPages : query.page,
        limit: query.limit,
        totalPages,
        total,
        isTotalExact: totalBound === 'exact',
        totalBound,
        nextCursor: next,
        prevCursor: prev,
      },
    };
    ctx.body = body;
  });

  router.get('/admin/businesses/:id', requireAdmin, validate(AdminBusinessReadSchema), async (ctx) => {
    const { params } = ctx.state.input as AdminBusinessReadReq;
    const row = admin.businesses.repository.findById(params.id);
    if (!row) throw notFound(`Business ${params.id} not found`, { kind: 'business', id: params.id });
    const body: AdminBusiness = presentAdminBusiness(row);
    ctx.body = body;
  });

  router.get('/admin/messages', requireAdmin, validate(AdminMessagesSchema), async (ctx) => {
    const { query } = ctx.state.input as AdminMessagesReq;
    const { rows, total } = admin.messages.list(query.status, query.limit, (query.page - 1) * query.limit);
    const body: AdminMessagePage = {
      messages: rows.map(presentMessage),
      pagination: { page: query.page, totalPages: pages(total, query.limit), total },
      unread: admin.messages.unreadCount(),
    };
    ctx.body = body;
  });

  router.get('/admin/sitemaps', requireAdmin, validate(AdminSitemapsSchema), async (ctx) => {
    const body: AdminSitemaps = await describeSitemaps(sitemaps);
    ctx.body = body;
  });

  router.get('/admin/contact-details', requireAdmin, validate(AdminContactDetailsReadSchema), async (ctx) => {
    const body: AdminContactDetails = presentAdminContactDetails(site.contactDetails());
    ctx.body = body;
  });

  router.get('/admin/reindex', requireAdmin, validate(AdminReindexStatusSchema), async (ctx) => {
    const body: ReindexStatus = admin.reindex.current();
    ctx.body = body;
  });

  // Writes: session + CSRF token + same origin, each one in the audit log.
  router.post('/admin/businesses/:id/toggle-approval', requireAdminWrite, validate(AdminBusinessToggleSchema), async (ctx) => {
    const { params } = ctx.state.input as AdminBusinessToggleReq;
    const toggled = await writeSoon(record, () => admin.businesses.repository.toggleApproval(params.id));
    if (toggled === null) throw notFound(`Business ${params.id} not found`, { kind: 'business', id: params.id });
    sync.poke();
    audit(ctx, toggled.state === 1 ? 'business.approve' : 'business.unapprove', auditTarget('business', params.id), 'success', { code: 'business_named', params: { name: toggled.name } });
    const body: AdminToggleApproval = { success: true, isApproved: toggled.state === 1 };
    ctx.body = body;
  });

  router.post('/admin/businesses/bulk', requireAdminWrite, validate(AdminBusinessBulkSchema), async (ctx) => {
    const { body: { action, ids } } = ctx.state.input as AdminBusinessBulkReq;
    const { changed, missing } = await writeSoon(record, () => admin.businesses.bulk(action, ids));
    // As the single-row writes: the triggers wrote the change log, the index applies it now.
    if (changed.length > 0) sync.poke();
    audit(ctx, `business.bulk-${action}`, null, 'success', {
      code: 'bulk_done',
      params: {
        action, asked: ids.length, changedCount: changed.length, changedIds: changed.slice(0, AUDITED_IDS).map(({ id }) => id), changedNames: auditedNames(changed),
        missingCount: missing.length, missingIds: missing.slice(0, AUDITED_IDS),
      },
    });
    const done = `${turkishCount(changed.length)} işletme ${BULK_DONE[action]}`;
    const body: AdminBulkResult = {
      success: true,
      action,
      changedCount: changed.length,
      notFoundIds: missing,
      message: missing.length > 0 ? `${done}; ${turkishCount(missing.length)} işletme bulunamadı` : done,
    };
    ctx.body = body;
  });

  router.put('/admin/businesses/:id', requireAdminWrite, validate(AdminBusinessEditSchema), async (ctx) => {
    const { params, body: edit } = ctx.state.input as AdminBusinessEditReq;
    const row = await writeSoon(record, () => admin.businesses.edit(params.id, edit));
    if (!row) throw notFound(`Business ${params.id} not found`, { kind: 'business', id: params.id });
    sync.poke();
    audit(ctx, 'business.edit', auditTarget('business', params.id), 'success', { code: 'business_named', params: { name: row.name } });
    const body: AdminBusiness = presentAdminBusiness(row);
    ctx.body = body;
  });

  router.delete('/businesses/:id', requireAdminWrite, validate(BusinessDeleteSchema), async (ctx) => {
    const { params } = ctx.state.input as BusinessDeleteReq;
    const name = await writeSoon(record, () => admin.businesses.repository.deleteById(params.id));
    if (name === null) throw notFound(`Business ${params.id} not found`, { kind: 'business', id: params.id });
    sync.poke();
    audit(ctx, 'business.delete', auditTarget('business', params.id), 'success', { code: 'business_named', params: { name } });
    const body: AdminSuccess = { success: true };
    ctx.body = body;
  });

  // The maintenance tasks (shared/maintenance-tasks.ts), each in a worker thread of its own.
  const maintain = <T extends MaintenanceTask>(task: T) => async (ctx: Context) => {
    const result = await runMaintenance(record.name, task);
    faultPoint(`${task}:committed`);
    // A deletion of the whole record wrote no change-log rows: a full rebuild makes the index agree.
    if (result.rebuildRequested) admin.reindex.startOrQueue();
    else sync.poke();
    const { action, result: level, detail } = MAINTENANCE_TASKS[task];
    const outcome = detail(result);
    audit(ctx, action, null, level, outcome);
    ctx.body = presentMaintenance(task, result, maintenanceText(outcome));
  };
  for (const task of MAINTENANCE_TASK_NAMES) {
    const { method, path } = MAINTENANCE_TASKS[task];
    // The table names the call as the API serves it; this router is mounted under /api.
    router.register(path.slice('/api'.length), [method], [requireAdminWrite, validate(AdminMaintenanceSchema), maintain(task)]);
  }

  router.post('/admin/site-settings', requireAdminWrite, validate(AdminSiteSettingsSaveSchema), async (ctx) => {
    const { body: settings } = ctx.state.input as AdminSiteSettingsSaveReq;
    const saved: AdminSiteSettings = {
      head_tags: settings.head_tags,
      footer_tags: settings.footer_tags,
      analytics_code: settings.analytics_code,
      facebook_pixel: settings.facebook_pixel,
    };
    await writeSoon(record, () => site.saveSiteSettings(saved));
    audit(ctx, 'site-settings.save', null, 'success');
    const body: AdminSuccess = { success: true };
    ctx.body = body;
  });

  router.post('/admin/advertisement-codes', requireAdminWrite, validate(AdminAdCodesSaveSchema), async (ctx) => {
    const { body: codes } = ctx.state.input as AdminAdCodesSaveReq;
    const saved: AdminAdvertisementCodes = { ad1: codes.ad1, ad2: codes.ad2, ad3: codes.ad3, ad4: codes.ad4 };
    for (const [area, code] of Object.entries(saved)) {
      const bytes = Buffer.byteLength(code, 'utf8');
      if (bytes > AD_CODE_MAX_BYTES) {
        throw payloadTooLarge(
          'ad_code_too_large',
          `${area}: at most 50 KB (${AD_CODE_MAX_BYTES.toLocaleString('en-US')} bytes); this one is ${bytes.toLocaleString('en-US')} bytes`,
          { area, bytes, maxBytes: AD_CODE_MAX_BYTES },
        );
      }
    }
    await writeSoon(record, () => site.saveAdvertisementCodes(saved));
    audit(ctx, 'advertisement-codes.save', null, 'success');
    const body: AdminSuccess = { success: true };
    ctx.body = body;
  });

  router.put('/admin/contact-details', requireAdminWrite, validate(AdminContactDetailsSaveSchema), async (ctx) => {
    const { body: details } = ctx.state.input as AdminContactDetailsSaveReq;
    await writeSoon(record, () =>
      site.saveContactDetails({
        organisationName: details.organisationName,
        postalAddress: details.addressLines.join('\n'),
        supportEmail: details.supportEmail ?? '',
        legalEmail: details.legalEmail ?? '',
        privacyEmail: details.privacyEmail ?? '',
        businessHours: details.businessHours.join('\n'),
        phoneLines: details.phoneLines.map((line) => ({ label: line.label ?? '', number: line.number })),
      }),
    );
    audit(ctx, 'contact-details.save', null, 'success');
    const body: AdminContactDetails = presentAdminContactDetails(site.contactDetails());
    ctx.body = body;
  });

  router.post('/admin/clear-cache', requireAdminWrite, validate(AdminClearCacheSchema), async (ctx) => {
    const cleared = admin.caches.clearAll();
    audit(ctx, 'cache.clear', null, 'info', { code: 'caches_cleared', params: { caches: cleared } });
    ctx.body = { success: true, message: 'Cache temizlendi' };
  });

  router.patch('/admin/messages/:id', requireAdminWrite, validate(AdminMessageUpdateSchema), async (ctx) => {
    const { params, body: flags } = ctx.state.input as AdminMessageUpdateReq;
    const row = await writeSoon(record, () => admin.messages.setFlags(params.id, flags));
    if (!row) throw notFound(`Message ${params.id} not found`, { kind: 'message', id: params.id });
    audit(ctx, 'message.update', auditTarget('message', params.id), 'success', { code: 'message_flags', params: flags });
    const body: AdminMessage = presentMessage(row);
    ctx.body = body;
  });

  router.delete('/admin/messages/:id', requireAdminWrite, validate(AdminMessageDeleteSchema), async (ctx) => {
    const { params } = ctx.state.input as AdminMessageDeleteReq;
    if (!(await writeSoon(record, () => admin.messages.deleteById(params.id)))) throw notFound(`Message ${params.id} not found`, { kind: 'message', id: params.id });
    audit(ctx, 'message.delete', auditTarget('message', params.id), 'success');
    const body: AdminSuccess = { success: true };
    ctx.body = body;
  });

  router.post('/admin/sitemaps/regenerate', requireAdminWrite, validate(AdminSitemapsRegenerateSchema), async (ctx) => {
    admin.caches.clearAll();
    const body: AdminSitemaps = await describeSitemaps(sitemaps);
    audit(ctx, 'sitemaps.regenerate', null, 'success', { code: 'sitemaps_regenerated', params: { files: body.files.length, urls: body.totalUrls } });
    ctx.body = body;
  });

  router.post('/admin/reindex', requireAdminWrite, validate(AdminReindexStartSchema), async (ctx) => {
    if (!admin.reindex.start()) {
      audit(ctx, 'index.rebuild', null, 'warning', { code: 'rebuild_refused_running', params: {} });
      throw conflict('reindex_running', 'A rebuild of the search index is already running');
    }
    audit(ctx, 'index.rebuild', null, 'info', { code: 'rebuild_started', params: {} });
    ctx.status = 202;
    const body: ReindexStatus = admin.reindex.current();
    ctx.body = body;
  });

  return router;
}
