/**
 * What an audit entry is about, as the operator reads it: a business or message by its number
 * (linked while it is kept), a refused request by the screen it came from; anything else (a user
 * or file name) as it is.
 */
import type { AdminActivityItem } from '@directory/backend/shared/admin-types.ts';
import type { AuditSubject } from '@directory/backend/shared/audit-targets.ts';
import { ADMIN_SCREENS } from './admin-screens.ts';

export interface ActivityTarget {
  label: string;
  /** Where it can be seen; null once deleted, or when no screen shows it. */
  href: string | null;
  /** The stored target, when the label says it differently ("POST /api/admin/site-settings"). */
  raw: string | null;
}

const RECORD_WORDS = { business: 'İşletme', message: 'Mesaj' } as const;

/** The screen each other admin write is sent from, by its API path. */
const REQUEST_SCREENS: readonly (readonly [RegExp, string])[] = [
  [/^\/api\/admin\/businesses\/bulk$/, '/admin/businesses'],
  [/^\/api\/(?:admin\/)?export-csv$/, '/admin/businesses'],
  [/^\/api\/upload-excel(?:-batch)?$/, '/admin/upload'],
  [/^\/api\/admin\/(?:site-settings|clear-cache|sitemaps\/regenerate)$/, '/admin/settings'],
  [/^\/api\/admin\/contact-details$/, '/admin/contact-details'],
  [/^\/api\/admin\/advertisement-codes$/, '/admin/advertisements'],
  [/^\/api\/admin\/messages\/\d+$/, '/admin/messages'],
  [/^\/api\/admin\/(?:businesses|test-data|fix-slugs|reindex)$/, '/admin/maintenance'],
];

/** A business or message: "Kebapçı Halil (#12)" when its name is known, else "İşletme #12"; "(#12, silinmiş)" / "(silinmiş)" once deleted, without a link. */
function recordTarget(kind: keyof typeof RECORD_WORDS, id: number, exists: boolean, name: string | null, raw: string | null): ActivityTarget {
  const gone = exists ? '' : 'silinmiş';
  const label = name === null ? `${RECORD_WORDS[kind]} #${id}${gone ? ` (${gone})` : ''}` : `${name} (${[`#${id}`, gone].filter(Boolean).join(', ')})`;
  if (!exists) return { label, href: null, raw };
  return { label, href: kind === 'business' ? `/admin/businesses/${id}` : '/admin/messages', raw };
}

function requestTarget(subject: Extract<AuditSubject, { kind: 'request' }>, raw: string): ActivityTarget {
  const { method, path, business } = subject;
  // A single business's own write (edit, approval, delete): that business, linked while it is kept.
  if (business !== null) return recordTarget('business', business.id, business.exists, business.name, raw);
  const screenPath = REQUEST_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
  const screen = ADMIN_SCREENS.find((candidate) => candidate.to === screenPath);
  return screen ? { label: screen.label, href: screen.to, raw } : { label: `${method} ${path}`, href: null, raw: null };
}

/** The entry's target as the activity list shows it; null when it has none. */
export function activityTarget(item: Pick<AdminActivityItem, 'target' | 'subject'>): ActivityTarget | null {
  const { subject, target } = item;
  if (target === null) return null;
  if (subject === null) return { label: target, href: null, raw: null };
  if (subject.kind === 'request') return requestTarget(subject, target);
  return recordTarget(subject.kind, subject.id, subject.exists, subject.name, null);
}
