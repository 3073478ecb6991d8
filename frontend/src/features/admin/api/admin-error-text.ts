/**
 * A failed admin call in the operator's words: one table of every field reason code
 * (backend/src/shared/field-reasons.ts) and every error id (backend/src/shared/api-errors.ts)
 * in Turkish. The server's English `message` is never shown; a refused field is named as the
 * screen labels it ("Puan (0–5): 0 ile 5 arasında bir sayı girin (ör. 4.5).").
 */
import { API_ERROR_IDS, type ApiErrorBody, type ApiErrorId, type ApiErrorParams } from '@directory/backend/shared/api-errors.ts';
import type { FieldIssue, FieldReasonCode, FieldReasonParams } from '@directory/backend/shared/field-reasons.ts';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { formatCount } from '../admin-format.ts';

/** What a refused write is told when the session ended and the operator did not sign in again. */
export const SESSION_EXPIRED_MESSAGE = 'Oturumunuzun süresi doldu; değişiklikler kaydedilmedi. Tekrar giriş yapıp yeniden deneyin.';

/** What a call that reached no server is told. */
export const UNREACHABLE_MESSAGE = 'Sunucuya bağlanılamadı. Lütfen tekrar deneyin.';

/**
 * A screen's names of the fields it sends: by path ("rating"), or by a pattern where `#` stands
 * for a list position counted from 1 ("phoneLines.#.number": "#. hat numarası").
 */
export type FieldLabels = Readonly<Record<string, string>>;

/** Names of the parts every admin call may carry (a record's number, a list's page). */
const COMMON_LABELS: FieldLabels = { id: 'Kayıt numarası', page: 'Sayfa', limit: 'Sayfa boyutu' };

const TYPE_NAMES: Record<string, string> = {
  string: 'Metin',
  number: 'Sayı',
  int: 'Tam sayı',
  boolean: 'Evet/hayır (true/false)',
  array: 'Liste',
  object: 'Nesne',
  date: 'Tarih',
};

