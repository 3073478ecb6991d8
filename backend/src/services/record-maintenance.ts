/**
 * The admin area's bulk maintenance, each run in a worker thread of its own
 * (`record-maintenance-worker.ts`): deleting a million businesses takes seconds of synchronous
 * SQLite work, and fixing their slugs minutes; on the server's thread either would stop every
 * visitor's request meanwhile. A task is one transaction (delete all, delete test data) or
 * batches with a recorded position (fix slugs), whatever thread runs it.
 */
import { Worker } from 'node:worker_threads';
import { RecordBusyError, WRITE_WAIT_MS } from '@directory/data/record-lock.ts';
import { isRecordBusy } from '@directory/data/storage-errors.ts';
import { armedFaultPoint, faultPoint } from '@directory/indexer/fault-point.ts';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';
import type { MaintenanceResults, MaintenanceTask } from '../shared/maintenance-tasks.ts';

export interface MaintenanceRequest {
  recordFile: string;
  task: MaintenanceTask;
  /** The fault test's step, as this process was armed. */
  faultPauseAt: string | undefined;
  /** How long the thread waits for another writer's lock before it gives up. */
  waitMs: number;
  /** Tests only: hold the thread at `faultPauseAt` until the first value of this buffer turns non-zero (without it, the thread waits there for good and the process stops). */
  hold?: SharedArrayBuffer | undefined;
}

export type MaintenanceReply =
  | { result: MaintenanceResults[MaintenanceTask] }
  | { heldAt: string }
  | { error: string; code: string | null };

const WORKER_SOURCE = tsWorkerSource(new URL('./record-maintenance-worker.ts', import.meta.url));

export interface MaintenanceOptions {
  /** How long the task may wait for another writer's lock (default WRITE_WAIT_MS, as `writeSoon`). */
  waitMs?: number;
  /** Tests only: see {@link MaintenanceRequest.hold}; `onHeld` is told when the thread waits there. */
  hold?: { step: string; gate: SharedArrayBuffer; onHeld: () => void };
}

/**
 * Runs `task` on `recordFile` in a new worker thread. Rejects with {@link RecordBusyError} when
 * another writer kept the record locked for `waitMs` (the error handler's 503), and with the
 * task's own error otherwise (its SQLite code kept, for the error handler's storage answers).
 */
export function runMaintenance<T extends MaintenanceTask>(recordFile: string, task: T, options: MaintenanceOptions = {}): Promise<MaintenanceResults[T]> {
  const request: MaintenanceRequest = {
    recordFile,
    task,
    faultPauseAt: options.hold?.step ?? armedFaultPoint(),
    waitMs: options.waitMs ?? WRITE_WAIT_MS,
    hold: options.hold?.gate,
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: request });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    worker.on('message', (reply: MaintenanceReply) => {
      // The thread waits at a fault point: a test holding it is told; otherwise this process stops there, as a fault test expects.
      if ('heldAt' in reply) return options.hold ? options.hold.onHeld() : faultPoint(reply.heldAt);
      if ('error' in reply) {
        const error = Object.assign(new Error(reply.error), { code: reply.code ?? undefined });
        return settle(() => reject(isRecordBusy(error) ? new RecordBusyError(performance.now() - started) : error));
      }
      // The thread ran `task`: its result is that task's.
      settle(() => resolve(reply.result as MaintenanceResults[T]));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The ${task} thread stopped before it answered (exit code ${code}).`))));
  });
}
