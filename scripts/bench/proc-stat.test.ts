import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from './proc-stat.ts';

describe('threadCpuMs', () => {
  it("counts each thread's CPU time under its own id, the main thread's under the process id", async () => {
    const before = threadCpuMs();
    expect(before).not.toBeNull();
    const cpuBefore = process.cpuUsage();
    // A worker thread works while this thread waits for it.
    const worker = new Worker('let x = 0; for (let i = 0; i < 3e8; i += 1) x += i % 7; require("node:worker_threads").parentPort.postMessage(x);', { eval: true });
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
});
