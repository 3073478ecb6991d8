/**
 * Every server-side cache registers how to empty itself here, so "clear cache" in the admin
 * area reaches all of them without knowing each one.
 */
export class CacheRegistry {
  private readonly clearers = new Map<string, () => void>();

  register(name: string, clear: () => void): void {
    this.clearers.set(name, clear);
  }

  /** Empties every registered cache; returns their names. */
  clearAll(): string[] {
    for (const clear of this.clearers.values()) clear();
    return [...this.clearers.keys()];
  }
}
