import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { REBUILD_THRESHOLD, type IndexerConfig } from './config.ts';
import { rebuildIndex } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';
import { verifyOnThread } from './verify-thread.ts';
import { verifyIndex } from './verify.ts';

let temp: TempIndex;
beforeEach(() => {
  temp = createTempIndex('verify-thread');
});
afterEach(() => temp.dispose());

const configOf = (dir: string, recordFile: string): IndexerConfig => ({
  dataDir: dir,
  recordFile,
  indexDir: `${dir}/index`,
  engine: 'sqlite',
  meiliUrl: undefined,
  meiliKey: undefined,
  meiliTimeoutMs: 5000,
  listingPolicy: 'all',
  rebuildThreshold: REBUILD_THRESHOLD,
  faultPauseAt: undefined,
});

describe('verifyOnThread', () => {
  it('reports what verifyIndex reports here, differences included', async () => {
    for (const city of ['Lyon', 'Lyon', 'Berlin']) insertBusiness(temp.record, buildBusiness({ city, fullAddress: `1 Main St, ${city}, X` }));
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    // A business the index has not been told about: a 'missing' difference on both sides of the comparison.
    insertBusiness(temp.record, buildBusiness({ city: 'Paris', fullAddress: '2 Rue Neuve, Paris, X' }));
    const here = await verifyIndex(temp.recordFile, temp.engine, 'all');
    const there = await verifyOnThread(configOf(temp.dir, temp.recordFile)).report;
    expect(here.differenceCount).toBeGreaterThan(0);
    expect(there.differences).toEqual(here.differences);
    expect({ ...there, seconds: 0 }).toEqual({ ...here, seconds: 0 });
  });

  it('rejects with the reason when there is no index to check', async () => {
    await expect(verifyOnThread(configOf(temp.dir, temp.recordFile)).report).rejects.toThrow(/search index has not been built/);
  });

  it('can be stopped before it answers', async () => {
    const check = verifyOnThread(configOf(temp.dir, temp.recordFile));
    await check.stop();
    await expect(check.report).rejects.toThrow(/stopped before it ended/);
  });
});
