import type { BusinessInput } from '@directory/data/business.ts';
import { generateDemoBusinesses } from '@directory/data/demo/generate.ts';
import type { BusinessRepository } from '../db/business-repository.ts';
import { BulkInsertTriggers } from '../db/bulk-insert-triggers.ts';
import { widenCheckpointWindow } from '../db/checkpoint-window.ts';
import { DeferredIndexes } from '../db/deferred-indexes.ts';
import { saveBusinesses } from './business-writer.ts';

const BATCH_SIZE = 5000;

/**
 * Fills an empty record with `size` demo businesses, in 5,000-row transactions, each marked as
 * demo data (`is_demo = 1`: the "test data" the admin area can delete), as an import into an
 * empty record writes: the record's secondary indexes set aside and built once at the end
 * (`DeferredIndexes`: sorting each index once costs less than keeping it current row by row; a
 * start that stops mid-way leaves them to the next start, which rebuilds them), and each batch's
 * change log, name search rows and counts written once for the batch (`BulkInsertTriggers`), and
 * the write-ahead log copied into the record every few dozen batches, not after each one
 * (`widenCheckpointWindow`).
 * Returns how many were written (0 when the record already holds businesses).
 */
export function loadDemoDataIfEmpty(
  repository: BusinessRepository,
  size: number,
  onProgress: (written: number) => void = () => undefined,
): number {
  if (size === 0 || repository.count() > 0) return 0;
  const indexes = new DeferredIndexes(repository.db);
  const bulk = new BulkInsertTriggers(repository.db);
  indexes.defer(process.pid);
  const restoreCheckpoints = widenCheckpointWindow(repository.db);
  let batch: BusinessInput[] = [];
  let written = 0;
  let reported = 0;
  try {
    for (const business of generateDemoBusinesses(size)) {
      batch.push(business);
      if (batch.length === BATCH_SIZE) {
        written += saveBusinesses(repository, batch, { isDemo: true, bulk }).inserted;
        batch = [];
        onProgress(written);
        reported = written;
      }
    }
    written += saveBusinesses(repository, batch, { isDemo: true, bulk }).inserted;
  } finally {
    indexes.restore();
    restoreCheckpoints();
  }
  // The last, partial batch (a size that is a multiple of the batch was reported in the loop).
  if (written !== reported) onProgress(written);
  return written;
}
