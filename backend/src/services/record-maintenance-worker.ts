/**
 * Worker-thread entry of the admin area's bulk maintenance (delete all, delete test data, fix
 * slugs): runs one task on a connection of its own and answers with its result, so the seconds a
 * task takes at a million businesses never hold the server's event loop. This connection may wait
 * for the write lock (an import in another process), off the event loop, up to the request's `waitMs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { lowerThisThread } from '@directory/indexer/background-priority.ts';
import { armFaultPoint } from '@directory/indexer/fault-point.ts';
import { AdminBusinessService } from './admin-businesses.ts';
import type { MaintenanceResults, MaintenanceTask } from '../shared/maintenance-tasks.ts';
import type { MaintenanceReply, MaintenanceRequest } from './record-maintenance.ts';

const { recordFile, task, faultPauseAt, waitMs, hold } = workerData as MaintenanceRequest;
const port = parentPort!;
lowerThisThread();

// At an armed fault point this thread stops where it is (inside the task's transaction) and
// says so; the server's thread then stops the process (a fault test's SIGKILL follows) or, for
// a test holding the task, lets it go on when the test opens `hold`. Stopping the process from
// here instead let the task commit before the stop, now and then.
const gate = new Int32Array(hold ?? new SharedArrayBuffer(4));
armFaultPoint(faultPauseAt, (step) => {
  port.postMessage({ heldAt: step } satisfies MaintenanceReply);
  Atomics.wait(gate, 0, 0);
});

/** How this thread runs each task of the table (backend/src/shared/maintenance-tasks.ts). */
const RUNNERS: { readonly [T in MaintenanceTask]: (businesses: AdminBusinessService) => MaintenanceResults[T] | Promise<MaintenanceResults[T]> } = {
  'delete-all': (businesses) => ({ deleted: businesses.repository.deleteAll(), rebuildRequested: true }),
  'delete-test-data': (businesses) => businesses.repository.deleteDemo(),
  // Each batch goes through the change log.
  'fix-slugs': async (businesses) => ({ ...(await businesses.fixSlugs()), rebuildRequested: false }),
};

async function run(): Promise<MaintenanceReply> {
  const record = openRecord(recordFile);
  try {
    record.pragma(`busy_timeout = ${waitMs}`);
    return { result: await RUNNERS[task](new AdminBusinessService(record)) };
  } finally {
    record.close();
  }
}

run().then(
  (reply) => port.postMessage(reply),
  (error: unknown) => {
    const { message, code } = error as { message?: unknown; code?: unknown };
    port.postMessage({ error: String(message ?? error), code: typeof code === 'string' ? code : null } satisfies MaintenanceReply);
  },
);
