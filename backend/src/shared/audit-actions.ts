/**
 * Every action the audit log records (`recordAudit`), as stored in `audit_log.action`: entries
 * written by an older version keep their action, so a code here is never renamed. The activity
 * list's Turkish labels (frontend/src/features/admin/activity-labels.ts) are typed by this list:
 * an action added here does not compile there until it has its label.
 */
export const AUDIT_ACTIONS = [
  // Sign-in and the password.
  'login',
  'logout',
  'password.change',
  // Businesses, one at a time and in bulk (`business.bulk-<AdminBulkAction>`).
  'business.approve',
  'business.unapprove',
  'business.edit',
  'business.delete',
  'business.bulk-approve',
  'business.bulk-unapprove',
  'business.bulk-delete',
  // Maintenance (backend/src/shared/maintenance-tasks.ts) and the search index.
  'business.delete-all',
  'test-data.delete',
  'slugs.fix',
  'index.rebuild',
  // Settings, caches, sitemaps, messages.
  'site-settings.save',
  'advertisement-codes.save',
  'contact-details.save',
  'cache.clear',
  'sitemaps.regenerate',
  'message.update',
  'message.delete',
  // Imports, and writes refused before they ran.
  'import.file',
  'write.refused',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
