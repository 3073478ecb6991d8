/**
 * Every import reason (import-reasons.ts) in the operator's words: one table per table of codes,
 * each typed so that a code added there does not compile until it has its Turkish words here.
 * Shared by the admin screens and the errors CSV the server sends; it imports nothing but the
 * codes' types, so the screens' bundle pulls no server code. A row's reason names its field by
 * the column the file gives it (`lat`, `Latitude`, …), never by the record's English field name.
 * Details a library wrote in English (a damaged zip's) are left out: the API's English keeps them.
 */
import type {
  FILE_PROBLEMS, FileProblem, IMPORT_REASONS, ImportReason, ReasonWords, RECORD_PROBLEMS, RecordProblem,
} from './import-reasons.ts';

const counts = new Intl.NumberFormat('tr-TR');
const decimals = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 10, useGrouping: false });
/** 12480 → "12.480". */
const count = (value: number) => counts.format(value);
/** A value as the file wrote it, with a decimal comma: 41.0082 → "41,0082", −181 → "-181". */
const decimal = (value: number) => decimals.format(value);

/** Why a file cannot be read, in Turkish. */
export const FILE_PROBLEM_WORDS: ReasonWords<typeof FILE_PROBLEMS> = {
  empty_file: () => 'Dosya boş.',
  not_a_spreadsheet: () => 'Dosya ne bir Excel çalışma kitabı (.xlsx, .xls) ne de CSV metin dosyası.',
  zip_unreadable: () => 'Dosya bir zip arşivine benziyor ama okunamıyor.',
  zip_too_many_entries: ({ entries, max }) => `Arşiv ${count(entries)} parça içerdiğini bildiriyor (en fazla ${count(max)}); açılmadan reddedildi.`,
  zip_ratio: ({ entry, ratio }) => `Arşivdeki ${entry} parçası ${count(ratio)}:1 sıkıştırma oranı bildiriyor (zip bombası olabilir); açılmadan reddedildi.`,
  zip_too_large: ({ maxGb }) => `Arşiv, açıldığında ${count(maxGb)} GB sınırını aşacağını bildiriyor; açılmadan reddedildi.`,
  zip_not_workbook: () => 'Dosya bir zip arşivi ama Excel çalışma kitabı (.xlsx) değil.',
  zip_damaged: () => 'Zip arşivi bozuk.',
  inflates_past_declared: ({ bytes }) =>
    `Arşiv, bildirdiği ${count(bytes)} bayttan fazlasına açılıyor (boyutları yanlış bildirilmiş: zip bombası olabilir); okuma orada durduruldu.`,
  inflates_past_limit: ({ maxGb }) => `Arşiv açılınca ${count(maxGb)} GB sınırını aşıyor; okuma orada durduruldu.`,
  xlsx_unreadable: () => '.xlsx çalışma kitabı okunamıyor; dosya bozuk olabilir. Excel’de açıp yeniden kaydetmeyi deneyin.',
  xls_too_large: ({ maxMb }) => `Eski biçim .xls dosyası en fazla ${count(maxMb)} MB olabilir; .xlsx ya da CSV olarak kaydedin.`,
  xls_unreadable: () => '.xls çalışma kitabı okunamıyor; dosya bozuk olabilir. Excel’de açıp .xlsx olarak kaydetmeyi deneyin.',
  header_line_too_long: ({ maxKb }) => `İlk satır (sütun adları) ${count(maxKb)} KB sınırından uzun: bu bir yer listesi dışa aktarımı değil.`,
  too_many_columns: ({ columns, max }) => `Dosyada ${count(columns)} sütun var; bir yer listesi dışa aktarımında en fazla ${count(max)} sütun olur.`,
  csv_unreadable: () => 'CSV dosyası okunamıyor.',
  unreadable: () => 'Dosya okunamıyor.',
};

/** Why one CSV record cannot be read, in Turkish. */
export const RECORD_PROBLEM_WORDS: ReasonWords<typeof RECORD_PROBLEMS> = {
  unclosed_quote: () => 'Tırnakla başlayan bir alan kapanmıyor: dosya bu alanın içinde bitiyor.',
  malformed_quote: () => 'Tırnak içindeki bir alanın kapanış tırnağından sonra başka karakterler var (tırnak içinde tırnak iki kez yazılır: "").',
  too_many_fields: ({ fields, max }) => `Satırda ${count(fields)} alan var; en fazla ${count(max)} alan okunur.`,
  record_too_long: ({ max }) => `Satır ${count(max)} karakterden uzun: okuma burada durdu, sonraki satırlar okunmadı.`,
};

