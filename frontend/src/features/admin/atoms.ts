import { atom } from 'jotai';
import type { AdminSession } from '@directory/backend/shared/admin-types.ts';

/**
 * The session hint: who is signed in and the CSRF token writes send. A hint only: the server
 * decides every call from its own session.
 */
export const adminSessionAtom = atom<AdminSession | null>(null);

/** The business list's last query string, so the sidebar and "back" links return to the same filters. */
export const businessListSearchAtom = atom('');

/** Whether the sidebar is open on a phone. */
export const isAdminMenuOpenAtom = atom(false);

/** A write refused because the session ended, waiting for the operator to sign in again. */
export interface SessionRenewal {
  /** The new session's CSRF token, or null when the operator gave up. */
  promise: Promise<string | null>;
  resolve: (csrfToken: string | null) => void;
}

/** The renewal the sign-in dialog is showing, or null. */
export const sessionRenewalAtom = atom<SessionRenewal | null>(null);

/**
 * Asks the operator to sign in again (the dialog in the layout shows while one is pending).
 * Writes refused at the same time share one renewal.
 */
export const requestSessionRenewalAtom = atom(null, (get, set): Promise<string | null> => {
  const pending = get(sessionRenewalAtom);
  if (pending) return pending.promise;
  let resolve: (csrfToken: string | null) => void = () => undefined;
  const promise = new Promise<string | null>((settle) => {
    resolve = settle;
  });
  set(sessionRenewalAtom, {
    promise,
    resolve: (csrfToken) => {
      set(sessionRenewalAtom, null);
      resolve(csrfToken);
    },
  });
  return promise;
});
