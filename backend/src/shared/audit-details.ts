/**
 * Every detail an audit-log entry carries, by a stable code: the English words the stored entry
 * and the API keep (`detail`) are made here from the code and its parameters; the entry also keeps
 * `{ code, params }`, so the admin screens word it in Turkish (frontend/src/features/admin/activity-text.ts),
 * and a code added here does not compile there until it has its Turkish words.
 */
import type { ApiErrorId, ApiErrorParams } from './api-errors.ts';
import type { FieldIssue } from './field-reasons.ts';
import { importCountsText, type ImportCounts } from './import-counts.ts';
import { importReasonText, type ImportReason, type ReasonOf } from './import-reasons.ts';
import type { AdminBulkAction } from './admin-types.ts';

/** Every cache "clear cache" empties, by name (backend/src/app.ts registers each). */
export const CACHE_NAMES = {
  list_answers: 'list answers and their ETags',
  search_answers: 'search answers',
  page_lists: 'lists of server-rendered pages',
  sitemaps: 'sitemaps',
  rendered_pages: 'rendered pages',
} as const;
export type CacheName = keyof typeof CACHE_NAMES;

/** Ids a bulk call's entry lists; more are counted, not listed. */
export const AUDITED_IDS = 20;
/** Businesses a bulk call's entry names (with their ids): the first few, kept as they were at the time; the rest are counted. */
export const AUDITED_NAMES = 5;

/** A business as an entry names it: its id and its name at the time (cut to NAME_CHARS). */
export interface NamedBusiness {
  id: number;
  name: string;
}

/** Characters of a business's name kept in its entry (the record allows 200). */
const NAME_CHARS = 200;
/** Characters of a refusal's reason kept in its entry. */
const REFUSAL_CHARS = 300;
/** Characters of an import's detail kept in its entry (a missing name column lists every header found). */
const IMPORT_CHARS = 500;

const BULK_DONE: Record<AdminBulkAction, string> = { approve: 'approved', unapprove: 'marked pending', delete: 'deleted' };

/** "a, b" or "a, b and 5 more": the first items of `count`, the rest counted. */
const listOf = (items: readonly string[], count: number) => `${items.join(', ')}${count > items.length ? ` and ${count - items.length} more` : ''}`;
/** "60, 59" or "1, 2, …, 20 and 5 more": the ids listed, and how many there were. */
const idList = (ids: readonly number[], count: number) => listOf(ids.map(String), count);
/** "Kebap House (#60), Cafe Nero (#59) and 9998 more": the businesses named, and how many there were. */
const nameList = (named: readonly NamedBusiness[], count: number) => listOf(named.map(({ id, name }) => `${name} (#${id})`), count);

/** The first AUDITED_NAMES of a bulk call's businesses, as its entry keeps them. */
export const auditedNames = (changed: readonly NamedBusiness[]): NamedBusiness[] =>
  changed.slice(0, AUDITED_NAMES).map(({ id, name }) => ({ id, name: name.slice(0, NAME_CHARS) }));

/** "dry run, nothing written: report 4: " */
const importPrefix = (isDryRun: boolean, reportId: number | null) => `${isDryRun ? 'dry run, nothing written: ' : ''}${reportId === null ? '' : `report ${reportId}: `}`;

export interface BulkParams {
  action: AdminBulkAction;
  /** Distinct ids asked for. */
  asked: number;
  changedCount: number;
  /** The first AUDITED_IDS changed. */
  changedIds: number[];
  /** The first AUDITED_NAMES changed, by name; absent from entries written before names were kept. */
  changedNames?: NamedBusiness[];
  missingCount: number;
  /** The first AUDITED_IDS no business has. */
  missingIds: number[];
}

export interface RefusalParams {
  status: number;
  id: ApiErrorId;
  /** The error's English message (it names fields and limits, never a value sent). */
  message: string;
  params?: ApiErrorParams;
  issues?: FieldIssue[];
}

