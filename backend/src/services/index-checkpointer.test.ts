import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { IndexSync, rebuildIndex } from '@directory/indexer/sync.ts';
import { createTempIndex, type TempIndex } from '@directory/indexer/testing/temp-index.ts';
import { IndexCheckpointer } from './index-checkpointer.ts';

let temp: TempIndex;
let checkpointer: IndexCheckpointer;

beforeEach(async () => {
  temp = createTempIndex('checkpointer-test');
  for (let i = 0; i < 20; i += 1) insertBusiness(temp.record, buildBusiness({ placeId: `ChIJckpt${i}`, name: `Bakery ${i}`, isApproved: true }));
  await rebuildIndex(temp.recordFile, temp.engine, 'all');
  checkpointer = new IndexCheckpointer(temp.engine);
});
afterEach(async () => {
  await checkpointer.close();
  await temp.dispose();
});

const autoCheckpoint = () => temp.engine.database.pragma('wal_autocheckpoint', { simple: true });
/** Frames in the index's write-ahead log not yet copied into the file, as the writer's connection sees them. */
const walFrames = () => (temp.engine.database.pragma('wal_checkpoint(NOOP)') as { log: number }[])[0]!.log;

describe('the index checkpointer', () => {
  it('takes checkpoints off the writing connection and copies the whole log on its own thread', async () => {
    checkpointer.start();
    expect(autoCheckpoint()).toBe(0);
    const sync = new IndexSync(temp.record, temp.engine, 'all');
    for (let i = 0; i < 30; i += 1) insertBusiness(temp.record, buildBusiness({ placeId: `ChIJmore${i}`, name: `Dentist ${i}`, isApproved: true }));
    expect(await sync.catchUp()).toBe(30);
    expect(walFrames()).toBeGreaterThan(0);
    const reply = await checkpointer.checkpoint();
    expect(reply).toMatchObject({ walFrames: walFrames() });
    if (reply === null || 'error' in reply) throw new Error(`no checkpoint: ${JSON.stringify(reply)}`);
    expect(reply.checkpointed).toBe(reply.walFrames);
    expect(reply.walFrames).toBeGreaterThan(0);
  });

  it('follows the file a rebuild publishes', async () => {
    checkpointer.start();
    const before = temp.engine.livePath();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    expect(temp.engine.livePath()).not.toBe(before);
    // The new file's connection checkpoints nothing itself either.
    expect(autoCheckpoint()).toBe(0);
    insertBusiness(temp.record, buildBusiness({ placeId: 'ChIJafter', name: 'Bakery after', isApproved: true }));
    await new IndexSync(temp.record, temp.engine, 'all').catchUp();
    const reply = await checkpointer.checkpoint();
    expect(reply).not.toBeNull();
    expect(reply).not.toHaveProperty('error');
  });

  it('gives checkpoints back to the writing connection when it stops', async () => {
    checkpointer.start();
    await checkpointer.close();
    expect(autoCheckpoint()).toBe(1000);
  });
});
