import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRecord, type RecordDatabase } from '../record.ts';

/** A record in a directory of its own under the system's temporary directory, for one test. */
export interface TempRecord {
  dir: string;
  file: string;
  record: RecordDatabase;
  /** Closes the record and removes its directory. */
  dispose(): void;
}

export function createTempRecord(prefix: string): TempRecord {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const file = join(dir, 'directory.sqlite');
  const record = openRecord(file);
  return {
    dir,
    file,
    record,
    dispose() {
      record.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
