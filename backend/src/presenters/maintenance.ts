import type { AdminDeleteResult, AdminFixSlugsResult } from '../shared/admin-types.ts';
import type { DeletionResult, FixSlugsResult, MaintenanceAnswers, MaintenanceResults, MaintenanceTask } from '../shared/maintenance-tasks.ts';

const presentDeletion = ({ deleted }: DeletionResult, message: string): AdminDeleteResult => ({ success: true, deletedCount: deleted, message });

const presentSlugsFixed = ({ successCount, totalProcessed }: FixSlugsResult, message: string): AdminFixSlugsResult => ({
  success: true,
  successCount,
  totalProcessed,
  checkpointEnabled: true,
  message,
});

/** Each maintenance task's answer, in the admin spec's shape, `message` its outcome in Turkish. */
const ANSWERS: { readonly [T in MaintenanceTask]: (result: MaintenanceResults[T], message: string) => MaintenanceAnswers[T] } = {
  'delete-all': presentDeletion,
  'delete-test-data': presentDeletion,
  'fix-slugs': presentSlugsFixed,
};

/** A maintenance task's answer from what its thread answered. */
export const presentMaintenance = <T extends MaintenanceTask>(task: T, result: MaintenanceResults[T], message: string): MaintenanceAnswers[T] =>
  ANSWERS[task](result, message);
