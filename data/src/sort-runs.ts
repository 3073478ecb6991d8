/**
 * Building an index in bulk reads the whole table and sorts its keys. SQLite sorts in runs of at
 * most the page cache's size, each written to a temporary file, and merges them (vdbesort.c); a
 * connection whose temporary store is in memory never writes a run, and sorts every key in one.
 * Runs of the record's 64 MB, or a rebuild's 256 MB, do not fit the processor's caches; runs of
 * {@link SORT_RUN_KIB} do. (A small cache also helped with the temporary store in memory, where no
 * run is written: see the figures below; that part's cause was not isolated.) The temporary files
 * stay in the OS's page cache and are deleted when the sort ends.
 *
 * Measured at 1,000,000 businesses, alternated:
 * - the 11 secondary indexes of `businesses` (an import's or the demo load's deferred indexes):
 *   7.3–7.6 s in 2 MB runs, against 9.8–11.7 s with the record's cache;
 * - the 7 indexes of `docs` in a rebuild: 3.9–4.1 s in 1–4 MB runs, against 9.3–9.4 s with the
 *   rebuild's 256 MB cache and its temporary store in memory, as they were (6.0 s with either one alone);
 *   the rebuild's last steps on its main thread (aggregates, sitemap files, these indexes) 8.6–9.2 s
 *   instead of 12.0–12.7 s;
 * - a 200,000-row import: CSV 27,245–27,662 rows/s against 25,108–25,627, .xlsx 13.3–13.4 s against 13.5–13.9 s.
 */
import type Database from 'better-sqlite3';

export const SORT_RUN_KIB = 2048;

/** Runs `work` (index builds, large sorts) with the page cache at {@link SORT_RUN_KIB}, then gives the connection its cache back. */
export function inShortSortRuns<T>(db: Database.Database, work: () => T): T {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${SORT_RUN_KIB}`);
  try {
    return work();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}
