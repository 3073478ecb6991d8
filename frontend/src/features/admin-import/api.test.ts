import { describe, expect, it } from 'vitest';
import { failedResult, isTooLarge, progressSocketUrl, tooLargeMessage, uploadTimeoutMs } from './api.ts';

describe('admin import api helpers', () => {
  it("applies the spec's limits, time-outs and failure shape", () => {
    expect(isTooLarge({ size: 150 * 1024 * 1024 })).toBe(false);
    expect(isTooLarge({ size: 150 * 1024 * 1024 + 1 })).toBe(true);
    expect(tooLargeMessage('big.xlsx')).toBe("big.xlsx - Maksimum dosya boyutu 150MB'dır");
    expect(uploadTimeoutMs(10)).toBe(300_000);
    expect(uploadTimeoutMs(101 * 1024 * 1024)).toBe(600_000);
    expect(failedResult('a.csv', 2, 3, 'Upload failed for a.csv: boom')).toMatchObject({ success: false, totalRows: 0, successCount: 0, errorCount: 1, fileIndex: 2 });
    expect(progressSocketUrl({ protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/api/admin/import-progress');
  });
});