const orList = (values: readonly (string | number)[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} veya ${values[values.length - 1]}` : String(values[0] ?? '');

/** Every reason a field is refused for, as the admin screens word it. */
export const REASON_TEXT: { readonly [C in FieldReasonCode]: (params: FieldReasonParams<C>) => string } = {
  required: () => 'Bu alan zorunlu.',
  text: () => 'Metin olmalı.',
  text_or_null: () => 'Metin olmalı ya da boş bırakılmalı.',
  too_long: ({ max }) => `En fazla ${formatCount(max)} karakter olabilir.`,
  too_short: ({ min }) => `En az ${formatCount(min)} karakter olmalı.`,
  whole_number: () => 'Tam sayı olmalı.',
  positive_integer: () => 'Pozitif bir tam sayı olmalı.',
  min_value: ({ min }) => `En az ${formatCount(min)} olmalı.`,
  max_value: ({ max }) => `En fazla ${formatCount(max)} olabilir.`,
  number: () => 'Sayı olmalı.',
  number_or_null: () => 'Sayı olmalı ya da boş bırakılmalı.',
  decimal: () => 'Geçerli bir sayı girin (ör. 41.0082).',
  between: ({ min, max }) => `${min} ile ${max} arasında olmalı.`,
  rating: () => '0 ile 5 arasında bir sayı girin (ör. 4.5).',
  review_count: () => '0 veya daha büyük bir tam sayı girin.',
  boolean: () => 'Evet ya da hayır (true/false) olmalı.',
  one_of: ({ values }) => `Şunlardan biri olmalı: ${orList(values)}.`,
  batch_size: ({ values }) => `Şunlardan biri olmalı: ${orList(values.map(formatCount))}.`,
  wrong_type: ({ expected }) => `${TYPE_NAMES[expected] ?? 'Geçerli bir değer'} olmalı.`,
  unknown_field: () => 'Bu işlem böyle bir alan almaz.',
  too_many_items: ({ max }) => `En fazla ${formatCount(max)} tane seçilebilir.`,
  too_few_items: ({ min }) => `En az ${formatCount(min)} tane seçilmeli.`,
  http_address: () => 'http:// veya https:// ile başlayan bir adres girin.',
  email: () => 'Geçerli bir e-posta adresi girin (ad@alanadi).',
  phone: () => 'Geçerli bir telefon numarası girin (rakamlar, boşluk ve + ( ) - . /).',
  country_code: () => 'İki harfli bir ülke kodu girin (ör. TR).',
  country_code_or_null: () => 'İki harfli bir ülke kodu girin (ör. TR) ya da boş bırakın.',
  country_code_or_all: () => 'İki harfli bir ülke kodu ya da "all" olmalı.',
  day_too_long: ({ max }) => `Gün adı en fazla ${formatCount(max)} karakter olabilir.`,
  hours_text: () => 'Saatler metin olmalı.',
  hours_too_long: ({ max }) => `En fazla ${formatCount(max)} karakter olabilir.`,
  week_day: () => 'Haftanın bir günü değil (Monday–Sunday); kaldırmak için kutuyu boşaltın.',
  opening_hours: () => 'Saat olarak okunamadı: ör. 9AM–5PM, 9AM–1PM, 2–6PM, Closed veya Open 24 hours.',
  day_repeated: ({ day }) => `${day} iki kez verilmiş.`,
  lines: () => 'Satırlardan oluşmalı.',
  too_many_lines: ({ max }) => `En fazla ${formatCount(max)} satır olabilir.`,
  phone_lines: () => 'Telefon hatlarından oluşmalı.',
  cursor_with_after: () => 'Sonraki sayfa imleciyle (after) birlikte kullanılamaz.',
  bad_cursor: () => 'Bu sıralamanın sayfa imleci değil; ilk sayfadan yeniden başlayın.',
  bad_cursor_or_end: () => 'Bu sıralamanın sayfa imleci (ya da son sayfa için "end") değil; ilk sayfadan yeniden başlayın.',
  page_needs_cursor: ({ max }) => `Doğrudan en fazla ${formatCount(max)}. sayfaya gidilebilir; sonraki sayfalara Sonraki düğmesiyle ulaşın.`,
  no_export_field: () => 'En az bir alan seçin.',
  date: () => 'YYYY-AA-GG biçiminde bir tarih olmalı.',
  custom_range_dates: () => 'Özel aralık için başlangıç ve bitiş tarihlerinin ikisi de seçilmeli.',
  before_start_date: () => 'Başlangıç tarihinden önce olamaz.',
  category_list: () => 'Kategoriler bir kez verilmeli: virgülle ayrılmış adlar ya da adların JSON dizisi.',
  category_too_long: ({ max }) => `Her kategori adı en fazla ${formatCount(max)} karakter olabilir.`,
  file_not_multipart: () => 'Dosya, "file" alanında multipart/form-data olarak gönderilmeli.',
  file_missing: () => 'Dosya gönderilmedi; bir dosya seçip yeniden deneyin.',
  business_ids: () => 'İşletme numaralarının listesi olmalı.',
  no_business_ids: () => 'En az bir işletme seçilmeli.',
  too_many_business_ids: ({ max }) => `Bir seferde en fazla ${formatCount(max)} işletme seçilebilir.`,
  business_id: () => '1 veya daha büyük bir tam sayı olmalı.',
  invalid: () => 'Geçerli bir değer değil.',
};

/** What an error's words may use: its figures, its status, the screen's field names. */
export interface ErrorContext {
  params: ApiErrorParams;
  status: number;
  /** Seconds the server asked to wait (`Retry-After`), when it did. */
  retryAfterSeconds: number | null;
  label: (field: string) => string;
}

const NOT_FOUND_KINDS: Record<string, string> = { business: 'İşletme', message: 'Mesaj', report: 'Yükleme raporu' };
const waitText = (seconds: number | null, fallback: string) => (seconds !== null ? `${formatCount(seconds)} saniye sonra` : fallback);
const figure = (value: string | number | undefined) => (typeof value === 'number' ? formatCount(value) : '?');

/** Every error id the API answers with, as the admin screens word it. */
export const ERROR_TEXT: { readonly [I in ApiErrorId]: (context: ErrorContext) => string } = {
  bad_request: () => 'İstek geçersiz; sayfayı yenileyip yeniden deneyin.',
  unauthorized: () => SESSION_EXPIRED_MESSAGE,
  csrf_failed: ({ params }) =>
    params.check === 'origin'
      ? 'İstek reddedildi: başka bir siteden gönderilmiş.'
      : 'İstek reddedildi: oturumun güvenlik anahtarı geçersiz. Sayfayı yenileyip yeniden deneyin.',
  invalid_login: () => 'Geçersiz kullanıcı adı veya şifre',
  too_many_attempts: ({ retryAfterSeconds }) => `Çok fazla başarısız deneme. Lütfen ${waitText(retryAfterSeconds, 'biraz sonra')} tekrar deneyin.`,
  not_found: ({ params }) => {
    const kind = NOT_FOUND_KINDS[String(params.kind)];
    return kind ? `${kind} #${params.id} bulunamadı; silinmiş olabilir. Sayfayı yenileyin.` : 'Aranan kayıt bulunamadı; silinmiş olabilir. Sayfayı yenileyin.';
  },
  gone: () => 'Bu kayıt silinmiş.',
  reindex_running: () => 'Arama dizini zaten yeniden oluşturuluyor; bitince yeniden başlatabilirsiniz.',
  ad_code_too_large: ({ params, label }) =>
    `${label(String(params.area))}: en fazla 50 KB (${figure(params.maxBytes)} bayt) olabilir; bu kod ${figure(params.bytes)} bayt. Hiçbir alan kaydedilmedi.`,
  payload_too_large: ({ params }) => `${params.fileName ?? 'Dosya'} - Maksimum dosya boyutu 150MB'dır`,
  record_busy: ({ retryAfterSeconds }) =>
    `Dizin başka bir değişikliği (içe aktarma ya da bakım) kaydediyor; hiçbir şey kaydedilmedi. Lütfen ${waitText(retryAfterSeconds, 'birazdan')} yeniden deneyin.`,
  storage_full: () => 'Sunucunun diski dolu; hiçbir şey kaydedilmedi. Disk boşaltıldıktan sonra yeniden deneyin.',
  storage_read_only: () => 'Sunucu veri klasörüne yazamıyor; hiçbir şey kaydedilmedi. Lütfen daha sonra yeniden deneyin.',
  search_unavailable: ({ retryAfterSeconds }) => `Arama motoruna şu an ulaşılamıyor. Lütfen ${waitText(retryAfterSeconds, 'birazdan')} yeniden deneyin.`,
  service_unavailable: () => 'Hizmet şu an kullanılamıyor. Lütfen birazdan yeniden deneyin.',
  overloaded: () => 'Sunucu şu an çok yoğun; hiçbir şey yapılmadı. Lütfen birazdan yeniden deneyin.',
  too_many_searches: ({ retryAfterSeconds }) => `Kısa sürede çok fazla arama yapıldı. Lütfen ${waitText(retryAfterSeconds, 'birkaç saniye sonra')} yeniden deneyin.`,
  too_many_messages: ({ retryAfterSeconds }) => `Kısa sürede çok fazla mesaj gönderildi. Lütfen ${waitText(retryAfterSeconds, 'biraz sonra')} yeniden deneyin.`,
  http_error: ({ status }) =>
    status === 413 ? 'Gönderilen veri sunucunun kabul ettiğinden büyük; hiçbir şey kaydedilmedi.' : `Sunucu isteği okuyamadı (HTTP ${status}); hiçbir şey kaydedilmedi.`,
  internal_error: () => 'Sunucuda beklenmeyen bir hata oluştu; hiçbir şey kaydedilmemiş olabilir. Lütfen daha sonra yeniden deneyin.',
};

