import { describe, expect, it } from 'vitest';
import { auditDetailText, type BulkParams } from './audit-details.ts';

const bulk = (params: Omit<BulkParams, 'action' | 'asked'>) =>
  auditDetailText({ code: 'bulk_done', params: { action: 'delete', asked: params.changedCount + params.missingCount, ...params } });

describe("a bulk call's English detail", () => {
  it('names the businesses it kept names of, and counts the rest', () => {
    const changedNames = [{ id: 60, name: 'Kebap House' }, { id: 59, name: 'Cafe Nero' }];
    expect(bulk({ changedCount: 2, changedIds: [60, 59], changedNames, missingCount: 0, missingIds: [] })).toBe('2 of 2 businesses deleted: Kebap House (#60), Cafe Nero (#59)');
    expect(bulk({ changedCount: 10_000, changedIds: [60, 59], changedNames, missingCount: 0, missingIds: [] })).toBe(
      '10000 of 10000 businesses deleted: Kebap House (#60), Cafe Nero (#59) and 9998 more',
    );
  });

  it('lists ids where it kept no names, and the ids no business has, each counting the rest', () => {
    expect(bulk({ changedCount: 25, changedIds: [1, 2, 3], missingCount: 4, missingIds: [7, 8] })).toBe(
      '25 of 29 businesses deleted: 1, 2, 3 and 22 more; not found: 7, 8 and 2 more',
    );
    expect(bulk({ changedCount: 0, changedIds: [], missingCount: 1, missingIds: [9] })).toBe('0 of 1 businesses deleted; not found: 9');
  });
});
