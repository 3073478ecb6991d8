/**
 * Worker-thread entry of the admin area's bulk maintenance (delete all, delete test data, fix
 * slugs): runs one task on a connection of its own and answers with its result, so the seconds a
 * task takes at a million businesses never hold the server's event loop. This connection may wait
 * for the write lock (an import in another process), off the event loop, up to the request's `waitMs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { armFaultPoint } from '@directory/indexer/fault-point.ts';
import { AdminBusinessService } from './admin-businesses.ts';
import type { MaintenanceReply, MaintenanceRequest } from './record-maintenance.ts';

const { recordFile, task, faultPauseAt, waitMs, hold } = workerData as MaintenanceRequest;
const port = parentPort!;

if (hold) {
  // A test holds this thread at the step, inside the task, until it lets go.
  const gate = new Int32Array(hold);
  armFaultPoint(faultPauseAt, (step) => {
    port.postMessage({ heldAt: step } satisfies MaintenanceReply);
    Atomics.wait(gate, 0, 0);
  });
} else {
  armFaultPoint(faultPauseAt);
}

async function run(): Promise<MaintenanceReply> {
  const record = openRecord(recordFile);
  try {
    record.pragma(`busy_timeout = ${waitMs}`);
    const businesses = new AdminBusinessService(record);
    switch (task) {
      case 'delete-all':
        return { task, deleted: businesses.repository.deleteAll(), rebuildRequested: true };
      case 'delete-test-data':
        return { task, ...businesses.repository.deleteDemo() };
      case 'fix-slugs':
        return { task, ...(await businesses.fixSlugs()) };
    }
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
