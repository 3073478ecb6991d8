import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a server render showed besides its page's own data, for the rendered-page cache
 * (page-cache.ts): the other businesses it showed (a business page's "Nearby" cards), each with
 * the version of its row it showed, and whether a read of the page failed (the page then shows
 * without it, and is not kept).
 */
export interface ShownBusinesses {
  /** Row versions by business id ("12@2026-11-28T07:00:00.000Z", business-repository.ts `rowVersion`). */
  versions: Map<number, string>;
  isPartial: boolean;
}

const current = new AsyncLocalStorage<ShownBusinesses>();

/** Runs a render, answering beside its result the businesses it showed (see {@link ShownBusinesses}). */
export async function withShownBusinesses<T>(render: () => Promise<T>): Promise<{ result: T; shown: ShownBusinesses }> {
  const shown: ShownBusinesses = { versions: new Map(), isPartial: false };
  const result = await current.run(shown, render);
  return { result, shown };
}

/** Notes businesses the render shows, by id with the version of the row shown (nothing outside a render). */
export function noteShownBusinesses(versions: Iterable<[number, string]>): void {
  const shown = current.getStore();
  if (shown) for (const [id, version] of versions) shown.versions.set(id, version);
}

/** Notes that a read of the render failed and the page shows without it. */
export function notePartialRender(): void {
  const shown = current.getStore();
  if (shown) shown.isPartial = true;
}
