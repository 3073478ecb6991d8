/**
 * What a bulk action did, in the operator's words ("3 işletme onaylandı"): the bulk call's answer
 * says it (the screen's toast) and the activity list's line for its entry, one wording for both.
 */
import type { AdminBulkAction } from './admin-types.ts';

export const BULK_DONE: Readonly<Record<AdminBulkAction, string>> = {
  approve: 'onaylandı',
  unapprove: 'onay bekliyor olarak işaretlendi',
  delete: 'silindi',
};
