/**
 * Worker-thread entry of `verifyOnThread` (verify-thread.ts): checks the index the configuration
 * names against the record, on an engine and connections of its own, at background priority, and
 * answers with the report (or why it could not).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from './background-priority.ts';
import type { IndexerConfig } from './config.ts';
import { createEngine } from './create-engine.ts';
import { verifyIndex } from './verify.ts';
import type { VerifyThreadReply } from './verify-thread.ts';

const config = workerData as IndexerConfig;
lowerThisThread();
const reply = (message: VerifyThreadReply) => parentPort!.postMessage(message);

async function run(): Promise<void> {
  const engine = createEngine(config);
  try {
    reply({ report: await verifyIndex(config.recordFile, engine, config.listingPolicy) });
  } finally {
    await engine.close();
  }
}

run().catch((error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }));
