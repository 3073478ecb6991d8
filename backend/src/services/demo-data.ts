import type { BusinessInput } from '@directory/data/business.ts';
import { generateDemoBusinesses } from '@directory/data/demo/generate.ts';
import type { BusinessRepository } from '../db/business-repository.ts';
import { saveBusinesses } from './business-writer.ts';

const BATCH_SIZE = 5000;

/**
 * Fills an empty record with `size` demo businesses, in 5,000-row transactions, each marked as
 * demo data (`is_demo = 1`: the "test data" the admin area can delete).
 * Returns how many were written (0 when the record already holds businesses).
 */
export function loadDemoDataIfEmpty(
  repository: BusinessRepository,
  size: number,
  onProgress: (written: number) => void = () => undefined,
): number {
  if (size === 0 || repository.count() > 0) return 0;
  let batch: BusinessInput[] = [];
  let written = 0;
  for (const business of generateDemoBusinesses(size)) {
    batch.push(business);
    if (batch.length === BATCH_SIZE) {
      written += saveBusinesses(repository, batch, { isDemo: true }).inserted;
      batch = [];
      onProgress(written);
    }
  }
  written += saveBusinesses(repository, batch, { isDemo: true }).inserted;
  onProgress(written);
  return written;
}
