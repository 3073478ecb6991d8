import { describe, expect, it } from 'vitest';
import type { DuplicateAnalysisReport, FileImportResult } from '@directory/backend/shared/import-types.ts';
import { failedResult } from './api.ts';
import { importSummaryText, resultStatusText, uploadNotice } from './import-summary.ts';

/** A completed file's result: 1,250 rows, 1,200 written (1,000 new, 150 updates, 50 repeats), 30 errors, 20 skipped. */
function completed(overrides: Partial<FileImportResult> = {}): FileImportResult {
  return {
    ...failedResult('places.csv', 1, 1, ''),
    success: true, message: '1200 of 1250 rows imported (1000 new, 150 updated, 50 repeating an earlier row of the file), 30 with errors, 20 skipped.',
    totalRows: 1250, successCount: 1200, inserted: 1000, updated: 200, errorCount: 30, skippedCount: 20,
    duplicateAnalysis: { databaseDuplicateCount: 150, excelDuplicateCount: 50 } as DuplicateAnalysisReport,
    ...overrides,
  };
}

describe("an uploaded file's first sentence", () => {
  it("composes a completed file's counts in Turkish, updates of the record apart from in-file repeats", () => {
    expect(importSummaryText(completed())).toBe(
      '1.250 satırın 1.200 tanesi içe aktarıldı (1.000 yeni, 150 güncelleme, 50 dosyada tekrar eden); 30 satır hatalı, 20 satır atlandı.',
    );
    // Without repeats they go unsaid; without the analysis (an old answer), updated counts them all.
    expect(importSummaryText(completed({ duplicateAnalysis: null, updated: 3, successCount: 3, inserted: 0, totalRows: 3, errorCount: 0, skippedCount: 0 }))).toBe(
      '3 satırın 3 tanesi içe aktarıldı (0 yeni, 3 güncelleme); 0 satır hatalı, 0 satır atlandı.',
    );
  });

  it('says what a dry run would have written, and that it wrote nothing', () => {
    expect(importSummaryText(completed({ isDryRun: true }))).toBe(
      'Deneme: 1.250 satırın 1.200 tanesi yazılacaktı (1.000 yeni, 150 güncelleme, 50 dosyada tekrar eden); 30 satır hatalı, 20 satır atlanacaktı. ' +
        'Kayda hiçbir şey yazılmadı.',
    );
  });

  it("words a failed file's reason from its code, and keeps a failure the screen met in its own words", () => {
    const failed = { ...failedResult('picture.xlsx', 1, 1, 'The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.'), failure: { code: 'file_unreadable', params: { problem: { code: 'not_a_spreadsheet', params: {} } } } } as FileImportResult;
    expect(resultStatusText(failed)).toBe('Dosya ne bir Excel çalışma kitabı (.xlsx, .xls) ne de CSV metin dosyası.');
    expect(resultStatusText(failedResult('a.csv', 1, 1, 'Ağ hatası. İnternet bağlantınızı kontrol edin.'))).toBe('Ağ hatası. İnternet bağlantınızı kontrol edin.');
    expect(resultStatusText(completed())).toBe(importSummaryText(completed()));
  });

  it('ends an upload with a plain success only when no row was refused or skipped', () => {
    const clean = completed({ errorCount: 0, skippedCount: 0 });
    expect(uploadNotice([clean, clean], false)).toEqual({ text: 'Tüm dosyalar başarıyla yüklendi.', tone: 'success' });
    expect(uploadNotice([clean, completed()], false)).toEqual({ text: 'Tüm dosyalar yüklendi; 30 satır hatalı, 20 satır atlandı: ayrıntılar aşağıda.', tone: 'warning' });
    expect(uploadNotice([completed({ skippedCount: 0 })], false).text).toBe('Tüm dosyalar yüklendi; 30 satır hatalı: ayrıntılar aşağıda.');
    expect(uploadNotice([clean], true)).toEqual({ text: 'Deneme tamamlandı: tüm dosyalar okundu ve denetlendi, kayda hiçbir şey yazılmadı.', tone: 'success' });
    expect(uploadNotice([completed({ isDryRun: true, errorCount: 0 })], true)).toEqual({
      text: 'Deneme tamamlandı: tüm dosyalar okundu ve denetlendi, kayda hiçbir şey yazılmadı. 20 satır atlanacaktı; ayrıntılar aşağıda.', tone: 'warning',
    });
    // A file that failed: the spec's partial success, destructive.
    expect(uploadNotice([clean, failedResult('b.csv', 2, 2, 'x')], false)).toEqual({ text: 'Kısmi başarı 1/2', tone: 'error' });
  });
});