const isErrorId = (id: unknown): id is ApiErrorId => (API_ERROR_IDS as readonly unknown[]).includes(id);
const isReasonCode = (code: unknown): code is FieldReasonCode => typeof code === 'string' && Object.hasOwn(REASON_TEXT, code);

/** The body of a failed call, when the server sent one. */
function errorBodyOf(error: unknown): Partial<ApiErrorBody['error']> | null {
  if (!isApiRequestError(error)) return null;
  const body = error.body as { error?: unknown } | null;
  return typeof body?.error === 'object' && body.error !== null ? (body.error as Partial<ApiErrorBody['error']>) : null;
}

/** The figures of a failed call's words (`{ area, bytes }` of an ad code too large). */
export function errorParamsOf(error: unknown): ApiErrorParams {
  const params = errorBodyOf(error)?.params;
  return typeof params === 'object' && params !== null ? params : {};
}

/** The refused fields of a 400 answer, by code (those of a code this screen does not know are left out). */
export function issuesOf(error: unknown): FieldIssue[] {
  const issues = errorBodyOf(error)?.issues;
  return Array.isArray(issues) ? issues.filter((issue) => typeof issue?.field === 'string' && isReasonCode(issue.code)) : [];
}

/** A reason of a refused field, in Turkish. */
export function reasonText(issue: FieldIssue): string {
  return (REASON_TEXT[issue.code] as (params: FieldIssue['params']) => string)(issue.params ?? {});
}

