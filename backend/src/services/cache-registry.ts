import type { CacheName } from '../shared/audit-details.ts';

/**
 * Every server-side cache registers how to empty itself here, so "clear cache" in the admin
 * area reaches all of them without knowing each one.
 */
export class CacheRegistry {
  private readonly clearers = new Map<CacheName, () => void>();

  register(name: CacheName, clear: () => void): void {
    this.clearers.set(name, clear);
  }

  /** Empties every registered cache; returns their names. */
  clearAll(): CacheName[] {
    for (const clear of this.clearers.values()) clear();
    return [...this.clearers.keys()];
  }
}
