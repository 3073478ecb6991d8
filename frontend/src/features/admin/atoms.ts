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
