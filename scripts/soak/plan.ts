import Database from 'better-sqlite3';
import { slugify } from '@directory/data/slug.ts';

/** The kinds of visitor traffic the soak mixes, each measured on its own. */
export const TRAFFIC_KINDS = ['business pages', 'other pages', 'lists', 'searches'] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];

/** Paths per kind, drawn from the record so that every request names something real. */
export type TrafficPlan = Record<TrafficKind, string[]>;

const LETTERS = 'ABCDEFGHIJKLMNOPRSTW'.split('');

/** Draws `perKind` paths of each kind from the record at `recordFile` (read-only). */
export function planTraffic(recordFile: string, perKind: number): TrafficPlan {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const slugs = db.prepare('SELECT slug FROM businesses ORDER BY random() LIMIT ?').pluck().all(perKind) as string[];
    const places = (
      db
        .prepare('SELECT category, city, country_code FROM businesses WHERE category IS NOT NULL AND city IS NOT NULL AND country_code IS NOT NULL ORDER BY random() LIMIT ?')
        .all(perKind) as { category: string; city: string; country_code: string }[]
    ).map((row) => ({ ...row, category_slug: slugify(row.category), city_slug: slugify(row.city) }));
    const words = places.flatMap((place) => [place.category.split(/\s+/)[0]!, place.city]).filter((word) => word.length > 1);
    const other = places.flatMap((place) => [
      `/categories/${encodeURIComponent(place.category_slug)}`,
      `/countries/${place.country_code.toLowerCase()}`,
      `/cities/${place.country_code.toLowerCase()}/${encodeURIComponent(place.city_slug)}`,
    ]);
    const lists = [
      ...Array.from({ length: 20 }, (_, page) => `/api/businesses?page=${page + 1}`),
      ...LETTERS.map((letter) => `/api/categories?letter=${letter}`),
      ...LETTERS.map((letter) => `/api/cities?letter=${letter}`),
      '/api/countries',
      '/api/homepage-data',
      ...places.slice(0, 50).map((place) => `/api/categories/${encodeURIComponent(place.category_slug)}`),
    ];
    const searches = words.map((word, i) => (i % 3 === 2 ? `/api/search?q=${encodeURIComponent(word.slice(0, 3))}` : `/api/search?q=${encodeURIComponent(word)}`));
    return {
      'business pages': slugs.map((slug) => `/business/${encodeURIComponent(slug)}`),
      'other pages': ['/', '/businesses', '/categories', '/countries', '/cities', ...other],
      lists,
      searches,
    };
  } finally {
    db.close();
  }
}

/** Which of `placeIds` the record at `recordFile` does not hold. */
export function placeIdsMissing(recordFile: string, placeIds: Iterable<string>): { checked: number; missing: string[] } {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const find = db.prepare('SELECT 1 FROM businesses WHERE place_id = ?').pluck();
    const missing: string[] = [];
    let checked = 0;
    for (const placeId of placeIds) {
      checked += 1;
      if (find.get(placeId) === undefined) missing.push(placeId);
    }
    return { checked, missing };
  } finally {
    db.close();
  }
}

/** A client address for one simulated visitor (TEST-NET ranges and 10/8: never routed). */
export function visitorAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * Resident memory of a process in MB, from its /proc status text (Linux): all of it (`VmRSS`), and
 * its anonymous part (`RssAnon`: heaps and caches). The rest is mostly the index files' pages the
 * engine maps (`mmap_size`): shared with the page cache, given back by the kernel under pressure,
 * and growing with the index an import adds to.
 */
export function residentMegabytes(status: string): { total: number; anonymous: number } {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
    if (!match) throw new Error(`No ${name} line in the process status`);
    return Math.round(Number(match[1]) / 1024);
  };
  return { total: field('VmRSS'), anonymous: field('RssAnon') };
}

/** "1379 MB (anonymous 800 MB)". */
export function formatResident({ total, anonymous }: { total: number; anonymous: number }): string {
  return `${total} MB (anonymous ${anonymous} MB)`;
}
