/**
 * What an audit-log entry is about, as stored (`business:12`, `message:3`, `POST /api/admin/site-settings`
 * of a refused write, or a user or file name as it is) and as the activity list reads it.
 */

/** Records an entry may name by their number. */
export type AuditRecordKind = 'business' | 'message';

/** What the activity list shows for an entry's target, beside the stored text. */
export type AuditSubject =
  /** A business or a message; `exists` is false once it was deleted; `name`: a business's, when known. */
  | { kind: AuditRecordKind; id: number; exists: boolean; name: string | null }
  /** A refused write's request; `business`: the one business it was about (an edit, an approval, a delete), kept or not. */
  | { kind: 'request'; method: string; path: string; business: { id: number; exists: boolean; name: string | null } | null };

/** The stored target naming a record: `business:12`. */
export const auditTarget = (kind: AuditRecordKind, id: number): string => `${kind}:${id}`;

const RECORD_TARGET = /^(business|message):([1-9]\d{0,15})$/;
const REQUEST_TARGET = /^(POST|PUT|PATCH|DELETE) (\/\S*)$/;

/** The record a stored target names (`business:12` → business 12), or null. */
export function recordOfTarget(target: string | null): { kind: AuditRecordKind; id: number } | null {
  const match = target === null ? null : RECORD_TARGET.exec(target);
  return match ? { kind: match[1] as AuditRecordKind, id: Number(match[2]) } : null;
}

/** A single business's own write (edit, approval, delete), as its path names it: `/api/admin/businesses/12`. */
const BUSINESS_REQUEST = /^\/api\/(?:admin\/)?businesses\/([1-9]\d{0,15})(?:\/toggle-approval)?$/;

/** The business a write's path is about, or null (a list, a bulk call, another record). */
export function businessOfRequest(path: string): number | null {
  const match = BUSINESS_REQUEST.exec(path);
  return match ? Number(match[1]) : null;
}

/** The request a refused write's target names (`POST /api/admin/site-settings`), or null. */
export function requestOfTarget(target: string | null): { method: string; path: string } | null {
  const match = target === null ? null : REQUEST_TARGET.exec(target);
  return match ? { method: match[1]!, path: match[2]! } : null;
}
