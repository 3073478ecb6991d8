import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import type { ReindexStatus } from '../shared/admin-types.ts';
import type { AuditAction } from '../shared/audit-actions.ts';
import type { AuditDetail } from '../shared/audit-details.ts';

const PROGRESS_LINE = /^progress (\d+) (\d+)$/;
const DONE_LINE = /^Rebuilt the \w+ index: (\d+) businesses in ([\d.]+) s\.$/;
/** Lines of the child's error output kept for the failure message. */
const STDERR_TAIL = 20;

/**
 * Runs full index rebuilds in a child process (`indexer/src/cli.ts --rebuild --progress`), never
 * on the server's event loop; parses its progress lines; runs one at a time.
 */
export class ReindexRunner {
  private status: ReindexStatus = {
    state: 'idle', startedAt: null, finishedAt: null, processed: 0, total: null, documents: null, seconds: null, error: null,
  };
  private child: ChildProcess | null = null;
  private isRerunWanted = false;
  private finished: Promise<void> = Promise.resolve();

  constructor(
    /** The child's environment: where the record and index live, which engine. */
    private readonly env: NodeJS.ProcessEnv,
    /** Called after a rebuild succeeded (e.g. to apply changes logged meanwhile). */
    private readonly onSucceeded: () => void = () => undefined,
    /** Called when a rebuild ended, succeeded or failed, with its final status (e.g. for the audit log). */
    private readonly onFinished: (status: ReindexStatus) => void = () => undefined,
  ) {}

  current(): ReindexStatus {
    return { ...this.status };
  }

  isRunning(): boolean {
    return this.child !== null;
  }

  /** Resolves when the running rebuild (and a rerun it owes) has ended. */
  whenIdle(): Promise<void> {
    return this.finished;
  }

  /** Starts a rebuild; false when one is already running. */
  start(): boolean {
    if (this.child) return false;
    this.status = {
      state: 'running', startedAt: new Date().toISOString(), finishedAt: null, processed: 0, total: null, documents: null, seconds: null, error: null,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', join('indexer', 'src', 'cli.ts'), '--rebuild', '--progress'], {
      cwd: PROJECT_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const errors: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => this.readLine(line));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      // Into the server's log too: the status keeps only the last lines of the last run.
      console.error(`reindex: ${line}`);
      errors.push(line);
      if (errors.length > STDERR_TAIL) errors.shift();
    });
    this.finished = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.child = null;
        this.status.finishedAt = new Date().toISOString();
        if (code === 0 && this.status.documents !== null) {
          this.status.state = 'succeeded';
          console.log(`reindex: rebuilt the index, ${this.status.documents} businesses in ${this.status.seconds} s.`);
          this.onSucceeded();
        } else {
          this.status.state = 'failed';
          this.status.error = errors.join('\n').trim() || `The indexer stopped (${signal ?? `exit code ${code}`})`;
          // The index being served is the previous one, untouched: a rebuild writes a new file.
          console.error(`reindex: the rebuild failed (${signal ?? `exit code ${code}`}); the previous index is still served.`);
        }
        this.onFinished(this.current());
        if (this.isRerunWanted) {
          this.isRerunWanted = false;
          this.start();
          void this.finished.then(resolve);
        } else {
          resolve();
        }
      });
    });
    return true;
  }

  /** Starts a rebuild now, or right after the running one (whose snapshot may predate a change). */
  startOrQueue(): void {
    if (!this.start()) this.isRerunWanted = true;
  }

  private readLine(line: string): void {
    const progress = PROGRESS_LINE.exec(line);
    if (progress) {
      this.status.processed = Number(progress[1]);
      this.status.total = Number(progress[2]);
      return;
    }
    const done = DONE_LINE.exec(line);
    if (done) {
      this.status.documents = Number(done[1]);
      this.status.processed = Number(done[1]);
      this.status.seconds = Number(done[2]);
    }
  }
}

/** Characters of a failed rebuild's error kept in its audit-log entry. */
const AUDIT_ERROR_CHARS = 300;

/** The audit-log entry of a finished rebuild: its result, document count and duration, or its error. */
export function rebuildAuditEntry(status: ReindexStatus): { action: AuditAction; result: 'success' | 'error'; detail: AuditDetail } {
  const elapsed =
    status.startedAt !== null && status.finishedAt !== null ? (Date.parse(status.finishedAt) - Date.parse(status.startedAt)) / 1000 : null;
  // Tenths of a second, as the log words it.
  const seconds = Math.round((status.seconds ?? elapsed ?? 0) * 10) / 10;
  if (status.state === 'succeeded') {
    return { action: 'index.rebuild', result: 'success', detail: { code: 'rebuild_finished', params: { documents: status.documents ?? 0, seconds } } };
  }
  const error = (status.error ?? 'unknown error').replace(/\s+/g, ' ').slice(0, AUDIT_ERROR_CHARS);
  return { action: 'index.rebuild', result: 'error', detail: { code: 'rebuild_failed', params: { seconds, error } } };
}