export const AUDIT_DETAILS = {
  // Login attempts and the password.
  login_refused: () => 'invalid username or password',
  login_throttled: () => 'throttled',
  password_set_from_command_line: () => 'from the command line',
  // Businesses.
  /** A single business approved, marked pending, edited or deleted: its name at the time (the list names a deleted one by it). */
  business_named: ({ name }: { name: string }) => name.slice(0, NAME_CHARS),
  /** The businesses changed by name (their ids alone in an entry written before names were kept). */
  bulk_done: ({ action, asked, changedCount, changedIds, changedNames, missingCount, missingIds }: BulkParams) =>
    `${changedCount} of ${asked} businesses ${BULK_DONE[action]}` +
    `${changedCount > 0 ? `: ${changedNames ? nameList(changedNames, changedCount) : idList(changedIds, changedCount)}` : ''}` +
    `${missingCount > 0 ? `; not found: ${idList(missingIds, missingCount)}` : ''}`,
  all_deleted: ({ deleted }: { deleted: number }) => `${deleted} businesses deleted`,
  test_data_deleted: ({ deleted }: { deleted: number }) => `${deleted} demo businesses deleted`,
  slugs_fixed: ({ fixed, processed }: { fixed: number; processed: number }) => `${fixed} of ${processed} slugs shortened`,
  // Messages, caches, sitemaps.
  message_flags: (flags: { isRead?: boolean; isHandled?: boolean }) => JSON.stringify(flags),
  caches_cleared: ({ caches }: { caches: CacheName[] }) =>
    caches.length > 0 ? `cleared: ${caches.map((name) => CACHE_NAMES[name]).join(', ')}` : 'no server-side cache held anything',
  sitemaps_regenerated: ({ files, urls }: { files: number; urls: number }) => `${files} files, ${urls} URLs`,
  // The search index.
  rebuild_started: () => 'started',
  rebuild_refused_running: () => 'refused: a rebuild is running',
  rebuild_finished: ({ documents, seconds }: { documents: number; seconds: number }) => `finished: ${documents} businesses indexed in ${seconds.toFixed(1)} s`,
  rebuild_failed: ({ seconds, error }: { seconds: number; error: string }) => `failed after ${seconds.toFixed(1)} s: ${error}`,
  // Imports.
  import_done: ({ reportId, isDryRun, counts }: { reportId: number | null; isDryRun: boolean; counts: ImportCounts }) =>
    `${importPrefix(isDryRun, reportId)}${importCountsText(counts, isDryRun)}`.slice(0, IMPORT_CHARS),
  import_failed: ({ reportId, isDryRun, failure }: { reportId: number | null; isDryRun: boolean; failure: ImportReason }) =>
    `${importPrefix(isDryRun, reportId)}failed: ${importReasonText(failure)}`.slice(0, IMPORT_CHARS),
  import_crashed: ({ isDryRun }: { isDryRun: boolean }) => `${importPrefix(isDryRun, null)}failed: the import stopped with an internal error`,
  // Refused writes (auditRefusedWrites): our own errors by id, a body the parser refused by its status.
  write_refused: ({ status, id, message }: RefusalParams) => `${status} ${id}: ${message}`.slice(0, REFUSAL_CHARS),
  body_refused: ({ status }: { status: number }) =>
    status === 413
      ? '413: the request body is larger than the server accepts'
      : status === 415
        ? '415: the request body is of a type the server does not accept'
        : `${status}: the request body cannot be read`,
} as const;

export type AuditDetailCode = keyof typeof AUDIT_DETAILS;
/** One entry's detail: its code and the parameters its words take. */
export type AuditDetail = ReasonOf<typeof AUDIT_DETAILS>;

/** The codes, for code that walks them all (the Turkish table's test). */
export const AUDIT_DETAIL_CODES = Object.keys(AUDIT_DETAILS) as AuditDetailCode[];

/** A detail's English words. */
export const auditDetailText = (detail: AuditDetail): string => (AUDIT_DETAILS[detail.code] as (params: AuditDetail['params']) => string)(detail.params);

const isAuditDetailCode = (code: unknown): code is AuditDetailCode => typeof code === 'string' && Object.hasOwn(AUDIT_DETAILS, code);

/**
 * A stored detail from its code and its parameters' JSON; null for an entry stored before codes
 * were kept (no code), or with a code this version no longer has: its English words are all there is.
 */
export function storedAuditDetail(code: string | null, params: string | null): AuditDetail | null {
  if (!isAuditDetailCode(code)) return null;
  return { code, params: params === null ? {} : JSON.parse(params) } as AuditDetail;
}
