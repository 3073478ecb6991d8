import { LRUCache } from 'lru-cache';

interface Remembered {
  generation: string;
  value: Promise<unknown>;
}

/**
 * Results of engine reads by key, each valid for the index generation it was read from: the
 * server-rendered pages ask for the same lists as the JSON API, and like it they pay for a list
 * once per index change. Bounded in entries; a failed read is not kept.
 */
export class IndexMemo {
  private readonly entries: LRUCache<string, Remembered>;

  constructor(
    private readonly generation: () => Promise<string>,
    options: { maxEntries: number },
  ) {
    this.entries = new LRUCache<string, Remembered>({ max: options.maxEntries });
  }

  /** Forgets every remembered list ("clear cache" in the admin area). */
  clear(): void {
    this.entries.clear();
  }

  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const generation = await this.generation();
    const known = this.entries.get(key);
    if (known?.generation === generation) return known.value as Promise<T>;
    const value = read();
    this.entries.set(key, { generation, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
