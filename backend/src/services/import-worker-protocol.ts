import type { FileImportResult } from '../shared/import-types.ts';
import type { ImportProgress } from './import-runner.ts';

/** What the server hands an import worker. */
export interface ImportWorkerData {
  recordFile: string;
  file: string;
  fileName: string;
  batchSize: number;
  isDryRun: boolean;
  fileIndex: number;
  totalFiles: number;
}

export type ImportWorkerMessage = { type: 'progress'; progress: ImportProgress } | { type: 'result'; result: FileImportResult };
