import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDateTime, formatDecimal, formatDuration, formatPercent } from './admin-format.ts';

describe('admin figures', () => {
  it('word sizes, durations and shares', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5,0 MB');
    expect(formatDuration(42)).toBe('42 sn');
    expect(formatDuration(93_784)).toBe('1 g 2 sa 3 dk');
    expect(formatDuration(3600)).toBe('1 sa 0 dk');
    expect(formatPercent(0.125)).toBe('%12,5');
    expect(formatPercent(0.852)).toBe('%85,2');
    expect(formatDateTime('2025-03-07T09:05:00.000Z')).toBe('2025-03-07 09:05 UTC');
  });

  it('group numbers one way, the Turkish way', () => {
    expect(formatCount(1657)).toBe('1.657');
    expect(formatCount(1_234_567)).toBe('1.234.567');
    expect(formatCount(999)).toBe('999');
    expect(formatDecimal(4.56)).toBe('4,6');
    expect(formatDecimal(0.7)).toBe('0,7');
  });
});
