import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { SqliteEngine } from '../sqlite/sqlite-engine.ts';

export interface TempIndex {
  dir: string;
  recordFile: string;
  record: RecordDatabase;
  engine: SqliteEngine;
  /** Closes both databases and removes the directory. */
  dispose(): Promise<void>;
}

/** An empty record and a sqlite engine in a fresh temporary directory. */
export function createTempIndex(prefix: string): TempIndex {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const recordFile = join(dir, 'directory.sqlite');
  const record = openRecord(recordFile);
  const engine = new SqliteEngine(join(dir, 'index'));
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
