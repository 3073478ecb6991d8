/**
 * Test-only fault points. With `FAULT_PAUSE_AT=<step>` set (read by the package's config.ts and
 * armed by the process's entry), the process that reaches that step writes
 * `fault-pause <step> pid=<pid>` to its standard error and stops itself (SIGSTOP), so a fault
 * test can SIGKILL it at exactly that point. Unset (always, outside fault tests), a fault point
 * is one string comparison and does nothing.
 */
import { writeSync } from 'node:fs';

let armedStep: string | undefined;

/** Arms the one step this process stops at (undefined: none). Called by entries, never by libraries. */
export function armFaultPoint(step: string | undefined): void {
  armedStep = step;
}

/** Stops this process here when a fault test armed `step`. */
export function faultPoint(step: string): void {
  if (armedStep === undefined || armedStep !== step) return;
  // Written synchronously: the line must be out before the process stops.
  writeSync(2, `fault-pause ${step} pid=${process.pid}\n`);
  process.kill(process.pid, 'SIGSTOP');
}
