/**
 * Worker-thread entry of `verifyOnThread` (verify-thread.ts): checks the index the configuration
 * names against the record, on an engine and connections of its own, at background priority, and
 * answers with the report (or why it could not).
 */
import { workerData } from 'node:worker_threads';
import { lowerThisThread } from './background-priority.ts';
import type { IndexerConfig } from './config.ts';
import { createEngine } from './create-engine.ts';
import { verifyIndex } from './verify.ts';
import { answerTask } from './worker-source.ts';

const config = workerData as IndexerConfig;
lowerThisThread();
answerTask(async () => {
  const engine = createEngine(config);
  try {
    return await verifyIndex(config.recordFile, engine, config.listingPolicy);
  } finally {
    await engine.close();
  }
});
