/**
 * Slices of a long synchronous loop (an export's rows) between which the event loop runs, so
 * the visitors served by the same process wait at most about one slice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** CPU time a slice may take. */
export const SLICE_MS = 20;

export class TimeSlices {
  private started = performance.now();

  /** Whether the current slice has had its time (cheap enough to ask after every row). */
  get isOver(): boolean {
    return performance.now() - this.started >= SLICE_MS;
  }

  /** Lets the event loop run (timers, sockets, other requests), then starts a new slice. */
  async next(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}
