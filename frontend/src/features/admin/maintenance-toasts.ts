/**
 * What the maintenance actions say when they are done: one sentence each, counts grouped the
 * Turkish way. The server's own `message` says the same and is not shown again.
 */
import type { AdminDeleteResult, AdminFixSlugsResult } from '@directory/backend/shared/admin-types.ts';
import type { ToastInput } from '../../components/toast/toast-queue.ts';
import { formatCount } from './admin-format.ts';

export const testDataDeletedToast = (answer: AdminDeleteResult): ToastInput => ({
  title: `${formatCount(answer.deletedCount)} test işletmesi silindi`,
  variant: 'success',
});

export const slugsFixedToast = (answer: AdminFixSlugsResult): ToastInput => ({
  title: `${formatCount(answer.totalProcessed)} işletme işlendi, ${formatCount(answer.successCount)} URL düzeltildi`,
  variant: 'success',
});

export const allDeletedToast = (answer: AdminDeleteResult): ToastInput => ({
  title: `${formatCount(answer.deletedCount)} işletme silindi`,
  variant: 'success',
});
