/**
 * Worker-thread entry that builds the record's deferred indexes (deferred-indexes.ts) one at a
 * time, each in a transaction of its own, on a connection of its own and at background priority,
 * then answers with how many it built (or why it stopped).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { lowerThisThread } from '@directory/indexer/background-priority.ts';
import { DeferredIndexes, type IndexThreadReply } from './deferred-indexes.ts';

const { recordFile } = workerData as { recordFile: string };
lowerThisThread();
const reply = (message: IndexThreadReply) => parentPort!.postMessage(message);
try {
  const record = openRecord(recordFile);
  try {
    const indexes = new DeferredIndexes(record);
    let built = 0;
    for (const name of indexes.deferred()) if (indexes.restoreOne(name)) built += 1;
    reply({ built });
  } finally {
    record.close();
  }
} catch (error) {
  reply({ error: error instanceof Error ? error.message : String(error) });
}
