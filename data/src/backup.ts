import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Older backups removed to keep `keep` of them. */
  removed: string[];
}

/** `directory-20261123T110700123Z.sqlite`: UTC to the millisecond, so names sort by age. */
const BACKUP_NAME = /^directory-\d{8}T\d{9}Z\.sqlite$/;

const stampOf = (date: Date): string => date.toISOString().replace(/[-:.]/g, '');

/**
 * Copies the record at `recordFile` into `backupDir` while the site keeps serving and writing:
 * `VACUUM INTO` reads one snapshot (a read transaction in WAL mode), so the copy holds exactly
 * the transactions committed before it started, never half of one. The copy is written under a
 * temporary name, checked with `PRAGMA quick_check`, then renamed; only then are backups beyond
 * the newest `keep` removed.
 */
export function backupRecord(recordFile: string, backupDir: string, keep: number, now: Date = new Date()): BackupResult {
  if (!existsSync(recordFile)) throw new Error(`No record at ${recordFile}: nothing to back up.`);
  mkdirSync(backupDir, { recursive: true });
  const name = `directory-${stampOf(now)}.sqlite`;
  const target = join(backupDir, name);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const source = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  const copy = new Database(partial, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup ${partial} failed its integrity check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  const backups = readdirSync(backupDir).filter((file) => BACKUP_NAME.test(file)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const file of removed) rmSync(join(backupDir, file), { force: true });
  return { file: target, bytes: statSync(target).size, removed };
}
