/**
 * A file that says a place is temporarily closed, or open again, changes its business even when
 * every other value is as stored: the mark reaches the search index through the change log (no
 * rebuild), and a file that repeats the mark changes nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { IndexSync, rebuildIndex } from '@directory/indexer/sync.ts';
import { createTempIndex, type TempIndex } from '@directory/indexer/testing/temp-index.ts';
import { importFile } from './import-runner.ts';

let temp: TempIndex;
beforeEach(() => {
  temp = createTempIndex('import-closure-sync');
});
afterEach(() => temp.dispose());

const HEADER = 'name,place_id,latitude,longitude,city,country_code,business_status\n';
/** Imports a file of the two places, Anchor Café with `anchorStatus`. */
const importWith = (anchorStatus: string) => {
  const file = join(temp.dir, `${anchorStatus}.csv`);
  writeFileSync(file, `${HEADER}Anchor Café,ChIJkkkkkkkkkkkkkkkk01,45.76,4.83,Lyon,FR,${anchorStatus}\nBeacon Bar,ChIJkkkkkkkkkkkkkkkk02,45.76,4.84,Lyon,FR,OPERATIONAL\n`);
  return importFile({ record: temp.record, file, fileName: `${anchorStatus}.csv`, batchSize: 500, isDryRun: false });
};
const marks = async () => {
  const { items } = await temp.engine.listBusinesses({}, { page: 1, perPage: 10 });
  return Object.fromEntries(items.map((item) => [item.name, item.isTemporarilyClosed]));
};

it('carries a closure set or cleared by an import of otherwise unchanged rows to the index, step by step', async () => {
  expect(await importWith('OPERATIONAL')).toMatchObject({ success: true, inserted: 2, changedCount: 2 });
  await rebuildIndex(temp.recordFile, temp.engine, 'all');
  const sync = new IndexSync(temp.record, temp.engine, 'all');
  expect(await sync.catchUp()).toBe(0);
  expect(await marks()).toEqual({ 'Anchor Café': false, 'Beacon Bar': false });

  // The same rows, Anchor Café now CLOSED_TEMPORARILY: one business changed, by its mark alone.
  const updatedAt = () => temp.record.prepare("SELECT updated_at FROM businesses WHERE name = 'Anchor Café'").pluck().get();
  const before = updatedAt();
  expect(await importWith('CLOSED_TEMPORARILY')).toMatchObject({ success: true, updated: 2, changedCount: 1, temporarilyClosedCount: 1 });
  expect(updatedAt()).not.toBe(before);
  expect(await sync.catchUp()).toBe(1);
  expect(await marks()).toEqual({ 'Anchor Café': true, 'Beacon Bar': false });

  // The same file again: nothing changes, nothing to apply.
  expect(await importWith('CLOSED_TEMPORARILY')).toMatchObject({ changedCount: 0 });
  expect(await sync.catchUp()).toBe(0);

  // Open again in a later file: cleared in the index too.
  expect(await importWith('OPERATIONAL')).toMatchObject({ changedCount: 1 });
  expect(await sync.catchUp()).toBe(1);
  expect(await marks()).toEqual({ 'Anchor Café': false, 'Beacon Bar': false });
});
