/**
 * Test-only fault points. With `FAULT_PAUSE_AT=<step>` set (read by the package's config.ts and
 * armed by the process's entry), the process that reaches that step writes
 * `fault-pause <step> pid=<pid>` to its standard error and stops itself (SIGSTOP), so a fault
 * test can SIGKILL it at exactly that point. Unset (always, outside fault tests), a fault point
 * is one string comparison and does nothing.
 */
import { writeSync } from 'node:fs';

let armedStep: string | undefined;
let reached: (step: string) => void = stopProcess;

/**
 * Arms the one step this process (or thread) stops at (undefined: none). Called by entries, never
 * by libraries. `onReached` replaces the default stop (SIGSTOP of the whole process), for a
 * thread that a test holds at the step instead.
 */
export function armFaultPoint(step: string | undefined, onReached: (step: string) => void = stopProcess): void {
  armedStep = step;
  reached = onReached;
}

/** The step this thread was armed with, to arm a worker thread the same way. */
export function armedFaultPoint(): string | undefined {
  return armedStep;
}

/** Stops this process here when a fault test armed `step`. */
export function faultPoint(step: string): void {
  if (armedStep === undefined || armedStep !== step) return;
  reached(step);
}

function stopProcess(step: string): void {
  // Written synchronously: the line must be out before the process stops.
  writeSync(2, `fault-pause ${step} pid=${process.pid}\n`);
  process.kill(process.pid, 'SIGSTOP');
}
