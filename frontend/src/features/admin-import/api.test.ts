import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { buildRefusal } from '../admin/testing/build-admin-data.ts';
import { failedResult, isTooLarge, progressSocketUrl, tooLargeMessage, uploadRefusalText, uploadTimeoutMs } from './api.ts';

describe('admin import api helpers', () => {
  it("applies the spec's limits, time-outs and failure shape", () => {
    expect(isTooLarge({ size: 150 * 1024 * 1024 })).toBe(false);
    expect(isTooLarge({ size: 150 * 1024 * 1024 + 1 })).toBe(true);
    expect(tooLargeMessage('big.xlsx')).toBe("big.xlsx - Maksimum dosya boyutu 150MB'dır");
    expect(uploadTimeoutMs(10)).toBe(300_000);
    expect(uploadTimeoutMs(101 * 1024 * 1024)).toBe(600_000);
    expect(failedResult('a.csv', 2, 3, 'a.csv yüklenemedi: boom')).toMatchObject({ success: false, totalRows: 0, successCount: 0, errorCount: 1, fileIndex: 2 });
    expect(progressSocketUrl({ protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/api/admin/import-progress');
  });

  it('words a refused upload in Turkish, naming the file and the field as the screen labels it', () => {
    expect(uploadRefusalText('a.csv', buildRefusal([{ field: 'batchSize', code: 'batch_size', params: { values: [100, 500, 1000, 2000] } }]))).toBe(
      'a.csv yüklenemedi: Grup boyutu: Şunlardan biri olmalı: 100, 500, 1.000 veya 2.000.',
    );
    expect(uploadRefusalText('a.csv', buildRefusal([{ field: 'file', code: 'file_missing', params: {} }]))).toBe(
      'a.csv yüklenemedi: Dosyalar: Dosya gönderilmedi; bir dosya seçip yeniden deneyin.',
    );
    const tooLarge = new ApiRequestError(413, JSON.stringify({ error: { id: 'payload_too_large', message: '…', params: { fileName: 'huge.csv' } } }));
    expect(uploadRefusalText('huge.csv', tooLarge)).toBe("huge.csv - Maksimum dosya boyutu 150MB'dır");
    const busy = new ApiRequestError(503, JSON.stringify({ error: { id: 'record_busy', message: 'The directory is busy…' } }), 5);
    expect(uploadRefusalText('a.csv', busy)).toMatch(/^a\.csv yüklenemedi: Dizin başka bir değişikliği/);
  });
});
