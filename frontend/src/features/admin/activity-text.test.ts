import { describe, expect, it } from 'vitest';
import { API_ERROR_IDS } from '@directory/backend/shared/api-errors.ts';
import { AUDIT_DETAIL_CODES, auditDetailText, CACHE_NAMES, type AuditDetail, type CacheName } from '@directory/backend/shared/audit-details.ts';
import type { FieldIssue } from '@directory/backend/shared/field-reasons.ts';
import type { ImportReason } from '@directory/backend/shared/import-reasons.ts';
import { ENGLISH_WORDS, englishWordsIn } from '@directory/backend/testing/english-words.ts';
import { requestFieldLabels } from './activity-target.ts';
import { activityDetailText, activityQuote } from './activity-text.ts';

/** English words a log's details use besides those of refusals. */
const LOG_ENGLISH = [...ENGLISH_WORDS, 'of', 'businesses', 'deleted', 'approved', 'pending', 'cleared', 'files', 'finished', 'failed', 'started', 'refused',
  'report', 'rows', 'imported', 'dry', 'run', 'not', 'found', 'more', 'from', 'command', 'line', 'throttled', 'invalid', 'indexed', 'after', 'shortened', 'slugs'];

/** Figures for every detail's words (each takes the ones it needs). */
const FIGURES = {
  action: 'delete', asked: 30, changedCount: 25, changedIds: Array.from({ length: 20 }, (_, index) => index + 1), missingCount: 5, missingIds: [97, 98, 99, 100, 101],
  deleted: 12_480, fixed: 120, processed: 12_480, isRead: true, isHandled: false, caches: Object.keys(CACHE_NAMES), files: 3, urls: 12_914,
  documents: 12_480, seconds: 0.4, error: 'SqliteError: disk I/O error', reportId: 4, isDryRun: false,
  counts: { totalRows: 9, successCount: 1, inserted: 1, updated: 0, repeated: 0, errorCount: 8, skippedCount: 0 },
  failure: { code: 'no_header', params: {} }, status: 403, id: 'csrf_failed', message: 'Request refused: it comes from another site', params: { check: 'origin' },
};

/** Each detail, with every error id a refusal may carry (an import's reasons are walked by import-reasons-turkish.test.ts). */
function everyDetail(): AuditDetail[] {
  return AUDIT_DETAIL_CODES.flatMap((code): unknown[] => {
    if (code === 'write_refused') return API_ERROR_IDS.map((id) => ({ code, params: { ...FIGURES, id, params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200, kind: 'business', id: 7 } } }));
    return [{ code, params: FIGURES }];
  }) as AuditDetail[];
}

