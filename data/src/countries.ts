import { slugify } from './slug.ts';

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of an ISO 3166-1 alpha-2 code ("FR" → "France"); unknown codes come back as the code. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  let name = cache.get(upper);
  if (name === undefined) {
    name = lookUp(upper);
    cache.set(upper, name);
  }
  return name;
}

/** The slug of a country's page (`/countries/spain` for "ES"): its English name's, as the index writes it. */
export function countrySlug(code: string): string {
  return slugify(countryName(code));
}

const cache = new Map<string, string>();

function lookUp(upper: string): string {
  if (!/^[A-Z]{2}$/.test(upper)) return upper;
  try {
    return displayNames.of(upper) ?? upper;
  } catch (error) {
    if (error instanceof RangeError) return upper;
    throw error;
  }
}
