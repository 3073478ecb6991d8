/**
 * SQL helpers the judged queries compute their expected answers with, straight from the record
 * (never from an engine). Ids come in the engines' popularity order.
 */
import type Database from 'better-sqlite3';

/** The order documents are ranked in when nothing else tells them apart (record-source.ts). */
export const POPULARITY = 'reviews DESC, rating DESC, id';

/** Where a query is asked: nowhere, a country, or a city. */
export interface Scope {
  countryCode?: string;
  city?: string;
}

function scopeSql(scope: Scope): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (scope.countryCode) {
    clauses.push('country_code = ?');
    params.push(scope.countryCode);
  }
  if (scope.city) {
    clauses.push('city = ?');
    params.push(scope.city);
  }
  return { sql: clauses.map((clause) => ` AND ${clause}`).join(''), params };
}

/** Businesses whose category is one of these, most popular first. */
export function idsOfCategories(record: Database.Database, categories: string[], scope: Scope = {}): number[] {
  const where = scopeSql(scope);
  return record
    .prepare(`SELECT id FROM businesses WHERE category IN (${categories.map(() => '?').join(', ')})${where.sql} ORDER BY ${POPULARITY}`)
    .pluck()
    .all(...categories, ...where.params) as number[];
}

/** True when the name holds a word starting with `word`, accents and case aside. */
export function nameHoldsWordStart(name: string, word: string): boolean {
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  const prefix = fold(word);
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .some((token) => token.startsWith(prefix));
}

/**
 * Businesses of a category in the order a visitor naming it expects: those whose name also holds
 * a word starting with `word` (accents and case aside) first, then the others, each most popular first.
 */
export function idsOfCategoryNameFirst(record: Database.Database, category: string, word: string, scope: Scope = {}): number[] {
  const where = scopeSql(scope);
  const rows = record
    .prepare(`SELECT id, name FROM businesses WHERE category = ?${where.sql} ORDER BY ${POPULARITY}`)
    .all(category, ...where.params) as { id: number; name: string }[];
  const holds = (name: string) => nameHoldsWordStart(name, word);
  return [...rows.filter((row) => holds(row.name)), ...rows.filter((row) => !holds(row.name))].map((row) => row.id);
}

/** Businesses whose category (or type) contains a word, most popular first; `exclude` categories left out. */
export function idsOfCategoryWord(record: Database.Database, word: string, exclude: string[], scope: Scope = {}): number[] {
  const where = scopeSql(scope);
  return record
    .prepare(
      `SELECT id FROM businesses WHERE (' ' || lower(category) || ' ' || lower(coalesce(type, '')) || ' ') LIKE ?
       AND category NOT IN (${exclude.map(() => '?').join(', ') || "''"})${where.sql} ORDER BY ${POPULARITY}`,
    )
    .pluck()
    .all(`% ${word.toLowerCase()} %`, ...exclude, ...where.params) as number[];
}

/** The category the record files each business under, in the order of `ids`. */
export function categoriesOf(record: Database.Database, ids: number[]): (string | null)[] {
  const select = record.prepare('SELECT category FROM businesses WHERE id = ?').pluck();
  return ids.map((id) => select.get(id) as string | null);
}

/** Businesses whose column equals the value. */
export function idsWhere(record: Database.Database, column: 'name' | 'phone' | 'street' | 'place_id', value: string): number[] {
  return record.prepare(`SELECT id FROM businesses WHERE ${column} = ? ORDER BY ${POPULARITY}`).pluck().all(value) as number[];
}

/** Businesses whose street contains the text (as stored), in a city. */
export function idsOnStreet(record: Database.Database, text: string, scope: Scope = {}): number[] {
  const where = scopeSql(scope);
  return record
    .prepare(`SELECT id FROM businesses WHERE street LIKE ?${where.sql} ORDER BY ${POPULARITY}`)
    .pluck()
    .all(`%${text}%`, ...where.params) as number[];
}
