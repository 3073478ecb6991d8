/**
 * The "where" box of the search: a city, a country (name or ISO code) or a postal code. It is
 * resolved against the engine's own city and country aggregates into structured constraints,
 * so "DE" means Germany (not every word starting with "de") and "lyon" means the city of Lyon.
 */
import { slugify } from '@directory/data/slug.ts';
import type { CityRef } from '../search-types.ts';
import { tokenize } from './search-text.ts';

/** How an engine answers the resolver's questions (from its aggregate tables or indexes). */
export interface LocationLookup {
  /** Country codes whose code equals `code` (upper case) or whose slug equals `slug`. */
  countries(code: string | null, slug: string): Promise<string[]> | string[];
  /** Every city (any country) with this slug. */
  citiesBySlug(slug: string): Promise<CityRef[]> | CityRef[];
}

/** One comma-separated part of the location, resolved. */
export type LocationPart =
  | { kind: 'country'; countryCodes: string[] }
  | { kind: 'city'; cities: CityRef[] }
  | { kind: 'postal'; postalCode: string; words: string[] }
  | { kind: 'words'; words: string[] };

/** Resolves "Lyon", "DE", "Germany", "69002" or "Lyon, France"; every part must hold. */
export async function resolveLocation(location: string | undefined, lookup: LocationLookup): Promise<LocationPart[]> {
  if (!location) return [];
  const parts: LocationPart[] = [];
  for (const raw of location.split(',')) {
    const text = raw.trim();
    const words = tokenize(text);
    if (words.length === 0) continue;
    const slug = slugify(text);
    const code = /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null;
    const countryCodes = await lookup.countries(code, slug);
    if (countryCodes.length > 0) {
      parts.push({ kind: 'country', countryCodes });
      continue;
    }
    const cities = await lookup.citiesBySlug(slug);
    if (cities.length > 0) parts.push({ kind: 'city', cities });
    else if (/\d/.test(text)) parts.push({ kind: 'postal', postalCode: text.toUpperCase(), words });
    else parts.push({ kind: 'words', words });
  }
  return parts;
}
