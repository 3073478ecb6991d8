/**
 * What an audit entry is about, as the operator reads it: a business or message by its number
 * (linked while it is kept), a refused request by the screen it came from; anything else (a user
 * or file name) as it is.
 */
import type { AdminActivityItem } from '@directory/backend/shared/admin-types.ts';
import { ADMIN_SCREENS } from './admin-screens.ts';

export interface ActivityTarget {
  label: string;
  /** Where it can be seen; null once deleted, or when no screen shows it. */
  href: string | null;
  /** The stored target, when the label says it differently ("POST /api/admin/site-settings"). */
  raw: string | null;
}

const RECORD_WORDS = { business: 'İşletme', message: 'Mesaj' } as const;

/** A business's own request (edit, approval, delete): its edit screen. */
const BUSINESS_REQUEST = /^\/api\/(?:admin\/)?businesses\/(\d+)(?:\/toggle-approval)?$/;

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

function requestTarget(method: string, path: string, raw: string): ActivityTarget {
  const business = BUSINESS_REQUEST.exec(path);
  if (business) return { label: `İşletme #${business[1]}`, href: `/admin/businesses/${business[1]}`, raw };
  const screenPath = REQUEST_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
  const screen = ADMIN_SCREENS.find((candidate) => candidate.to === screenPath);
  return screen ? { label: screen.label, href: screen.to, raw } : { label: `${method} ${path}`, href: null, raw: null };
}

/** The entry's target as the activity list shows it; null when it has none. */
export function activityTarget(item: Pick<AdminActivityItem, 'target' | 'subject'>): ActivityTarget | null {
  const { subject, target } = item;
  if (target === null) return null;
  if (subject === null) return { label: target, href: null, raw: null };
  if (subject.kind === 'request') return requestTarget(subject.method, subject.path, target);
  const gone = subject.exists ? '' : 'silinmiş';
  // "Kebapçı Halil (#12)" when its name is known, else "İşletme #12"; "(#12, silinmiş)" / "(silinmiş)" once deleted.
  const label =
    subject.name === null
      ? `${RECORD_WORDS[subject.kind]} #${subject.id}${gone ? ` (${gone})` : ''}`
      : `${subject.name} (${[`#${subject.id}`, gone].filter(Boolean).join(', ')})`;
  if (!subject.exists) return { label, href: null, raw: null };
  return { label, href: subject.kind === 'business' ? `/admin/businesses/${subject.id}` : '/admin/messages', raw: null };
}
