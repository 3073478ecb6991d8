import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { procStat, threadCpuMs } from './proc-stat.ts';

describe('threadCpuMs', () => {
  it("counts each thread's CPU time under its own id, the main thread's under the process id", async () => {
    const before = threadCpuMs();
    expect(before).not.toBeNull();
    const cpuBefore = process.cpuUsage();
    // A worker thread works while this thread waits for it, then stays until terminated: a thread
    // that ended has no entry left to read (it used to end right after its message, a race).
    const worker = new Worker(
      'let x = 0; for (let i = 0; i < 3e8; i += 1) x += i % 7; const { parentPort } = require("node:worker_threads"); parentPort.postMessage(x); parentPort.once("message", () => undefined);',
      { eval: true },
    );
    try {
      await once(worker, 'message');
      const after = threadCpuMs()!;
      const cpu = process.cpuUsage(cpuBefore);
      const deltas = [...after].map(([thread, ms]) => ({ thread, ms: ms - (before!.get(thread) ?? 0) }));
      const main = deltas.find((delta) => delta.thread === process.pid)!;
      const busiestOther = deltas.filter((delta) => delta.thread !== process.pid).sort((a, b) => b.ms - a.ms)[0]!;
      expect(busiestOther.ms).toBeGreaterThan(main.ms);
      // Every thread's share adds up to the process's own count (in ticks of 10 ms each).
      const total = deltas.reduce((sum, delta) => sum + delta.ms, 0);
      expect(Math.abs(total - (cpu.user + cpu.system) / 1000)).toBeLessThan(10 * (deltas.length + 1));
    } finally {
      await worker.terminate();
    }
  });

  it('reads a thread that is gone (ended after the task list was read) as null, not an error', () => {
    // No thread has id 0: its entry is missing as a thread's is once it ended.
    expect(procStat('/proc/self/task/0/stat')).toBeNull();
    expect(procStat(`/proc/self/task/${process.pid}/stat`)).toContain(`${process.pid} (`);
  });
});
