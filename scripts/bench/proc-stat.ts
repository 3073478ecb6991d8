/**
 * CPU time from Linux's /proc: of a process or thread from its `stat` line, and of each thread
 * of this process. The bench reads it where the clock alone says little on a shared machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in USER_HZ ticks: 100 a second. */
const MS_PER_TICK = 10;

/** The fields of a `stat` line after "pid (command) ": state, ppid, pgrp, … (the command may hold spaces and parentheses). */
export const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** User + system CPU time (ms) of a `stat` line (its 14th and 15th fields). */
export function cpuMsOfStat(stat: string): number {
  const fields = statFields(stat);
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** The `stat` line at `path` (a process's or a thread's); null when it ended after the listing it was found in was read. */
export function procStat(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ESRCH') return null;
    throw error;
  }
}

/**
 * CPU time (ms) so far of each thread of this process, by thread id (the main thread's is the
 * process id); null without /proc. A thread that ends while the list is read is left out.
 */
export function threadCpuMs(): Map<number, number> | null {
  if (!existsSync('/proc/self/task')) return null;
  const byThread = new Map<number, number>();
  for (const thread of readdirSync('/proc/self/task')) {
    const stat = procStat(`/proc/self/task/${thread}/stat`);
    if (stat !== null) byThread.set(Number(thread), cpuMsOfStat(stat));
  }
  return byThread;
}
