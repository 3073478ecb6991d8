import { describe, expect, it } from 'vitest';
import { loadBenchConfig } from './config.ts';
import { summarizeReindexRuns } from './index-section.ts';

describe('the index section’s reindex runs', () => {
  it('reports the median run’s seconds with every run’s in order, the highest peak RSS, and success when every run exited 0', () => {
    const summary = summarizeReindexRuns([
      { code: 0, seconds: 59.5, peakRssMb: 2050 },
      { code: 0, seconds: 56.3, peakRssMb: 2101 },
      { code: 0, seconds: 55.1, peakRssMb: 1998 },
    ]);
    expect(summary).toEqual({ seconds: 56.3, runSeconds: [59.5, 56.3, 55.1], peakRssMb: 2101, exitCode: 0 });
  });

  it('reports a failed run’s exit code even when the others succeeded, and leaves its time out of the median', () => {
    const summary = summarizeReindexRuns([
      { code: 0, seconds: 56, peakRssMb: 2000 },
      { code: 1, seconds: 3, peakRssMb: 150 },
      { code: 0, seconds: 58, peakRssMb: 2010 },
      { code: 0, seconds: 60, peakRssMb: 2020 },
    ]);
    expect(summary.exitCode).toBe(1);
    expect(summary.seconds).toBe(58);
    expect(summary.runSeconds).toEqual([56, 3, 58, 60]);
  });

  it('runs three times unless --reindex-runs says otherwise, and refuses a count out of range', () => {
    expect(loadBenchConfig([], {}).reindexRuns).toBe(3);
    expect(loadBenchConfig(['--reindex-runs', '1'], {}).reindexRuns).toBe(1);
    expect(() => loadBenchConfig(['--reindex-runs', '0'], {})).toThrow(/reindex-runs/);
  });
});
