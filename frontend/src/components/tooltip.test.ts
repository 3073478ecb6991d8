import { describe, expect, it } from 'vitest';
import { getOpenDelay, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip.tsx';

describe('tooltip delays (visitor spec §9)', () => {
  it('are 700 ms to open and 300 ms to skip', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('waits 700 ms when no tooltip closed just before', () => {
    expect(getOpenDelay(10_000, Number.NEGATIVE_INFINITY)).toBe(700);
    expect(getOpenDelay(10_000, 9_700)).toBe(700);
  });

  it('opens at once within 300 ms of another tooltip closing', () => {
    expect(getOpenDelay(10_000, 9_701)).toBe(0);
    expect(getOpenDelay(10_000, 10_000)).toBe(0);
  });
});
