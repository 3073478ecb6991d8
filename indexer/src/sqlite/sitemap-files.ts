import type { Statement } from 'better-sqlite3';
import { SITEMAP_FILE_SIZE, type DocumentChanges, type SitemapFile } from '../engine.ts';
import type { IndexDatabase } from './index-file.ts';

interface FileRow {
  file: number;
  first_id: number;
  lastmod: string | null;
}

/**
 * The business sitemap files of an index file (table `sitemap_files`). Boundaries never move,
 * so a business stays in the file its id falls in, and every public business is in exactly one
 * file; only the last file, where new businesses land, is split when it grows past
 * SITEMAP_FILE_SIZE. Each change moves its file's lastmod forward.
 */
export class SitemapFiles {
  private readonly files: Statement<[], FileRow>;
  private readonly lastFile: Statement<[], FileRow>;
  private readonly hasDocs: Statement<[], number>;
  private readonly idPastFile: Statement<[number, number], number>;
  private readonly latestFrom: Statement<[number], string | null>;
  private readonly insert: Statement<[number, number, string | null]>;
  private readonly touch: Statement<[string, number]>;

  constructor(db: IndexDatabase) {
    this.files = db.prepare('SELECT file, first_id, lastmod FROM sitemap_files ORDER BY file');
    this.lastFile = db.prepare('SELECT file, first_id, lastmod FROM sitemap_files ORDER BY file DESC LIMIT 1');
    this.hasDocs = db.prepare('SELECT EXISTS (SELECT 1 FROM docs)').pluck() as Statement<[], number>;
    // The id just past a full last file: at most SITEMAP_FILE_SIZE entries of docs_business read.
    this.idPastFile = db
      .prepare('SELECT business_id FROM docs WHERE business_id >= ? ORDER BY business_id LIMIT 1 OFFSET ?')
      .pluck() as Statement<[number, number], number>;
    this.latestFrom = db.prepare('SELECT max(updated_at) FROM docs WHERE business_id >= ?').pluck() as Statement<[number], string | null>;
    this.insert = db.prepare('INSERT INTO sitemap_files (file, first_id, lastmod) VALUES (?, ?, ?)');
    // The file of an id: the one with the greatest first id not above it.
    this.touch = db.prepare(`UPDATE sitemap_files SET lastmod = max(coalesce(lastmod, ''), ?)
      WHERE file = (SELECT file FROM sitemap_files WHERE first_id <= ? ORDER BY first_id DESC LIMIT 1)`);
  }

  all(): SitemapFile[] {
    return this.files.all().map((row) => ({ firstId: row.first_id, lastmod: row.lastmod }));
  }

  /** Keeps the files right after `changes` were written to the documents; `now` dates the removals. */
  applyChanges(changes: DocumentChanges, now: string): void {
    if (changes.upserts.length > 0) this.extend(now);
    for (const doc of changes.upserts) this.touch.run(doc.updatedAt, doc.id);
    for (const id of changes.removals) this.touch.run(now, id);
  }

  /** Opens the first file, or new files while the last one is over size. */
  private extend(now: string): void {
    let last = this.lastFile.get();
    if (!last) {
      if (!this.hasDocs.get()) return;
      last = { file: 1, first_id: 0, lastmod: this.latestFrom.get(0) ?? null };
      this.insert.run(last.file, last.first_id, last.lastmod);
    }
    for (;;) {
      const next = this.idPastFile.get(last.first_id, SITEMAP_FILE_SIZE);
      if (next === undefined) return;
      // The file that was last lost its tail to the new one: it changed now.
      this.touch.run(now, last.first_id);
      last = { file: last.file + 1, first_id: next, lastmod: this.latestFrom.get(next) ?? null };
      this.insert.run(last.file, last.first_id, last.lastmod);
    }
  }
}
