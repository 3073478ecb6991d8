/**
 * While a large import runs (its rows will be carried by the rebuild that ends it), the server's
 * index sync leaves the change log alone; it applies everything once the import is no longer
 * running, or at once when the importer died or the import is a dry run or small.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { IndexSync, rebuildIndex } from '@directory/indexer/sync.ts';
import { createTempIndex, type TempIndex } from '@directory/indexer/testing/temp-index.ts';
import { ImportReportRepository, rebuildBoundImportCheck } from '../db/import-report-repository.ts';

const THRESHOLD = 3;
let temp: TempIndex;

beforeEach(async () => {
  temp = createTempIndex('import-sync-deferral');
  await rebuildIndex(temp.recordFile, temp.engine, 'all');
});
afterEach(() => temp.dispose());

const counts = (written: number) => ({ totalRows: written, inserted: written, updated: 0, skipped: 0, errorCount: 0 });
const insertMany = (count: number, from = 0) => {
  for (let i = from; i < from + count; i += 1) insertBusiness(temp.record, buildBusiness({ name: `Imported ${i}`, placeId: `place-${i}`, isApproved: true }));
};
const indexed = async () => (await temp.engine.listBusinesses({}, { page: 1, perPage: 100 })).total;

describe('the index sync during a large import', () => {
  it('applies nothing while an import over the threshold runs in a live process, then everything once it has finished', async () => {
    const reports = new ImportReportRepository(temp.record);
    const sync = new IndexSync(temp.record, temp.engine, 'all', { isDeferred: rebuildBoundImportCheck(temp.record, THRESHOLD) });
    const id = reports.create({ fileName: 'big.csv', fileSize: 1, isDryRun: false, batchSize: 2, ownerPid: process.pid });

    insertMany(2);
    reports.saveCounts(id, counts(2), 2);
    expect(await sync.catchUp()).toBe(2); // not over the threshold yet: the change log is applied
    insertMany(2, 2);
    reports.saveCounts(id, counts(4), 4);
    expect(await sync.catchUp()).toBe(0);
    expect(await indexed()).toBe(2);

    reports.finish(id, 'completed', counts(4), null, null);
    expect(await sync.catchUp()).toBe(2);
    expect(await indexed()).toBe(4);
  });

  it('waits from the first batch of an import whose file holds more rows than the threshold, by the share of it read', async () => {
    const reports = new ImportReportRepository(temp.record);
    const check = rebuildBoundImportCheck(temp.record, THRESHOLD);
    const id = reports.create({ fileName: 'big.csv', fileSize: 1000, isDryRun: false, batchSize: 2, ownerPid: process.pid });
    // Two rows written from the first quarter of the file: about eight at its end.
    reports.saveCounts(id, counts(2), 8);
    expect(check()).toBe(true);
    insertMany(2);
    expect(await new IndexSync(temp.record, temp.engine, 'all', { isDeferred: check }).catchUp()).toBe(0);
    // The rest of the file turned out to be duplicates: no rebuild follows, the sync applies the rows once the import has ended.
    reports.finish(id, 'completed', counts(2), null, null);
    expect(check()).toBe(false);
    expect(await new IndexSync(temp.record, temp.engine, 'all', { isDeferred: check }).catchUp()).toBe(2);
  });

  it('does not wait for an import whose process is gone, for a dry run, for a small one, or for one that changes nothing', async () => {
    const reports = new ImportReportRepository(temp.record);
    const check = rebuildBoundImportCheck(temp.record, THRESHOLD);
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dead = reports.create({ fileName: 'dead.csv', fileSize: 1, isDryRun: false, batchSize: 2, ownerPid: deadPid });
    reports.saveCounts(dead, counts(10), 10);
    const dry = reports.create({ fileName: 'dry.csv', fileSize: 1, isDryRun: true, batchSize: 2, ownerPid: process.pid });
    reports.saveCounts(dry, counts(10), 10);
    const small = reports.create({ fileName: 'small.csv', fileSize: 1, isDryRun: false, batchSize: 2, ownerPid: process.pid });
    reports.saveCounts(small, counts(THRESHOLD), THRESHOLD);
    // A re-import of an unchanged file: every row counted as updated, no business changed.
    const unchanged = reports.create({ fileName: 'same-again.csv', fileSize: 1, isDryRun: false, batchSize: 2, ownerPid: process.pid });
    reports.saveCounts(unchanged, counts(10), 0);
    expect(check()).toBe(false);

    insertMany(5);
    expect(await new IndexSync(temp.record, temp.engine, 'all', { isDeferred: check }).catchUp()).toBe(5);
    reports.saveCounts(small, counts(THRESHOLD + 1), THRESHOLD + 1);
    expect(check()).toBe(true);
  });
});
