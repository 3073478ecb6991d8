import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRecord, type RecordDatabase } from './record.ts';
import {
  DeferredWrites,
  isWriteLockFree,
  LOCK_POLL_MS,
  neverWaitForWriteLock,
  RECORD_BUSY,
  RecordBusyError,
  tryWrite,
  writeSoon,
} from './record-lock.ts';

let dir: string;
let record: RecordDatabase;
/** Another connection to the same file: the writer in another process (an import). */
let other: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-lock-test-'));
  record = openRecord(join(dir, 'directory.sqlite'));
  record.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  neverWaitForWriteLock(record);
  other = new Database(join(dir, 'directory.sqlite'));
});

afterEach(() => {
  vi.useRealTimers();
  // The tests after this one see console.error as it was.
  vi.restoreAllMocks();
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const notes = () => record.prepare('SELECT text FROM notes ORDER BY id').pluck().all();
const addNote = (text: string) => () => void record.prepare('INSERT INTO notes (text) VALUES (?)').run(text);

describe('a connection that never waits for the write lock', () => {
  it('fails a write at once while another connection holds the lock, rolled back whole, and reads on', () => {
    record.prepare('INSERT INTO notes (text) VALUES (?)').run('before');
    other.exec('BEGIN IMMEDIATE');
    expect(isWriteLockFree(record)).toBe(false);
    expect(tryWrite(() => record.transaction(() => {
      record.prepare('INSERT INTO notes (text) VALUES (?)').run('first half');
      record.prepare('INSERT INTO notes (text) VALUES (?)').run('second half');
    })())).toBe(RECORD_BUSY);
    // Readers are never blocked by a writer (WAL).
    expect(notes()).toEqual(['before']);
    other.exec('ROLLBACK');
    expect(isWriteLockFree(record)).toBe(true);
    expect(tryWrite(() => 'written')).toBe('written');
  });

  it('lets errors other than a taken lock through', () => {
    addNote('same')();
    expect(() => tryWrite(addNote('same'))).toThrow(/UNIQUE/);
  });
});

describe('writeSoon', () => {
  it('waits on timers while the lock is taken and writes once it is free', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    other.exec('BEGIN IMMEDIATE');
    let isDone = false;
    const written = writeSoon(record, addNote('contact message')).then((value) => {
      isDone = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(LOCK_POLL_MS * 10);
    expect(isDone).toBe(false);
    expect(notes()).toEqual([]);
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(LOCK_POLL_MS);
    await written;
    expect(notes()).toEqual(['contact message']);
  });

  it('gives up with RecordBusyError when the lock stays taken, having written nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    other.exec('BEGIN IMMEDIATE');
    const written = writeSoon(record, addNote('never'), 200);
    const failure = expect(written).rejects.toBeInstanceOf(RecordBusyError);
    await vi.advanceTimersByTimeAsync(250);
    await failure;
    other.exec('ROLLBACK');
    expect(notes()).toEqual([]);
  });
});

describe('DeferredWrites', () => {
  it('writes at once when it can, keeps writes in order while the lock is taken and writes them after', () => {
    const deferred = new DeferredWrites(record);
    deferred.write(addNote('one'));
    expect(notes()).toEqual(['one']);
    other.exec('BEGIN IMMEDIATE');
    deferred.write(addNote('two'));
    deferred.write(addNote('three'));
    expect(deferred.pending).toBe(2);
    expect(deferred.flush()).toBe(false);
    other.exec('ROLLBACK');
    // A write arriving while others wait goes after them, not before.
    deferred.write(addNote('four'));
    expect(deferred.pending).toBe(3);
    expect(deferred.flush()).toBe(true);
    expect(notes()).toEqual(['one', 'two', 'three', 'four']);
    deferred.close();
  });

  it('drops only the write that fails for another reason, keeping the others of its chunk', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deferred = new DeferredWrites(record);
    addNote('taken')();
    other.exec('BEGIN IMMEDIATE');
    deferred.write(addNote('a'));
    deferred.write(addNote('taken'));
    deferred.write(addNote('b'));
    other.exec('ROLLBACK');
    expect(deferred.flush()).toBe(true);
    expect(notes()).toEqual(['taken', 'a', 'b']);
    expect(errors).toHaveBeenCalledTimes(1);
    deferred.close();
  });

  it('retries on its own timer until the lock frees', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const deferred = new DeferredWrites(record);
    other.exec('BEGIN IMMEDIATE');
    deferred.write(addNote('later'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(notes()).toEqual([]);
    other.exec('ROLLBACK');
    await vi.advanceTimersByTimeAsync(1000);
    expect(notes()).toEqual(['later']);
    expect(deferred.pending).toBe(0);
    deferred.close();
  });
});
