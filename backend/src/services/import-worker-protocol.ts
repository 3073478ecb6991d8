import type { FileImportResult } from '../shared/import-types.ts';
import type { ImportProgress } from './import-runner.ts';

/** One upload for the import worker. */
export interface ImportWorkerRequest {
  recordFile: string;
  file: string;
  fileName: string;
  batchSize: number;
  isDryRun: boolean;
  fileIndex: number;
  totalFiles: number;
}

/** Which worker ran an import, and how many reading workers it has started in its life (a kept worker starts one). */
export interface ImportWorkerIdentity {
  threadId: number;
  readerWorkerStarts: number;
}

export type ImportWorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'result'; result: FileImportResult; worker: ImportWorkerIdentity };
