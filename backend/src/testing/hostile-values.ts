/**
 * Hostile values for the property-based tests (fast-check): text with FTS5 and SQL syntax, odd
 * characters, huge strings, broken percent-encoding and invalid UTF-8, hostile query strings;
 * and a digest of the record, to show a request left it unchanged.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { RecordDatabase } from '@directory/data/record.ts';

/**
 * Tables whose rows change for reasons other than the request's own input: sessions (last use),
 * the audit log (it records refused admin writes and logins, by design), visitor counts, and the
 * change log, checkpoints and the index's registered position (`index_consumers`, refreshed by
 * the sync's heartbeat and as it applies an earlier accepted write) that the index sync works
 * through on its own schedule.
 */
const NOT_DIGESTED = new Set(['admin_sessions', 'audit_log', 'visitor_days', 'visitor_counts', 'change_log', 'admin_checkpoints', 'index_consumers']);

/** A SHA-256 of every row of every other table of the record, in rowid order. */
export function recordDigest(record: RecordDatabase): string {
  const hash = createHash('sha256');
  const tables = record
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    if (NOT_DIGESTED.has(table)) continue;
    hash.update(`\u0001${table}\u0001`);
    for (const row of record.prepare(`SELECT * FROM "${table}"`).raw().iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : Buffer.isBuffer(value) ? value.toString('hex') : value)));
    }
  }
  return hash.digest('hex');
}

export const FTS_AND_SQL = ['"', '""', '*', 'a*', 'NEAR(', 'NEAR(a b', 'NEAR(a, 5)', 'OR', 'a OR b', 'AND', 'NOT', '-', '-a', '^', '^a', 'name:', 'name:x', '{name category}:x', '(', ')', "' OR 1=1 --", "'; DROP TABLE businesses; --", '%', '_', '\\', ';', 'a"b', '""""'];
export const ODD = ['\u0000', 'a\u0000b', '\uD800', '\uDFFF', '💥', '\u202E', '<script>alert(1)</script>', '__proto__', 'constructor', 'prototype', '../../etc/passwd', ' ', '', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '99999999999999999999'];

/** Hostile text; `hugeLength` is the longest (URLs stay under the 16 KB header limit, which answers 431 before the app). */
export const textOf = (hugeLength: number) =>
  fc.oneof(
    fc.constantFrom(...FTS_AND_SQL, ...ODD),
    fc.string({ maxLength: 30, unit: 'binary' }),
    fc.array(fc.constantFrom(...FTS_AND_SQL, 'pizza', 'a', ' '), { maxLength: 6 }).map((words) => words.join(' ')),
    fc.constantFrom(201, 1_001, hugeLength).map((length) => 'x'.repeat(length)),
  );
export const hostileText = textOf(9_000);

/** Raw pieces of a URL that are not valid percent-encoding or not valid UTF-8 once decoded. */
export const BROKEN_ESCAPES = ['%E0%A4%A', '%00', '%', '%%', '%ZZ', '%C0%AF', '%FF%FE', '%ED%A0%80', '%F4%90%80%80', 'a%2', '%2e%2e%2f'];

/** Percent-encodes text that encodeURIComponent cannot (lone surrogates) by sending its bytes as they come. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch (error) {
    if (error instanceof URIError) return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    throw error;
  }
}

export const urlPiece = fc.oneof(textOf(2_000).map(encodeLoosely), fc.constantFrom(...BROKEN_ESCAPES));

/** A query string over `keys` (and hostile keys): repeated keys, `key[]=`, `key[a]=`, broken escapes. */
export function queryString(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keys, '__proto__', 'constructor', '__proto__[x]', 'a[b][c]'), urlPiece);
  const pair = fc.tuple(key, fc.constantFrom('', '[]', '[0]', '[a]'), urlPiece).map(([name, suffix, value]) => `${name}${suffix}=${value}`);
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&'));
}

