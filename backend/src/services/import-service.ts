/**
 * Runs uploads one at a time, each in a worker thread, publishes their progress, and makes the
 * search index catch up afterwards: through the change log for small imports, by a full
 * background rebuild (atomic swap) above REBUILD_THRESHOLD rows written.
 */
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import type { ListingPolicy } from '@directory/indexer/record-source.ts';
import { rebuildIndex, type IndexSync } from '@directory/indexer/sync.ts';
import { DeferredIndexes } from '../db/deferred-indexes.ts';
import { ImportReportRepository, isProcessAlive } from '../db/import-report-repository.ts';
import type { FileImportResult, ImportProgressMessage } from '../shared/import-types.ts';
import type { ImportWorkerIdentity, ImportWorkerMessage, ImportWorkerRequest } from './import-worker-protocol.ts';
import { tsWorkerSource } from '@directory/indexer/worker-source.ts';
import { REBUILD_THRESHOLD } from '@directory/indexer/config.ts';

export type IndexCatchUpState = { state: 'idle' } | { state: 'change-log' | 'rebuilding'; since: string; rows: number };

export interface ImportRequest {
  file: string;
  fileName: string;
  batchSize: number;
  isDryRun: boolean;
  fileIndex: number;
  totalFiles: number;
}

/**
 * The worker runs the TypeScript sources like the rest of the server. Node 20 does not apply an
 * `--import` loader to a worker's entry module, so a small bootstrap registers tsx inside the
 * worker first and then imports the entry.
 */
const WORKER_BOOTSTRAP = tsWorkerSource(new URL('./import-worker.ts', import.meta.url));

export interface ImportServiceOptions {
  /**
   * Runs a full rebuild and resolves when it is over. The server passes one that runs in a child
   * process (the admin area's rebuild), so visitors keep being served; the default rebuilds in
   * this process, which suits the command line.
   */
  rebuild?: () => Promise<void>;
  onError?: (error: unknown) => void;
  /** Rows written by one file above which the index is rebuilt rather than caught up; REBUILD_THRESHOLD by default. */
  rebuildThreshold?: number;
}

export class ImportService {
  /** Emits 'progress' with an ImportProgressMessage. */
  readonly progress = new EventEmitter();
  private queue: Promise<unknown> = Promise.resolve();
  private catchUp: IndexCatchUpState = { state: 'idle' };
  private rebuilding: Promise<void> | null = null;
  /** The last import's rebuild and the catch-up after it. */
  private caughtUp: Promise<void> = Promise.resolve();
  /** The import worker, kept between uploads (see import-worker.ts); null until the first upload or after it died. */
  private worker: Worker | null = null;
  private workerStarts = 0;
  private lastWorker: ImportWorkerIdentity | null = null;

  constructor(
    private readonly record: RecordDatabase,
    private readonly engine: SearchEngine,
    private readonly sync: IndexSync,
    private readonly listingPolicy: ListingPolicy,
    options: ImportServiceOptions = {},
  ) {
    this.rebuild = options.rebuild ?? (() => rebuildIndex(this.record.name, this.engine, this.listingPolicy).then(() => undefined));
    this.onError = options.onError ?? ((error) => console.error('index catch-up after import failed:', error));
    this.rebuildThreshold = options.rebuildThreshold ?? REBUILD_THRESHOLD;
  }

  private readonly rebuildThreshold: number;

  /** How many import workers were started, and which one ran the last import (the kept worker's identity). */
  workerStats(): { starts: number; last: ImportWorkerIdentity | null } {
    return { starts: this.workerStarts, last: this.lastWorker };
  }

  private readonly rebuild: () => Promise<void>;
  private readonly onError: (error: unknown) => void;

  /**
   * Marks reports left 'running' by a process that died as interrupted, and rebuilds the
   * secondary indexes such an import had deferred; returns how many reports.
   */
  recoverInterrupted(): number {
    new DeferredIndexes(this.record).restoreAbandoned(isProcessAlive);
    return new ImportReportRepository(this.record).markDeadRunsInterrupted(isProcessAlive);
  }

  /** Where the index stands after the last import (for the dashboard). */
  indexCatchUp(): IndexCatchUpState {
    return this.catchUp;
  }

  /** Imports one file in a worker thread, after any import already running. */
  importFile(request: ImportRequest): Promise<FileImportResult> {
    const run = this.queue.then(() => this.runInWorker(request));
    this.queue = run.catch(() => undefined);
    return run.then((result) => ({ ...result, indexUpdate: this.startIndexCatchUp(result) }));
  }

  /** Resolves when a background rebuild started by an import, and the catch-up after it, have finished. */
  async settled(): Promise<void> {
    await this.caughtUp;
  }

  /** Whether a rebuild started by an import is running (the server's sync waits for it: it will carry the import's rows). */
  isRebuilding(): boolean {
    return this.rebuilding !== null;
  }

  private acquireWorker(): Worker {
    if (this.worker !== null) return this.worker;
    this.workerStarts += 1;
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true });
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private runInWorker(request: ImportRequest): Promise<FileImportResult> {
    const message: ImportWorkerRequest = { recordFile: this.record.name, ...request };
    const worker = this.acquireWorker();
    return new Promise((resolve, reject) => {
      const onMessage = (message: ImportWorkerMessage) => {
        if (message.type === 'result') {
          this.lastWorker = message.worker;
          settle();
          resolve(message.result);
          return;
        }
        const progress: ImportProgressMessage = {
          type: 'import-progress', fileName: request.fileName, fileIndex: request.fileIndex, totalFiles: request.totalFiles, ...message.progress,
        };
        this.progress.emit('progress', progress);
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`The import worker stopped (exit code ${code}) before reporting.`));
      };
      const settle = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // Idle between uploads, the kept worker must not keep the server's process alive.
        worker.unref();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      worker.postMessage(message);
    });
  }

  private startIndexCatchUp(result: FileImportResult): FileImportResult['indexUpdate'] {
    // Businesses written, not rows read: a re-import of an unchanged file leaves nothing to catch up on.
    const written = result.changedCount;
    if (result.isDryRun || written === 0) return 'none';
    const since = new Date().toISOString();
    if (written <= this.rebuildThreshold || this.rebuilding) {
      // A rebuild already running picks up what it can; the change log covers the rest.
      this.catchUp = { state: 'change-log', since, rows: written };
      const caughtUp = this.sync
        // This file's rows and others waiting with them may pass the threshold together: the sync
        // then rebuilds instead (BacklogRebuild), and the rows are searchable once that has ended.
        .catchUpThroughBacklog()
        .then(() => {
          if (!this.rebuilding) this.catchUp = { state: 'idle' };
        })
        .catch(this.onError);
      this.caughtUp = Promise.all([this.caughtUp, caughtUp]).then(() => undefined);
      return 'change-log';
    }
    this.catchUp = { state: 'rebuilding', since, rows: written };
    // The sync waits while the rebuild runs (isRebuilding), then applies what came after it (or,
    // should the rebuild fail, the whole change log).
    const rebuilt = this.rebuild()
      .catch(this.onError)
      .finally(() => {
        this.rebuilding = null;
      });
    this.rebuilding = rebuilt;
    this.caughtUp = rebuilt
      .then(() => this.sync.catchUp())
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        if (!this.rebuilding) this.catchUp = { state: 'idle' };
      });
    return 'rebuild';
  }
}
