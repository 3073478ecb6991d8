import type { AdminSortBy, ListCursor } from '../db/admin-business-repository.ts';

/**
 * Pages of the admin business list up to this one are reached by number (OFFSET, at most 49
 * pages skipped: 980 rows at the default 20 a page, 4,900 at 100); later ones only through a
 * cursor (`after` / `before`).
 */
export const MAX_OFFSET_PAGE = 50;

/** A cursor as it travels in URLs: base64url of `[sortValue, id]`. */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

const isValueOf = (sortBy: AdminSortBy, value: unknown): value is ListCursor['value'] => {
  if (sortBy === 'rating') return value === null || (typeof value === 'number' && Number.isFinite(value));
  if (sortBy === 'reviewCount') return Number.isInteger(value);
  return typeof value === 'string';
};

/** The cursor in `text` for a list sorted by `sortBy`, or null when it is not one. */
export function decodeListCursor(text: string, sortBy: AdminSortBy): ListCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [value, id] = parsed as unknown[];
  if (!Number.isSafeInteger(id) || (id as number) < 1 || !isValueOf(sortBy, value)) return null;
  return { value, id: id as number };
}
