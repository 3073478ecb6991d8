import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { groupCpuMs } from './common.ts';

describe('groupCpuMs', () => {
  it('counts the CPU time of the processes of a group, as the process itself counts it', async () => {
    // A process in a group of its own that works, says how much CPU time it has used, and waits to be stopped.
    const script = `let x = 0; for (let i = 0; i < 3e8; i += 1) x += i % 7; const u = process.cpuUsage(); console.log(JSON.stringify({ ms: (u.user + u.system) / 1000, x })); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      const { ms } = JSON.parse(line.toString()) as { ms: number };
      const counted = groupCpuMs(child.pid!);
      expect(counted).not.toBeNull();
      // The group's count is in ticks of 10 ms; it also holds what the process used after reporting.
      expect(counted!).toBeGreaterThanOrEqual(ms - 20);
      expect(counted!).toBeLessThan(ms + 1000);
      expect(groupCpuMs(2 ** 30)).toBe(0);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
