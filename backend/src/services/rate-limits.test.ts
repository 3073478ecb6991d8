import { describe, expect, it } from 'vitest';
import { AddressRateLimit } from './rate-limits.ts';

describe('AddressRateLimit', () => {
  it('allows the rule points per address, then refuses with the seconds left in the window', async () => {
    const limit = new AddressRateLimit('test', { points: 3, durationSeconds: 900 });
    const verdicts = [];
    for (let i = 0; i < 4; i += 1) verdicts.push(await limit.take('192.0.2.1'));
    expect(verdicts.slice(0, 3)).toEqual([{ isAllowed: true }, { isAllowed: true }, { isAllowed: true }]);
    expect(verdicts[3]).toMatchObject({ isAllowed: false });
    const refused = verdicts[3] as { retryAfterSeconds: number };
    expect(refused.retryAfterSeconds).toBeGreaterThan(890);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(await limit.take('192.0.2.2')).toEqual({ isAllowed: true });
  });

  it('limits nothing with 0 points (benchmarks from one address)', async () => {
    const limit = new AddressRateLimit('off', { points: 0, durationSeconds: 10 });
    for (let i = 0; i < 100; i += 1) expect(await limit.take('192.0.2.1')).toEqual({ isAllowed: true });
  });
});
