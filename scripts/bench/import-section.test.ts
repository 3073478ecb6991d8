import { describe, expect, it } from 'vitest';
import type { ChildMeasurement } from './import-child.ts';
import { median } from './common.ts';
import { medianRun } from './import-section.ts';

const run = (seconds: number): ChildMeasurement => ({ rows: 1000, seconds, cpuSeconds: seconds, threadCpuSeconds: null, maxRssBytes: 0 });

describe('the import rounds', () => {
  it('take the middle value, the lower middle for an even count, whatever the order', () => {
    expect(median([0.86, 0.79, 0.84])).toBe(0.84);
    expect(median([3, 1, 4, 2])).toBe(2);
    expect(median([5])).toBe(5);
  });

  it("report a measurement by its run of median time, not its fastest or its last", () => {
    const runs = [run(14.9), run(13.1), run(16.4)];
    expect(medianRun(runs)).toBe(runs[0]);
    expect(medianRun([run(12), run(11)]).seconds).toBe(11);
  });
});
