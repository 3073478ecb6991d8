/**
 * What a search worker thread does with each job, apart from the thread itself (so tests drive it
 * in-process): it keeps one read-only connection to the index file the job names, moving to the
 * new file when a rebuild has published one, and answers with the JSON text of the response.
 */
import { existsSync } from 'node:fs';
import { openIndexDatabase, type IndexDatabase } from '@directory/indexer/sqlite/index-file.ts';
import { searchIndex, warmUpSearch } from '@directory/indexer/sqlite/sqlite-search.ts';
import { answerSearchJob, toJobFailure, type JobFailure, type SearchJob } from './search-answers.ts';

/** A job as the pool sends it. */
export interface SearchThreadRequest {
  id: number;
  /** Index of the job's cancellation flag in the shared flags. */
  slot: number;
  /** The live index file when the job was sent. */
  file: string;
  job: SearchJob;
}

/**
 * Sent to every thread when the pool starts, and to one thread at a time when the live file
 * changes: open it and load what searching it needs (~0.5-1 s of CPU at 1M), before a visitor's
 * search has to wait for that. Answered with a `warmed` reply.
 */
export interface WarmUpRequest {
  type: 'warm-up';
  file: string;
}

export type SearchThreadReply =
  | { id: number; type: 'answer'; json: string }
  | { id: number; type: 'failure'; failure: JobFailure }
  /** The client left before the job started: nothing was run. */
  | { id: number; type: 'skipped' }
  /** The named file was removed by a newer rebuild before this thread opened it: send again with the new one. `openFile`: what the thread still reads. */
  | { id: number; type: 'file-gone'; openFile: string | null }
  /** A warm-up is done; `openFile` is the file the thread now reads (the one asked for, unless it was gone). */
  | { type: 'warmed'; openFile: string | null };

/** What the pool shares with its threads: a flag per job slot, set (1) when that job's client has gone. */
export type CancelFlags = Int32Array;

export class SearchThreadState {
  private file: string | null = null;
  private db: IndexDatabase | null = null;

  constructor(private readonly cancelled: CancelFlags) {}

  /** The file this thread reads, null before its first job. */
  get openFile(): string | null {
    return this.file;
  }

  async handle(request: SearchThreadRequest): Promise<SearchThreadReply> {
    const { id } = request;
    if (Atomics.load(this.cancelled, request.slot) === 1) return { id, type: 'skipped' };
    try {
      const db = this.connectionTo(request.file);
      if (db === null) return { id, type: 'file-gone', openFile: this.file };
      const json = await answerSearchJob({ search: (search) => searchIndex(db, search) }, request.job);
      return { id, type: 'answer', json };
    } catch (error) {
      return { id, type: 'failure', failure: toJobFailure(error) };
    }
  }

  /**
   * Opens `file` (unless already open) and loads what searching it needs; a file already replaced
   * is left alone. Never throws: what fails here fails again in the next job, which reports it.
   */
  warmUp(file: string): void {
    try {
      const db = this.connectionTo(file);
      if (db !== null) warmUpSearch(db);
    } catch {
      // Reported by the next job on this file.
    }
  }

  /**
   * The connection to `file`, opened on first use. A job naming another file means a rebuild
   * published it: the old connection is closed (the jobs before this one, run on it, are done,
   * as a thread runs one job at a time) and the new file opened.
   */
  private connectionTo(file: string): IndexDatabase | null {
    if (this.file === file && this.db !== null) return this.db;
    if (!existsSync(file)) return null;
    const db = openIndexDatabase(file, { readonly: true });
    this.close();
    this.file = file;
    this.db = db;
    return db;
  }

  close(): void {
    this.db?.close();
    this.db = null;
    this.file = null;
  }
}
