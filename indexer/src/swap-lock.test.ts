/**
 * The slow path of a swap: a writer in another process tries to apply a change to the live index
 * while a rebuild, in its last catch-up, holds that file's write lock. The writer waits on the
 * lock, then finds the file retired and moves to the new one; the new index holds the change once.
 * Each step is driven: the child reports when it is armed, the rebuild's last catch-up goes on
 * only once the child is seen asleep in SQLite's busy wait (its state in /proc, not a timer).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { changeLogHighWater } from './change-log.ts';
import type { ChangeFeed, SearchEngine } from './engine.ts';
import { rebuildIndex } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';
import { verifyIndex } from './verify.ts';

type ChildMessage =
  | { type: 'ready'; pid: number }
  | { type: 'armed'; file: string }
  | { type: 'caught-up'; seq: number; file: string };

let temp: TempIndex;
let child: ChildProcess;
const inbox: ChildMessage[] = [];
const waiters: ((message: ChildMessage) => void)[] = [];

function nextMessage(): Promise<ChildMessage> {
  const message = inbox.shift();
  return message ? Promise.resolve(message) : new Promise((resolve) => waiters.push(resolve));
}

/** Whether the process sleeps in the kernel's nanosleep: SQLite's busy handler waiting for a lock. */
const isInBusyWait = (pid: number) => readFileSync(`/proc/${pid}/wchan`, 'utf8').includes('nanosleep');

beforeEach(() => {
  temp = createTempIndex('swap-lock-test');
  child = fork(join(import.meta.dirname, 'testing', 'sync-writer-child.ts'), [temp.recordFile, join(temp.dir, 'index')], {
    execArgv: ['--import', 'tsx'],
  });
  child.on('message', (message: ChildMessage) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
});

afterEach(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('exit');
    await exited;
  }
  inbox.length = 0;
  await temp.dispose();
});

describe('a writer in another process during the last catch-up of a rebuild', () => {
  it('waits on the old file, finds it retired, moves to the new one, and nothing is lost or applied twice', async () => {
    const { record, engine } = temp;
    insertBusiness(record, buildBusiness({ name: 'Chez Paul', city: 'Lyon', fullAddress: '1 Main St, Lyon, X' }));
    await rebuildIndex(temp.recordFile, engine, 'all');
    const ready = await nextMessage();
    if (ready.type !== 'ready') throw new Error(`unexpected ${ready.type}`);
    const oldFile = engine.livePath();

    let isLastCatchUp = false;
    let sawWriterWaiting = false;
    // The engine as rebuildIndex sees it, with a change feed that holds the last catch-up (which
    // runs under the old file's write lock) until the other process is waiting on that lock.
    const observed: SearchEngine = Object.create(engine) as SearchEngine;
    observed.rebuild = (source, feed, hooks) => {
      const held: ChangeFeed = {
        read(afterSeq) {
          if (isLastCatchUp && !sawWriterWaiting) {
            while (!isInBusyWait(ready.pid));
            sawWriterWaiting = true;
          }
          return feed.read(afterSeq);
        },
        progress: (seq) => feed.progress(seq),
      };
      return engine.rebuild(source, held, hooks);
    };

    const report = await rebuildIndex(temp.recordFile, observed, 'all', {
      async beforePublish() {
        insertBusiness(record, buildBusiness({ name: 'Written During The Swap', city: 'Lyon', fullAddress: '2 Main St, Lyon, X' }));
        child.send('catch-up-once-locked');
        const armed = await nextMessage();
        expect(armed).toEqual({ type: 'armed', file: oldFile });
        isLastCatchUp = true;
      },
    });
    expect(sawWriterWaiting).toBe(true);

    const caughtUp = await nextMessage();
    const newFile = engine.livePath();
    expect(newFile).not.toBe(oldFile);
    // The other process followed the swap and stands where the new index does: the change it
    // was applying is in the new file once (the count matches the record).
    expect(caughtUp).toEqual({ type: 'caught-up', seq: report.appliedSeq, file: newFile });
    expect(report.appliedSeq).toBe(changeLogHighWater(record));
    const names = (await engine.listBusinesses({}, { page: 1, perPage: 10 })).items.map((item) => item.name).sort();
    expect(names).toEqual(['Chez Paul', 'Written During The Swap']);
    const verify = await verifyIndex(temp.recordFile, engine, 'all');
    expect(verify.differences).toEqual([]);
  });
});
