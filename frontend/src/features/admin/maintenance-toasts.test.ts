import { describe, expect, it } from 'vitest';
import { allDeletedToast, slugsFixedToast, testDataDeletedToast } from './maintenance-toasts.ts';

describe('what the maintenance actions say', () => {
  it('says it once, the counts grouped the Turkish way', () => {
    expect(allDeletedToast({ success: true, deletedCount: 1657, message: '1657 işletme silindi' })).toEqual({ title: '1.657 işletme silindi', variant: 'success' });
    expect(testDataDeletedToast({ success: true, deletedCount: 3000, message: '3000 test işletmesi silindi' })).toEqual({
      title: '3.000 test işletmesi silindi',
      variant: 'success',
    });
    expect(slugsFixedToast({ success: true, successCount: 0, totalProcessed: 4364, checkpointEnabled: true, message: 'x' })).toEqual({
      title: '4.364 işletme işlendi, 0 URL düzeltildi',
      variant: 'success',
    });
  });
});
