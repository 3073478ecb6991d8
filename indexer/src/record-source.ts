import Database from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import { DOCUMENT_SELECT, documentRowOf, toBusinessDocument, type BusinessDocument } from './document.ts';
import { changeLogHighWater } from './change-log.ts';
import type { DocumentChanges, DocumentSource } from './engine.ts';

/** Which businesses the public sees: all of them, or only those an operator approved. */
export type ListingPolicy = 'all' | 'approved';

/** The SQL condition on `businesses` that selects what the public sees. */
export function publicCondition(policy: ListingPolicy): string {
  return policy === 'approved' ? 'is_approved = 1' : '1 = 1';
}

/**
 * The most of the record a rebuild's snapshot maps into memory: better-sqlite3's SQLite caps it
 * at 2 GB (SQLITE_MAX_MMAP_SIZE), a record of 1,000,000 businesses is 1.3 GB; past the cap,
 * pages are read as without a map.
 */
const RECORD_MMAP_BYTES = 2 * 1024 ** 3;

/** Most popular first: the order documents get their positions in at a full rebuild. */
const POPULARITY_ORDER = 'reviews DESC, rating DESC, id';
/** The record's index that holds {@link POPULARITY_ORDER}: a full rebuild reads the record through it. */
export const POPULARITY_INDEX = 'businesses_popularity';

/**
 * A consistent snapshot of the record for a full rebuild. It reads on its own read transaction,
 * so writes that land meanwhile are after `seq` and reach the new index through the change log.
 * `seq` is the change log's high-water mark read inside that transaction (its first read, which
 * fixes the snapshot): exactly the last change the snapshot reflects, however much was pruned.
 */
export function snapshotSource(
  recordFile: string,
  policy: ListingPolicy,
): DocumentSource & { close(): void; rebuildRequestsUpTo: number } {
  const db = new Database(recordFile, { readonly: true });
  // The snapshot is read in popularity order, a row from anywhere in the file each time: mapped
  // pages spare a read() per page (a rebuild at 1,000,000 businesses, four alternated pairs:
  // 54.7–56.2 s mapped, 59.1–62.3 s not; system CPU 7–9 s instead of 12–14 s). Mapped pages are
  // the page cache's: counted in the resident size (a rebuild's peak RSS 2.1 GB instead of
  // 1.2 GB), but shared, and given back by the kernel under pressure. Nothing truncates the record
  // in place (no VACUUM, no auto_vacuum; a backup is written with VACUUM INTO), and a checkpoint
  // never shrinks the file under a snapshot, so a mapped page never disappears.
  db.pragma(`mmap_size = ${RECORD_MMAP_BYTES}`);
  db.exec('BEGIN');
  const seq = changeLogHighWater(db);
  // Requests for a rebuild committed before this snapshot: the index built from it satisfies them.
  const rebuildRequestsUpTo = db.prepare('SELECT coalesce(max(id), 0) FROM index_rebuild_requests').pluck().get() as number;
  // In raw mode: an array of values per row costs better-sqlite3 far less than an object with
  // named properties (a rebuild at 1M: ~9 s less CPU in all).
  const rows = db
    .prepare(`SELECT ${DOCUMENT_SELECT} FROM businesses WHERE ${publicCondition(policy)} ORDER BY ${POPULARITY_ORDER}`)
    .raw();
  return {
    seq,
    rebuildRequestsUpTo,
    *documents(): Iterable<BusinessDocument> {
      for (const values of rows.iterate() as IterableIterator<unknown[]>) yield toBusinessDocument(documentRowOf(values));
    },
    close() {
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    },
  };
}

/**
 * Reads the next changes after `afterSeq`: the current state of every business touched, as an
 * upsert when it is public and a removal when it was deleted or is hidden.
 */
export function readChanges(db: RecordDatabase, afterSeq: number, limit: number, policy: ListingPolicy): DocumentChanges | null {
  const entries = db
    .prepare('SELECT seq, business_id FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?')
    .all(afterSeq, limit) as { seq: number; business_id: number }[];
  if (entries.length === 0) return null;
  const ids = [...new Set(entries.map((entry) => entry.business_id))];
  const lookUp = db.prepare(`SELECT ${DOCUMENT_SELECT} FROM businesses WHERE id = ? AND ${publicCondition(policy)}`).raw();
  const upserts: BusinessDocument[] = [];
  const removals: number[] = [];
  for (const id of ids) {
    const values = lookUp.get(id) as unknown[] | undefined;
    if (values) upserts.push(toBusinessDocument(documentRowOf(values)));
    else removals.push(id);
  }
  return { upserts, removals, fromSeq: afterSeq, seq: entries[entries.length - 1]!.seq };
}
