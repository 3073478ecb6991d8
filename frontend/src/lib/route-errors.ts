import { data, redirect } from 'react-router-dom';

/** The way back a "not found" page offers: "Back to countries". */
export interface BackLink {
  to: string;
  label: string;
}

/** What a loader throws with a 404: the heading to show, and for a place page the way back to its list. */
export interface NotFoundData {
  message: string;
  back?: BackLink;
}

/** Thrown by a loader when what the URL names does not exist: the page answers 404. */
export function notFoundResponse(message: string, back?: BackLink): never {
  throw data<NotFoundData>(back ? { message, back } : { message }, { status: 404 });
}

/** True for the data of a 404 thrown by `notFoundResponse` with a way back. */
export function isPlaceNotFound(value: unknown): value is Required<NotFoundData> {
  if (typeof value !== 'object' || value === null) return false;
  const { message, back } = value as Partial<NotFoundData>;
  return typeof message === 'string' && typeof back?.to === 'string' && typeof back.label === 'string';
}

/** Thrown by a loader when a page has moved for good (old slug, letter URL): 301. */
export function movedPermanently(path: string): never {
  throw redirect(path, 301);
}

/** Thrown by a loader when what the URL asks is for now at another address (a page past the end of a search): 302. */
export function foundAt(path: string): never {
  throw redirect(path, 302);
}

/** Reads a positive page number from the query string; anything else is page 1. */
export function pageFromUrl(url: string, max = Number.POSITIVE_INFINITY): number {
  const raw = new URL(url, 'http://localhost').searchParams.get('page');
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), max);
}
