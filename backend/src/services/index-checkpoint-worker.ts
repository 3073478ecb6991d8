/**
 * Worker-thread entry of the index checkpointer: copies the live index file's write-ahead log
 * into the file (`PRAGMA wal_checkpoint(PASSIVE)`: it never waits for readers or the writer) when
 * the server's thread asks, on a connection of its own, following the file a rebuild publishes.
 */
import Database from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';
import type { CheckpointRequest } from './index-checkpointer.ts';

const port = parentPort!;
let open: { path: string; db: Database.Database } | null = null;

port.on('message', ({ path }: CheckpointRequest) => {
  try {
    if (open?.path !== path) {
      open?.db.close();
      open = { path, db: new Database(path, { fileMustExist: true }) };
    }
    const [result] = open.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    port.postMessage({ walFrames: result?.log ?? 0, checkpointed: result?.checkpointed ?? 0 });
  } catch (error) {
    // A file retired and deleted by a rebuild between the request and the open: the next request names the new one.
    open?.db.close();
    open = null;
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
port.on('close', () => open?.db.close());