const fileProblemWords = (problem: FileProblem) => (FILE_PROBLEM_WORDS[problem.code] as (params: FileProblem['params'], column: string) => string)(problem.params, '');
const recordProblemWords = (problem: RecordProblem) =>
  (RECORD_PROBLEM_WORDS[problem.code] as (params: RecordProblem['params'], column: string) => string)(problem.params, '');

/** Every reason an import reports (a row's error, a skipped row, a failed file), in Turkish. */
export const IMPORT_REASON_WORDS: ReasonWords<typeof IMPORT_REASONS> = {
  not_a_number: ({ value }) => `"${value}" bir sayı değil.`,
  not_a_count: ({ value }) => `"${value}" 0 veya daha büyük bir tam sayı değil.`,
  rating_out_of_range: ({ value }) => `${decimal(value)} geçerli bir puan değil: 0 ile 5 arasında olmalı.`,
  coordinate_out_of_range: ({ value, limit }) =>
    `${decimal(value)} geçerli bir ${limit === 90 ? 'enlem' : 'boylam'} değil: −${limit} ile ${limit} arasında olmalı.`,
  name_missing: (_params, column) => `İşletme adı (${column}) boş.`,
  coordinate_half_missing: ({ missing }, column) =>
    missing === 'latitude' ? `Enlem (${column}) boş, oysa boylam verilmiş.` : `Boylam (${column}) boş, oysa enlem verilmiş.`,
  country_code_unknown: ({ value }) => `"${value}" bir ISO 3166 ülke kodu değil (ör. TR, US).`,
  record_refused: ({ detail }) => `Veritabanı satırı kabul etmedi (${detail}).`,
  row_unreadable: ({ problem }) => `Satır okunamadı: ${recordProblemWords(problem)}`,
  permanently_closed: () => 'Kalıcı olarak kapanmış.',
  repeated_header: () => 'Tekrarlanan başlık satırı.',
  file_unreadable: ({ problem }) => fileProblemWords(problem),
  read_stopped: ({ problem, rows, written }) =>
    `${fileProblemWords(problem)}${written > 0 ? ` Okuma ${count(rows)} satırdan sonra durdu; ondan önce yazılan ${count(written)} satır kayıtta kalıyor.` : ''}`,
  header_unreadable: ({ problem }) => `Başlık satırı okunamadı: ${recordProblemWords(problem)}`,
  no_header: () => 'Dosya boş: başlık satırı bulunamadı.',
  no_name_column: ({ found }) => `Ad sütunu bulunamadı (name, title, …). Bulunan sütunlar: ${found || 'yok'}.`,
  text_named_workbook: ({ extension, firstLine }) =>
    `Dosyanın adı ${extension} ile bitiyor ama bu bir Excel çalışma kitabı değil, bir metin dosyası; ilk satırı da ad sütunu olan bir başlık değil` +
    `${firstLine ? ` (ilk satır: ${firstLine})` : ''}. Tabloyu Excel’den çalışma kitabı olarak ya da başlık satırı (name, …) olan bir .csv dosyası olarak kaydedin.`,
  disk_full: ({ rows, written }) =>
    `Kaydın bulunduğu disk dolu: içe aktarma ${count(rows)} satırdan sonra durdu; ondan önce yazılan ${count(written)} satır kayıtta kalıyor. ` +
    'Diskte yer açın, sonra tamamlamak için dosyayı yeniden içe aktarın.',
  interrupted: ({ rows, written }) =>
    `${count(rows)} satırdan sonra yarıda kaldı (tamamlanan gruplarda ${count(written)} satır yazıldı). ` +
    'Tamamlamak için dosyayı yeniden içe aktarın: yazılmış satırlar güncellenir, ikinci kez eklenmez.',
};

/** An import reason in Turkish; `column` is the column of the row's error as the file names it. */
export function importReasonTurkish(reason: ImportReason, column = ''): string {
  return (IMPORT_REASON_WORDS[reason.code] as (params: ImportReason['params'], column: string) => string)(reason.params, column);
}
