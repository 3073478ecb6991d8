/**
 * The admin area's bulk maintenance tasks, one row each: the call that runs it, what its audit
 * entry records and how its outcome reads in Turkish. The worker (services/record-maintenance-worker.ts)
 * runs each task of this table, the route (routes/admin/admin.ts) serves each, and the activity
 * list names each call's screen (frontend/src/features/admin/activity-target.ts) from it: a task
 * added here does not compile until the worker has a runner and the answer a presenter.
 */
import type { AdminDeleteResult, AdminFixSlugsResult, AuditResult } from './admin-types.ts';
import type { AuditAction } from './audit-actions.ts';
import type { AuditDetail } from './audit-details.ts';
import { turkishCount } from './turkish-count.ts';

/** What a task's thread answers, by task. */
export interface MaintenanceResults {
  'delete-all': DeletionResult;
  'delete-test-data': DeletionResult;
  'fix-slugs': FixSlugsResult;
}
export type MaintenanceTask = keyof MaintenanceResults;

/** What each task's call answers (the admin spec's shapes). */
export interface MaintenanceAnswers {
  'delete-all': AdminDeleteResult;
  'delete-test-data': AdminDeleteResult;
  'fix-slugs': AdminFixSlugsResult;
}

/** Whether the task committed a request for a full index rebuild with its change (else the index follows through the change log). */
interface IndexFollows {
  rebuildRequested: boolean;
}
export interface DeletionResult extends IndexFollows {
  deleted: number;
}
export interface FixSlugsResult extends IndexFollows {
  successCount: number;
  totalProcessed: number;
}

/** The audit detail each task's entry carries. */
interface MaintenanceDetails {
  'delete-all': 'all_deleted';
  'delete-test-data': 'test_data_deleted';
  'fix-slugs': 'slugs_fixed';
}
export type MaintenanceDetail = Extract<AuditDetail, { code: MaintenanceDetails[MaintenanceTask] }>;
type DetailOf<T extends MaintenanceTask> = Extract<AuditDetail, { code: MaintenanceDetails[T] }>;

export interface MaintenanceTaskRow<T extends MaintenanceTask> {
  method: 'POST' | 'DELETE';
  /** The admin API call that runs it. */
  path: string;
  /** The admin screen it is sent from. */
  screen: string;
  action: AuditAction;
  /** How the audit entry marks a run: a deletion as a warning, as every other loss of records. */
  result: AuditResult;
  /** The audit entry's detail, from what the thread answered. */
  detail: (result: MaintenanceResults[T]) => DetailOf<T>;
}

export const MAINTENANCE_TASKS: { readonly [T in MaintenanceTask]: MaintenanceTaskRow<T> } = {
  'delete-all': {
    method: 'DELETE', path: '/api/admin/businesses', screen: '/admin/maintenance', action: 'business.delete-all', result: 'warning',
    detail: ({ deleted }) => ({ code: 'all_deleted', params: { deleted } }),
  },
  'delete-test-data': {
    method: 'DELETE', path: '/api/admin/test-data', screen: '/admin/maintenance', action: 'test-data.delete', result: 'warning',
    detail: ({ deleted }) => ({ code: 'test_data_deleted', params: { deleted } }),
  },
  'fix-slugs': {
    method: 'POST', path: '/api/admin/fix-slugs', screen: '/admin/maintenance', action: 'slugs.fix', result: 'success',
    detail: ({ successCount, totalProcessed }) => ({ code: 'slugs_fixed', params: { fixed: successCount, processed: totalProcessed } }),
  },
};

/** The tasks, for code that walks them all (the route, the tests). */
export const MAINTENANCE_TASK_NAMES = Object.keys(MAINTENANCE_TASKS) as MaintenanceTask[];

type WordsOf<C extends MaintenanceDetail['code']> = (params: Extract<MaintenanceDetail, { code: C }>['params']) => string;

/**
 * Each task's outcome in the operator's words, from its audit detail: the answer's `message`
 * (which the maintenance screen shows as its toast) and the activity list's line are these words.
 */
const MAINTENANCE_WORDS: { readonly [C in MaintenanceDetail['code']]: WordsOf<C> } = {
  all_deleted: ({ deleted }) => `${turkishCount(deleted)} işletme silindi`,
  test_data_deleted: ({ deleted }) => `${turkishCount(deleted)} test işletmesi silindi`,
  slugs_fixed: ({ fixed, processed }) => `${turkishCount(processed)} işletme işlendi, ${turkishCount(fixed)} URL düzeltildi`,
};

/** "1.657 işletme silindi": a task's outcome in Turkish. */
export const maintenanceText = (detail: MaintenanceDetail): string =>
  (MAINTENANCE_WORDS[detail.code] as (params: MaintenanceDetail['params']) => string)(detail.params);