/** A field's name as the screen labels it: its own, its list pattern's, or its parent's with the rest of its path. */
export function fieldLabel(field: string, screenLabels: FieldLabels): string {
  const labels: FieldLabels = { ...COMMON_LABELS, ...screenLabels };
  if (labels[field]) return labels[field];
  const parts = field.split('.');
  const pattern = parts.map((part) => (/^\d+$/.test(part) ? '#' : part)).join('.');
  const position = parts.find((part) => /^\d+$/.test(part));
  if (labels[pattern] && position !== undefined) return labels[pattern].replace('#', String(Number(position) + 1));
  const parent = labels[parts[0]!];
  if (!parent) return field;
  const rest = parts.slice(1).map((part) => (/^\d+$/.test(part) ? `${Number(part) + 1}. satır` : part));
  return rest.length > 0 ? `${parent}, ${rest.join(', ')}` : parent;
}

/** A refused field with its name and reason: "Puan (0–5): 0 ile 5 arasında bir sayı girin (ör. 4.5)." */
export function issueText(issue: FieldIssue, labels: FieldLabels): string {
  return `${fieldLabel(issue.field, labels)}: ${reasonText(issue)}`;
}

/**
 * What a screen tells the operator of a failed call, in Turkish: each refused field with its
 * name and reason, else the error's own words; a call that reached no server says so.
 */
export function adminErrorText(error: unknown, labels: FieldLabels = {}): string {
  if (!isApiRequestError(error)) return UNREACHABLE_MESSAGE;
  const issues = issuesOf(error);
  if (issues.length > 0) return issues.map((issue) => issueText(issue, labels)).join(' ');
  const body = errorBodyOf(error);
  const id = body?.id ?? (error.status === 401 ? 'unauthorized' : undefined);
  if (!isErrorId(id)) return `Sunucu beklenmeyen bir yanıt verdi (HTTP ${error.status}). Lütfen yeniden deneyin.`;
  return ERROR_TEXT[id]({ params: errorParamsOf(error), status: error.status, retryAfterSeconds: error.retryAfterSeconds, label: (field) => fieldLabel(field, labels) });
}
