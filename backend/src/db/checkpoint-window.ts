import type { RecordDatabase } from '@directory/data/record.ts';

/**
 * Pages the write-ahead log may hold before a bulk writer's connection copies it into the record
 * (SQLite's default is 1,000, ~4 MB). A batch of an import or of the demo load dirties pages all
 * over the businesses table and its unique indexes, several MB, so with the default every commit
 * was followed by a checkpoint and its fsync, copying the same pages again at each batch: that
 * halved an import's speed. The demo load at 1,000,000 businesses took 61.8 and 63.7 s with this
 * window, 63.1 and 73.8 s without (paired runs; the slow one waited on fsyncs). A checkpoint now
 * comes every few dozen batches. Commits stay as durable as before (WAL with synchronous = NORMAL).
 */
export const BULK_WAL_AUTOCHECKPOINT_PAGES = 25_000;

/**
 * Widens `record`'s checkpoint window for a bulk write. The function it returns puts the previous
 * window back and copies what the log holds into the record (PASSIVE: without waiting for readers,
 * such as the server's visitors during an import).
 */
export function widenCheckpointWindow(record: RecordDatabase): () => void {
  const previous = record.pragma('wal_autocheckpoint', { simple: true }) as number;
  record.pragma(`wal_autocheckpoint = ${BULK_WAL_AUTOCHECKPOINT_PAGES}`);
  return () => {
    record.pragma(`wal_autocheckpoint = ${previous}`);
    record.pragma('wal_checkpoint(PASSIVE)');
  };
}
