import { readdirSync, readFileSync } from 'node:fs';

/** The nice value of one thread (field 19 of its stat line, Linux; the fields after the command, which may hold ") "). */
export function niceOf(pid: number | 'self', tid: number | 'thread-self'): number {
  const path = tid === 'thread-self' ? '/proc/thread-self/stat' : `/proc/${pid}/task/${tid}/stat`;
  const stat = readFileSync(path, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice values of every thread of a process. */
export function nicesOf(pid: number | 'self'): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => niceOf(pid, Number(tid)));
}
