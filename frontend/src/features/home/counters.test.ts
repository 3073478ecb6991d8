import { describe, expect, it } from 'vitest';
import { counterValueAt, formatReviewCount, truncateName } from './counters.ts';

describe('home counters', () => {
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
