/**
 * Worker-thread entry of an upload import: parsing and cleaning a 150 MB file happen here, off
 * the server's event loop, on the worker's own connection to the record.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { importFile } from './import-runner.ts';
import type { ImportWorkerData, ImportWorkerMessage } from './import-worker-protocol.ts';

const data = workerData as ImportWorkerData;
const port = parentPort!;
const record = openRecord(data.recordFile);
try {
  const result = await importFile({
    record,
    file: data.file,
    fileName: data.fileName,
    batchSize: data.batchSize,
    isDryRun: data.isDryRun,
    fileIndex: data.fileIndex,
    totalFiles: data.totalFiles,
    onProgress: (progress) => port.postMessage({ type: 'progress', progress } satisfies ImportWorkerMessage),
  });
  port.postMessage({ type: 'result', result } satisfies ImportWorkerMessage);
} finally {
  record.close();
}
