/**
 * Every audit-log detail (backend/src/shared/audit-details.ts) in the operator's words: typed so
 * that a code added there does not compile until it has its Turkish words here. A refusal is worded
 * by the refusal table (admin-error-text.ts), naming a field as the screen the request came from
 * names it (activity-target.ts `requestFieldLabels`), an import's counts and reasons by the import
 * screen's words (import-counts-text.ts, import-reasons-turkish.ts), a maintenance task's outcome by the
 * words its answer carries (maintenance-tasks.ts): the same id reads the same everywhere.
 */
import type { ApiErrorParams } from '@directory/backend/shared/api-errors.ts';
import { BULK_DONE } from '@directory/backend/shared/bulk-words.ts';
import type { AuditDetail, AuditDetailCode, CacheName, NamedBusiness } from '@directory/backend/shared/audit-details.ts';
import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';
import { maintenanceText } from '@directory/backend/shared/maintenance-tasks.ts';
import { formatCount, formatDecimal } from './admin-format.ts';
import { importCountsSummary } from './import-counts-text.ts';
import { ERROR_TEXT, fieldLabel, issueText, type ErrorContext, type FieldLabels } from './api/admin-error-text.ts';

const CACHE_WORDS: Record<CacheName, string> = {
  list_answers: 'liste yanıtları ve ETag değerleri',
  search_answers: 'arama yanıtları',
  page_lists: 'sunucuda oluşturulan sayfaların listeleri',
  sitemaps: 'site haritaları',
  rendered_pages: 'hazır sayfalar',
};

/** "a, b" or "a, b ve 5 tane daha": the first items of `count`, the rest counted as `unit`. */
const listOf = (items: readonly string[], count: number, unit: string) =>
  `${items.join(', ')}${count > items.length ? ` ve ${formatCount(count - items.length)} ${unit} daha` : ''}`;

/** "#60, #59" or "#1, #2, …, #20 ve 5 tane daha". */
const idList = (ids: readonly number[], count: number) => listOf(ids.map((id) => `#${id}`), count, 'tane');

/** "Kebapçı Halil (#60), Çay Evi (#59)" or "…, Çay Evi (#59) ve 9.995 işletme daha", as a single business's entry names it. */
const nameList = (named: readonly NamedBusiness[], count: number) => listOf(named.map(({ id, name }) => `${name} (#${id})`), count, 'işletme');

/** "Rapor #4: " and, for a dry run, "Deneme: ". */
const importPrefix = (reportId: number | null, isDryRun: boolean) => `${reportId === null ? '' : `Rapor #${reportId}: `}${isDryRun ? 'Deneme: ' : ''}`;

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('tr-TR') + text.slice(1);

/** What the refusal table's words use, as far as a log entry knows it: the fields named as `labels` (the request's screen) names them. */
const refused = (status: number, params: ApiErrorParams = {}, labels: FieldLabels = {}): ErrorContext => ({
  params, status, retryAfterSeconds: null, label: (field) => fieldLabel(field, labels),
});

/** Words for every detail (a code missing is a compile error), given the names the entry's screen gives its fields. */
type DetailWords = { readonly [C in AuditDetailCode]: (params: Extract<AuditDetail, { code: C }>['params'], labels: FieldLabels) => string };

/** Every detail an audit entry carries, in Turkish. */
export const ACTIVITY_DETAIL_WORDS: DetailWords = {
  login_refused: () => `${ERROR_TEXT.invalid_login(refused(401))}.`,
  login_throttled: () => 'Çok fazla başarısız deneme: giriş geçici olarak engellendi, şifre denenmedi.',
  password_set_from_command_line: () => 'Komut satırından.',
  // The target names the business ("Kebapçı Halil (#12)"): no line of its own.
  business_named: () => '',
  // The businesses by the names they had (an entry written before names were kept lists their ids).
  bulk_done: ({ action, asked, changedCount, changedIds, changedNames, missingCount, missingIds }) =>
    `${formatCount(asked)} işletmenin ${formatCount(changedCount)} tanesi ${BULK_DONE[action]}` +
    `${changedCount > 0 ? `: ${changedNames ? nameList(changedNames, changedCount) : idList(changedIds, changedCount)}` : ''}` +
    `${missingCount > 0 ? `; ${formatCount(missingCount)} işletme bulunamadı: ${idList(missingIds, missingCount)}` : ''}.`,
  // A maintenance task's outcome: the words its answer toasted on the maintenance screen.
  all_deleted: (params) => `${maintenanceText({ code: 'all_deleted', params })}.`,
  test_data_deleted: (params) => `${maintenanceText({ code: 'test_data_deleted', params })}.`,
  slugs_fixed: (params) => `${maintenanceText({ code: 'slugs_fixed', params })}.`,
  message_flags: ({ isRead, isHandled }) => {
    const marks = [isRead === undefined ? null : isRead ? 'okundu' : 'okunmadı', isHandled === undefined ? null : isHandled ? 'işlendi' : 'işlenmedi'].filter(
      (mark): mark is string => mark !== null,
    );
    return marks.length > 0 ? `${capitalised(marks.join(', '))} olarak işaretlendi.` : 'Değişiklik yok.';
  },
  caches_cleared: ({ caches }) =>
    caches.length > 0 ? `Temizlenenler: ${caches.map((name) => CACHE_WORDS[name]).join(', ')}.` : 'Sunucuda temizlenecek önbellek yoktu.',
  sitemaps_regenerated: ({ files, urls }) => `${formatCount(files)} dosya, ${formatCount(urls)} URL.`,
  rebuild_started: () => 'Başlatıldı.',
  rebuild_refused_running: () => ERROR_TEXT.reindex_running(refused(409)),
  rebuild_finished: ({ documents, seconds }) => `Tamamlandı: ${formatCount(documents)} işletme ${formatDecimal(seconds)} sn içinde dizinlendi.`,
  // The error's own words (a library's, in English) are shown beside, marked as English: see activityQuote.
  rebuild_failed: ({ seconds }) => `${formatDecimal(seconds)} sn sonra hatayla durdu.`,
  import_done: ({ reportId, isDryRun, counts }) => `${reportId === null ? '' : `Rapor #${reportId}: `}${importCountsSummary(counts, isDryRun)}`,
  import_failed: ({ reportId, isDryRun, failure }) => `${importPrefix(reportId, isDryRun)}İçe aktarılamadı. ${importReasonTurkish(failure)}`,
  import_crashed: ({ isDryRun }) => `${importPrefix(null, isDryRun)}İçe aktarma sunucudaki beklenmeyen bir hata yüzünden durdu.`,
  write_refused: ({ status, id, params, issues }, labels) =>
    issues && issues.length > 0 ? issues.map((issue) => issueText(issue, labels)).join(' ') : ERROR_TEXT[id](refused(status, params, labels)),
  body_refused: ({ status }) => ERROR_TEXT.http_error(refused(status)),
};

/** An audit entry's detail in Turkish; a refused field named by `labels`, else by its key. */
export function activityDetailText(detail: AuditDetail, labels: FieldLabels = {}): string {
  return (ACTIVITY_DETAIL_WORDS[detail.code] as (params: AuditDetail['params'], labels: FieldLabels) => string)(detail.params, labels);
}

/** Words of a detail that only exist in English (a failed rebuild's error), to show beside the Turkish marked as English; null for others. */
export function activityQuote(detail: AuditDetail): string | null {
  return detail.code === 'rebuild_failed' ? detail.params.error : null;
}
