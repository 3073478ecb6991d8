import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countryName } from '@directory/data/countries.ts';
import { foldText, letterOf, slugify } from '@directory/data/slug.ts';
import { isProcessAlive } from '../process-alive.ts';

export type IndexDatabase = Database.Database;

/** One `T` per open index file, made at its first use (a reader whose statements are prepared on that connection). */
export function perIndexDatabase<T>(create: (db: IndexDatabase) => T): (db: IndexDatabase) => T {
  const made = new WeakMap<IndexDatabase, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = create(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * The index directory holds numbered index files and a `current` pointer naming the live one.
 * A rebuild writes a new file beside the live one, then replaces the pointer with one atomic
 * rename: readers see the old index or the new one, never a half-built one.
 */
export class IndexDirectory {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private get pointerFile(): string {
    return join(this.dir, 'current');
  }

  /** The live index file's name, or null before the first build. */
  currentName(): string | null {
    if (!existsSync(this.pointerFile)) return null;
    const name = readFileSync(this.pointerFile, 'utf8').trim();
    return name && existsSync(join(this.dir, name)) ? name : null;
  }

  newFileName(): string {
    return `search-${Date.now()}-${process.pid}.sqlite`;
  }

  pathOf(name: string): string {
    return join(this.dir, name);
  }

  /**
   * Points readers at `name`, then removes the file it replaced and the files of rebuilds whose
   * process is gone. A rebuild still running in a live process keeps its file: it will publish
   * it (or discard it) itself.
   */
  publish(name: string): void {
    const previous = this.currentName();
    const temporary = `${this.pointerFile}.${process.pid}.tmp`;
    writeFileSync(temporary, name);
    renameSync(temporary, this.pointerFile);
    for (const file of readdirSync(this.dir)) {
      if (!file.startsWith('search-') || file.startsWith(name)) continue;
      const isReplaced = previous !== null && file.startsWith(previous);
      if (isReplaced || !isProcessAlive(builderPid(file))) rmSync(join(this.dir, file), { force: true });
    }
  }

  /** Removes an index file that was never published (a failed rebuild), with its search-table file. */
  discard(name: string): void {
    const path = join(this.dir, name);
    for (const file of [path, searchTablesFileOf(path)]) {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
    }
  }
}

/** The file a rebuild's second thread writes its search tables to, beside the index file it builds (see search-tables.ts). */
export function searchTablesFileOf(indexFile: string): string {
  return `${indexFile}-search`;
}

/** The id of the process that wrote an index file (`search-<time>-<pid>.sqlite`), null when the name says none. */
function builderPid(file: string): number | null {
  const match = /^search-\d+-(\d+)\.sqlite/.exec(file);
  return match ? Number(match[1]) : null;
}

/**
 * Opens an index file with the SQL functions the index statements use. `readonly` is a search
 * thread's connection: it must find the file (a published one, already in WAL mode) and never
 * writes it.
 */
export function openIndexDatabase(file: string, options: { bulk?: boolean; readonly?: boolean } = {}): IndexDatabase {
  const db = new Database(file, options.readonly ? { readonly: true, fileMustExist: true } : {});
  if (options.readonly) {
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 4294967296');
  } else if (options.bulk) {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    // The temporary store stays a file: index builds sort in short runs written there (sort-runs.ts).
  } else {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -65536');
    // Searches read documents by position all over the file: mapped pages spare a read() per page.
    // Index files are replaced, never truncated in place, so a mapped page never disappears.
    db.pragma('mmap_size = 4294967296');
  }
  db.function('letter_of', { deterministic: true }, (name: unknown) => letterOf(String(name ?? '')));
  db.function('slugify', { deterministic: true }, (text: unknown) => slugify(String(text ?? '')));
  db.function('fold_text', { deterministic: true }, (text: unknown) => foldText(String(text ?? '')));
  db.function('country_name', { deterministic: true }, (code: unknown) => countryName(String(code ?? '')));
  return db;
}
