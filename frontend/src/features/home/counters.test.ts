import { describe, expect, it } from 'vitest';
import { counterValueAt, formatBusinessCounter, formatCityCounter, formatCountryCounter, formatReviewCount, truncateName } from './counters.ts';

describe('home counters', () => {
  it('shows businesses with M+ above a million and k above 999', () => {
    expect(formatBusinessCounter(850)).toBe('850');
    expect(formatBusinessCounter(4_950)).toBe('5k');
    expect(formatBusinessCounter(564_321)).toBe('564.3k');
    expect(formatBusinessCounter(1_000_000)).toBe('1M');
    expect(formatBusinessCounter(1_260_000)).toBe('1.2M+');
    expect(formatBusinessCounter(3_000_001)).toBe('3M+');
  });

  it('shows cities with K+ above 1000', () => {
    expect(formatCityCounter(999)).toBe('999');
    expect(formatCityCounter(1000)).toBe('1000');
    expect(formatCityCounter(1_950)).toBe('1.9K+');
    expect(formatCityCounter(15_432)).toBe('15K+');
  });

  it('shows countries as they are, k above 999', () => {
    expect(formatCountryCounter(195)).toBe('195');
    expect(formatCountryCounter(1200)).toBe('1.2k');
  });

  it('counts up in 50 steps ending on the target', () => {
    const steps = Array.from({ length: 51 }, (_, step) => counterValueAt(1000, step));
    expect(steps[0]).toBe(0);
    expect(steps[1]).toBe(20);
    expect(steps.at(-1)).toBe(1000);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(counterValueAt(7, 50)).toBe(7);
    expect(counterValueAt(7, 80)).toBe(7);
  });
});

describe('featured cards', () => {
  it('truncates names longer than 15 characters', () => {
    expect(truncateName('Le Bouchon')).toBe('Le Bouchon');
    expect(truncateName('Exactly Fifteen')).toBe('Exactly Fifteen');
    expect(truncateName('Le Bouchon Lyonnais')).toBe('Le Bouchon Lyon…');
    expect(truncateName('The Great Fish Market')).toBe('The Great Fish…');
  });

  it('caps review counts at 99+', () => {
    expect(formatReviewCount(99)).toBe('99');
    expect(formatReviewCount(100)).toBe('99+');
  });
});
