/**
 * Worker-thread entry that builds the record's deferred indexes (deferred-indexes.ts) one at a
 * time, each in a transaction of its own, on a connection of its own and at background priority,
 * then answers with how many it built (or why it stopped).
 */
import { workerData } from 'node:worker_threads';
import { openRecord } from '@directory/data/record.ts';
import { lowerThisThread } from '@directory/indexer/background-priority.ts';
import { answerTask } from '@directory/indexer/worker-source.ts';
import { DeferredIndexes } from './deferred-indexes.ts';

const { recordFile } = workerData as { recordFile: string };
lowerThisThread();
answerTask(() => {
  const record = openRecord(recordFile);
  try {
    const indexes = new DeferredIndexes(record);
    let built = 0;
    for (const name of indexes.deferred()) if (indexes.restoreOne(name)) built += 1;
    return built;
  } finally {
    record.close();
  }
});