describe("the activity log's Turkish words", () => {
  it('word every detail the server records, with every refusal it can hold, without English', () => {
    const details = everyDetail();
    expect(details.length).toBe(AUDIT_DETAIL_CODES.length - 1 + API_ERROR_IDS.length);
    for (const detail of details) {
      const label = `${detail.code}${detail.code === 'write_refused' ? ` (${detail.params.id})` : ''}`;
      const text = activityDetailText(detail);
      // A business's name is shown in the entry's target ("Kebapçı Halil (#12)"), not on a line of its own.
      if (detail.code === 'business_named') {
        expect(text, label).toBe('');
        continue;
      }
      expect(text, label).toMatch(/^\S.{4,}$/);
      expect(text, label).not.toContain(auditDetailText(detail));
      expect(englishWordsIn(text, LOG_ENGLISH), `${label}: ${text}`).toEqual([]);
    }
  });

  it('name the businesses a bulk call changed as it kept them, the rest counted', () => {
    const bulk = (changedNames: { id: number; name: string }[], changedCount: number): AuditDetail => ({
      code: 'bulk_done',
      params: { action: 'approve', asked: changedCount, changedCount, changedIds: changedNames.map(({ id }) => id), changedNames, missingCount: 0, missingIds: [] },
    });
    expect(activityDetailText(bulk([{ id: 60, name: 'Kebapçı Halil' }, { id: 59, name: 'Çay Evi' }], 2))).toBe('2 işletmenin 2 tanesi onaylandı: Kebapçı Halil (#60), Çay Evi (#59).');
    expect(activityDetailText(bulk([{ id: 1, name: 'Bir' }, { id: 2, name: 'İki' }], 10_000))).toBe('10.000 işletmenin 10.000 tanesi onaylandı: Bir (#1), İki (#2) ve 9.998 işletme daha.');
  });

  it('write figures the Turkish way and name every id a bulk call listed before names were kept', () => {
    const bulk = (changedIds: number[], changedCount: number, missingIds: number[] = []): AuditDetail => ({
      code: 'bulk_done', params: { action: 'delete', asked: changedCount + missingIds.length, changedCount, changedIds, missingCount: missingIds.length, missingIds },
    });
    expect(activityDetailText(bulk([60, 59], 2))).toBe('2 işletmenin 2 tanesi silindi: #60, #59.');
    expect(activityDetailText(bulk([1, 2], 1_502, [9]))).toBe('1.503 işletmenin 1.502 tanesi silindi: #1, #2 ve 1.500 tane daha; 1 işletme bulunamadı: #9.');
    expect(activityDetailText({ code: 'rebuild_finished', params: { documents: 12_480, seconds: 0.4 } })).toBe('Tamamlandı: 12.480 işletme 0,4 sn içinde dizinlendi.');
    expect(activityDetailText({ code: 'all_deleted', params: { deleted: 1_000_000 } })).toBe('1.000.000 işletme silindi.');
    expect(activityDetailText({ code: 'test_data_deleted', params: { deleted: 3_000 } })).toBe('3.000 test işletmesi silindi.');
    expect(activityDetailText({ code: 'slugs_fixed', params: { fixed: 0, processed: 4_364 } })).toBe('4.364 işletme işlendi, 0 URL düzeltildi.');
  });

  it('word a refusal through the refusal table: its field reasons, else its id', () => {
    const refused = (params: Extract<AuditDetail, { code: 'write_refused' }>['params']): AuditDetail => ({ code: 'write_refused', params });
    expect(activityDetailText(refused({ status: 403, id: 'csrf_failed', message: 'Request refused: it comes from another site', params: { check: 'origin' } }))).toBe(
      'İstek reddedildi: başka bir siteden gönderilmiş.',
    );
    expect(activityDetailText(refused({ status: 403, id: 'csrf_failed', message: 'Request refused: the X-CSRF-Token header is missing', params: { check: 'token' } }))).toMatch(
      /güvenlik anahtarı geçersiz/,
    );
    expect(activityDetailText(refused({ status: 400, id: 'bad_request', message: 'Invalid request.', issues: [{ field: 'batchSize', code: 'batch_size', params: { values: [100, 500, 1000, 2000] } }] })))
      .toBe('batchSize: Şunlardan biri olmalı: 100, 500, 1.000 veya 2.000.');
    expect(activityDetailText({ code: 'body_refused', params: { status: 413 } })).toBe('Gönderilen veri sunucunun kabul ettiğinden büyük; hiçbir şey kaydedilmedi.');
    expect(activityDetailText({ code: 'login_refused', params: {} })).toBe('Geçersiz kullanıcı adı veya şifre.');
  });

  it('names a refused field as the screen the request came from labels it, a key no screen shows as it is', () => {
    type Refusal = Extract<AuditDetail, { code: 'write_refused' }>['params'];
    /** The detail of a write refused at `method path`, as the activity line words it. */
    const logged = (request: string, refusal: Omit<Refusal, 'message'>, business: { id: number; exists: boolean; name: string | null } | null = null) => {
      const [method, path] = request.split(' ') as [string, string];
      return activityDetailText({ code: 'write_refused', params: { ...refusal, message: 'Invalid request.' } }, requestFieldLabels({ kind: 'request', method, path, business }));
    };
    const invalid = (issue: FieldIssue) => ({ status: 400, id: 'bad_request' as const, issues: [issue] });
    expect(logged('PUT /api/admin/contact-details', invalid({ field: 'organisationName', code: 'required', params: {} }))).toBe('Kuruluş adı: Bu alan zorunlu.');
    expect(logged('PUT /api/admin/contact-details', invalid({ field: 'phoneLines.1.number', code: 'phone', params: {} }))).toBe(
      '2. hat numarası: Geçerli bir telefon numarası girin (rakamlar, boşluk ve + ( ) - . /).',
    );
    const kept = { id: 12, exists: true, name: 'Kebapçı Halil' };
    expect(logged('PUT /api/admin/businesses/12', invalid({ field: 'rating', code: 'rating', params: {} }), kept)).toBe('Puan (0–5): 0 ile 5 arasında bir sayı girin (ör. 4.5).');
    expect(logged('PUT /api/admin/businesses/12', invalid({ field: 'workingHours.Tuesday', code: 'opening_hours', params: {} }), kept)).toMatch(/^Çalışma saatleri, Salı: Saat olarak okunamadı/);
    expect(logged('POST /api/upload-excel-batch', invalid({ field: 'batchSize', code: 'batch_size', params: { values: [100, 500, 1000, 2000] } }))).toBe(
      'Grup boyutu: Şunlardan biri olmalı: 100, 500, 1.000 veya 2.000.',
    );
    // An error naming a field in its figures (an ad code over 50 KB) names it the same way.
    expect(logged('POST /api/admin/advertisement-codes', { status: 413, id: 'ad_code_too_large', params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200 } })).toBe(
      'Reklam Alanı 2 (ad2): en fazla 50 KB (51.200 bayt) olabilir; bu kod 61.000 bayt. Hiçbir alan kaydedilmedi.',
    );
    // A key the screen does not show, or a request no screen sends: the key, as before.
    expect(logged('PUT /api/admin/contact-details', invalid({ field: 'faxNumber', code: 'text', params: {} }))).toBe('faxNumber: Metin olmalı.');
    expect(logged('POST /api/admin/no-such-thing', invalid({ field: 'organisationName', code: 'required', params: {} }))).toBe('organisationName: Bu alan zorunlu.');
  });

  it("words an import's counts and failure as the upload screen does, a dry run flagged", () => {
    const counts = { totalRows: 9, successCount: 1, inserted: 1, updated: 0, repeated: 0, errorCount: 8, skippedCount: 0 };
    expect(activityDetailText({ code: 'import_done', params: { reportId: 4, isDryRun: false, counts } })).toBe(
      'Rapor #4: 9 satırın 1 tanesi içe aktarıldı (1 yeni, 0 güncelleme); 8 satır hatalı, 0 satır atlandı.',
    );
    expect(activityDetailText({ code: 'import_done', params: { reportId: 5, isDryRun: true, counts } })).toMatch(/^Rapor #5: Deneme: 9 satırın 1 tanesi yazılacaktı/);
    const failure: ImportReason = { code: 'file_unreadable', params: { problem: { code: 'empty_file', params: {} } } };
    expect(activityDetailText({ code: 'import_failed', params: { reportId: 6, isDryRun: false, failure } })).toBe('Rapor #6: İçe aktarılamadı. Dosya boş.');
  });

  it("names every cache in Turkish, and quotes a failed rebuild's own English error beside its Turkish", () => {
    const caches = Object.keys(CACHE_NAMES) as CacheName[];
    const text = activityDetailText({ code: 'caches_cleared', params: { caches } });
    expect(text.split(', ')).toHaveLength(caches.length);
    expect(activityDetailText({ code: 'caches_cleared', params: { caches: [] } })).toBe('Sunucuda temizlenecek önbellek yoktu.');
    const failed: AuditDetail = { code: 'rebuild_failed', params: { seconds: 3, error: 'SqliteError: disk full' } };
    expect(activityDetailText(failed)).toBe('3,0 sn sonra hatayla durdu.');
    expect(activityQuote(failed)).toBe('SqliteError: disk full');
    expect(activityQuote({ code: 'rebuild_started', params: {} })).toBeNull();
  });
});
