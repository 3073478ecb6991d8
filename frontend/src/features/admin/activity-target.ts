/**
 * What an audit entry is about, as the operator reads it: a business or message by its number
 * (linked while it is kept), a refused request by the screen it came from; anything else (a user
 * or file name) as it is. A refused request's fields are named as that screen names them.
 */
import type { AdminActivityItem } from '@directory/backend/shared/admin-types.ts';
import type { AuditSubject } from '@directory/backend/shared/audit-targets.ts';
import { MAINTENANCE_TASKS } from '@directory/backend/shared/maintenance-tasks.ts';
import { ADMIN_SCREENS } from './admin-screens.ts';
import type { FieldLabels } from './api/admin-error-text.ts';
import {
  AD_FIELD_LABELS,
  BULK_FIELD_LABELS,
  BUSINESS_FORM_LABELS,
  CONTACT_FIELD_LABELS,
  EXPORT_FIELD_LABELS,
  MESSAGE_FIELD_LABELS,
  SETTINGS_FIELD_LABELS,
  UPLOAD_FIELD_LABELS,
} from './screen-field-labels.ts';

export interface ActivityTarget {
  label: string;
  /** Where it can be seen; null once deleted, or when no screen shows it. */
  href: string | null;
  /** The stored target, when the label says it differently ("POST /api/admin/site-settings"). */
  raw: string | null;
}

const RECORD_WORDS = { business: 'İşletme', message: 'Mesaj' } as const;

/** The screen each other admin write is sent from, by its API path, and that screen's names of the fields the write sends. */
const REQUEST_SCREENS: readonly { path: RegExp | string; screen: string; labels: FieldLabels }[] = [
  { path: /^\/api\/admin\/businesses\/bulk$/, screen: '/admin/businesses', labels: BULK_FIELD_LABELS },
  { path: /^\/api\/(?:admin\/)?export-csv$/, screen: '/admin/businesses', labels: EXPORT_FIELD_LABELS },
  { path: /^\/api\/upload-excel(?:-batch)?$/, screen: '/admin/upload', labels: UPLOAD_FIELD_LABELS },
  { path: /^\/api\/admin\/(?:site-settings|clear-cache|sitemaps\/regenerate)$/, screen: '/admin/settings', labels: SETTINGS_FIELD_LABELS },
  { path: /^\/api\/admin\/contact-details$/, screen: '/admin/contact-details', labels: CONTACT_FIELD_LABELS },
  { path: /^\/api\/admin\/advertisement-codes$/, screen: '/admin/advertisements', labels: AD_FIELD_LABELS },
  { path: /^\/api\/admin\/messages\/\d+$/, screen: '/admin/messages', labels: MESSAGE_FIELD_LABELS },
  // The maintenance calls send no fields: the index rebuild, and each task of the task table.
  { path: '/api/admin/reindex', screen: '/admin/maintenance', labels: {} },
  ...Object.values(MAINTENANCE_TASKS).map(({ path, screen }) => ({ path, screen, labels: {} })),
];

const requestScreenOf = (path: string) =>
  REQUEST_SCREENS.find((candidate) => (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)));

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
  const screenPath = requestScreenOf(path)?.screen;
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

/**
 * The names the screen a refused request came from gives the fields it sends: a single
 * business's write, the edit form's (an approval or a delete sends only the business's number,
 * which every screen names alike); none for a path no screen sends, or an entry of another kind.
 */
export function requestFieldLabels(subject: AuditSubject | null): FieldLabels {
  if (subject?.kind !== 'request') return {};
  if (subject.business !== null) return BUSINESS_FORM_LABELS;
  return requestScreenOf(subject.path)?.labels ?? {};
}
