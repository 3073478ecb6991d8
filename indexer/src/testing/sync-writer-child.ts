/**
 * Test helper run as a child process: another indexer process (its own record and engine
 * connections) applying the change log to the same index, driven step by step over IPC by
 * swap-lock.test.ts.
 */
import Database from 'better-sqlite3';
import { openRecord } from '@directory/data/record.ts';
import { SqliteEngine } from '../sqlite/sqlite-engine.ts';
import { IndexSync } from '../sync.ts';

const [recordFile = '', indexDir = ''] = process.argv.slice(2);
const record = openRecord(recordFile);
const engine = new SqliteEngine(indexDir);
const sync = new IndexSync(record, engine, 'all');
const send = (message: unknown) => process.send!(message);

/** Waits, without waiting on the lock itself, until another connection holds the write lock of `file`. */
function untilWriteLocked(file: string): void {
  const probe = new Database(file, { fileMustExist: true });
  probe.pragma('busy_timeout = 0');
  try {
    for (;;) {
      try {
        probe.exec('BEGIN IMMEDIATE');
        probe.exec('ROLLBACK');
      } catch (error) {
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY') return;
        throw error;
      }
    }
  } finally {
    probe.close();
  }
}

process.on('message', (message: string) => {
  void (async () => {
    if (message === 'catch-up-once-locked') {
      const file = engine.livePath()!;
      send({ type: 'armed', file });
      untilWriteLocked(file);
      // The live file is locked by the rebuild's last catch-up: this write waits on the lock.
      await sync.catchUp();
      send({ type: 'caught-up', seq: await engine.appliedSeq(), file: engine.livePath() });
    } else if (message === 'exit') {
      await engine.close();
      record.close();
      process.exit(0);
    }
  })();
});
send({ type: 'ready', pid: process.pid });
