import { describe, expect, it } from 'vitest';
import { formatCompact, formatDistance, formatNumber, formatRoundedPlus, pluralize } from './format.ts';

describe('formatNumber', () => {
  it('groups thousands with commas, as en-US does, whatever the machine’s locale', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234)).toBe('-1,234');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('writes every whole number as Intl does for en-US', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [7, 10, 100, 1000, 9999, 10000, 123456, 1000000, 987654321, Number.MAX_SAFE_INTEGER, -5, -100000]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
  });

  it('is what the counts and marketing figures are written with', () => {
    expect(pluralize(1, 'business', 'businesses')).toBe('1 business');
    expect(pluralize(2500, 'business', 'businesses')).toBe('2,500 businesses');
    expect(formatRoundedPlus(564321)).toBe('560,000+');
  });
});

describe('formatDistance', () => {
  it('reads metres below a kilometre, one decimal below ten, and groups thousands like every other number', () => {
    expect(formatDistance(0.004)).toBe('10 m');
    expect(formatDistance(0.347)).toBe('350 m');
    expect(formatDistance(1.23)).toBe('1.2 km');
    expect(formatDistance(832.4)).toBe('832 km');
    expect(formatDistance(4939.2)).toBe('4,939 km');
    expect(formatDistance(12_345.6)).toBe('12,346 km');
  });
});

describe('formatCompact', () => {
  it('writes every count in one style: K from a thousand, M from a million, capitals', () => {
    expect(formatCompact(195)).toBe('195');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(3000)).toBe('3K');
    expect(formatCompact(15_000)).toBe('15K');
    expect(formatCompact(1_000_000)).toBe('1M');
  });

  it('rounds down and adds "+" when the figure shown is below the count', () => {
    expect(formatCompact(1_437)).toBe('1.4K+');
    expect(formatCompact(2_960)).toBe('2.9K+');
    expect(formatCompact(4_100)).toBe('4.1K');
    expect(formatCompact(15_432)).toBe('15K+');
    expect(formatCompact(999_999)).toBe('999K+');
    expect(formatCompact(1_260_000)).toBe('1.2M+');
    expect(formatCompact(3_000_001)).toBe('3M+');
    expect(formatCompact(564_321)).toBe('564K+');
  });
});
