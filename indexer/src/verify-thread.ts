import type { IndexerConfig } from './config.ts';
import type { VerifyReport } from './verify.ts';
import { runTaskThread } from './worker-source.ts';

export interface VerifyThread {
  /** The report; rejects with the reason when the check could not run. */
  report: Promise<VerifyReport>;
  /** Stops the check (its report then rejects). */
  stop(): Promise<void>;
}

/**
 * `verifyIndex` on a thread of its own (verify-worker.ts), with its own engine and connections:
 * at a million businesses the check reads every public row of the record and of the index (~8 s),
 * which a server that is already answering visitors must not do on its event loop.
 */
export function verifyOnThread(config: IndexerConfig): VerifyThread {
  // Only the indexer's settings cross to the thread (a caller's config may hold more).
  const settings: IndexerConfig = {
    dataDir: config.dataDir,
    recordFile: config.recordFile,
    indexDir: config.indexDir,
    engine: config.engine,
    meiliUrl: config.meiliUrl,
    meiliKey: config.meiliKey,
    meiliTimeoutMs: config.meiliTimeoutMs,
    listingPolicy: config.listingPolicy,
    rebuildThreshold: config.rebuildThreshold,
    faultPauseAt: undefined,
  };
  const thread = runTaskThread<VerifyReport>(new URL('./verify-worker.ts', import.meta.url), settings);
  return { report: thread.result, stop: () => thread.stop() };
}
