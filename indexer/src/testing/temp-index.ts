import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '../engine.ts';
import { SqliteEngine } from '../sqlite/sqlite-engine.ts';

export interface TempIndex<E extends SearchEngine = SqliteEngine> {
  dir: string;
  recordFile: string;
  record: RecordDatabase;
  engine: E;
  /** Closes both databases and removes the directory. */
  dispose(): Promise<void>;
}

/** An empty record and a sqlite engine in a fresh temporary directory. */
export function createTempIndex(prefix: string): TempIndex;
/** An empty record and the engine `createEngine` makes (keeping its files, if any, in the directory). */
export function createTempIndex<E extends SearchEngine>(prefix: string, createEngine: (dir: string) => E): TempIndex<E>;
export function createTempIndex(prefix: string, createEngine: (dir: string) => SearchEngine = (dir) => new SqliteEngine(join(dir, 'index'))): TempIndex<SearchEngine> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const recordFile = join(dir, 'directory.sqlite');
  const record = openRecord(recordFile);
  const engine = createEngine(dir);
  return {
    dir,
    recordFile,
    record,
    engine,
    async dispose() {
      await engine.close();
      record.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
