import { data, redirect } from 'react-router-dom';

/** Thrown by a loader when what the URL names does not exist: the page answers 404. */
export function notFoundResponse(message: string): never {
  throw data({ message }, { status: 404 });
}

/** Thrown by a loader when a page has moved for good (old slug, letter URL): 301. */
export function movedPermanently(path: string): never {
  throw redirect(path, 301);
}

/** Reads a positive page number from the query string; anything else is page 1. */
export function pageFromUrl(url: string, max = Number.POSITIVE_INFINITY): number {
  const raw = new URL(url, 'http://localhost').searchParams.get('page');
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), max);
}
