/**
 * Background work (imports, index rebuilds, the admin area's bulk maintenance) runs at a lower
 * CPU priority than the threads that answer visitors. On two cores an import's reading and
 * writing threads competed as equals with the search threads and the server's own, and a
 * visitor's slowest answers doubled while it ran; at nice {@link BACKGROUND_NICE} Linux gives such
 * a thread about a tenth of the CPU a visitor's thread gets when both want it, and all of it
 * when nothing else does (an import on a quiet machine is as fast as before).
 *
 * Linux sets a nice value per thread (`/proc/thread-self` names the calling one), and a thread
 * starts with its creator's: a worker lowers itself, a command lowers every thread it has and
 * the ones it starts later. Elsewhere these do nothing and say so.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of background threads (0 is the default, 19 the lowest priority). */
export const BACKGROUND_NICE = 10;

function lower(tid: number): void {
  // Never raise a priority someone lowered further (a nice command around `npm start`).
  if (getPriority(tid) < BACKGROUND_NICE) setPriority(tid, BACKGROUND_NICE);
}

/** Lowers the calling thread (and the threads it starts later); false where this system cannot. */
export function lowerThisThread(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    lower(Number(readlinkSync('/proc/thread-self').split('/').pop()));
    return true;
  } catch {
    return false;
  }
}

/** Lowers every thread of this process, for a command that is background work as a whole; false where this system cannot. */
export function lowerThisProcess(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    for (const tid of readdirSync('/proc/self/task')) lower(Number(tid));
    return true;
  } catch {
    return false;
  }
}
