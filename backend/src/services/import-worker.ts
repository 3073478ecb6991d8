/**
 * Worker-thread entry of upload imports: parsing and cleaning a 150 MB file happen here, off the
 * server's event loop, on the worker's own connection to the record. The worker stays for the
 * next upload (it costs seconds to start: tsx compiles the importer's modules inside it), and so
 * does the reading worker it starts (row-events.ts). One file at a time.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { lowerThisThread } from '@directory/indexer/background-priority.ts';
import { readerWorkerStarts } from '../import/row-events.ts';
import { importFile } from './import-runner.ts';
import type { ImportWorkerMessage, ImportWorkerRequest } from './import-worker-protocol.ts';

const port = parentPort!;
// Visitors first: this thread and the reading worker it starts yield the CPU to the server's threads.
lowerThisThread();

async function run(request: ImportWorkerRequest): Promise<void> {
  const record = openRecord(request.recordFile);
  try {
    const result = await importFile({
      record,
      file: request.file,
      fileName: request.fileName,
      batchSize: request.batchSize,
      isDryRun: request.isDryRun,
      fileIndex: request.fileIndex,
      totalFiles: request.totalFiles,
      onProgress: (progress) => port.postMessage({ type: 'progress', progress } satisfies ImportWorkerMessage),
    });
    port.postMessage({ type: 'result', result, worker: { threadId, readerWorkerStarts: readerWorkerStarts() } } satisfies ImportWorkerMessage);
  } finally {
    record.close();
  }
}

// A broken record (not a bad file: importFile reports those) is unhandled: it ends the worker,
// and the service rejects that upload and starts a fresh worker for the next one.
port.on('message', (request: ImportWorkerRequest) => void run(request));
