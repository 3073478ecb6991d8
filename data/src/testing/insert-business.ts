import type { Statement } from 'better-sqlite3';
import type { BusinessInput } from '../business.ts';
import { toBusinessColumns } from '../business-row.ts';
import type { RecordDatabase } from '../record.ts';
import { businessSlug } from '../slug.ts';

/**
 * Inserts one business straight into the record, as an import would, and returns its id.
 * The slug defaults to the canonical one for its name and place id.
 */
export function insertBusiness(record: RecordDatabase, business: BusinessInput, slug?: string): number {
  const columns = toBusinessColumns(business);
  const result = insertStatement(record, Object.keys(columns)).run({ ...columns, slug: slug ?? businessSlug(business.name, business.placeId ?? business.name) });
  return Number(result.lastInsertRowid);
}

/** Each connection's INSERT statements by column list, prepared once: preparing one per row cost a 50,000-business test most of its time. */
const insertStatements = new WeakMap<RecordDatabase, Map<string, Statement>>();

function insertStatement(record: RecordDatabase, names: string[]): Statement {
  const statements = insertStatements.get(record) ?? new Map<string, Statement>();
  insertStatements.set(record, statements);
  const key = names.join(', ');
  let statement = statements.get(key);
  if (!statement) {
    statement = record.prepare(`INSERT INTO businesses (slug, ${key}) VALUES (@slug, ${names.map((n) => `@${n}`).join(', ')})`);
    statements.set(key, statement);
  }
  return statement;
}

/** The slug the record gives the business named `name`; throws when no business has that name. */
export function slugOfName(record: RecordDatabase, name: string): string {
  const slug = record.prepare('SELECT slug FROM businesses WHERE name = ?').pluck().get(name) as string | undefined;
  if (slug === undefined) throw new Error(`No business named ${JSON.stringify(name)} in the record`);
  return slug;
}
