/**
 * The search page's heading: what the search is for, in the words a visitor would put in a search
 * engine ("Plumbers in Lyon", "Results for “pizza” in Lyon"), or "Find a business" before any.
 */
import { slugify } from '@directory/backend/shared/slug.ts';
import { pluralOfCategory } from '../../lib/format.ts';
import { placePhrase } from './search-url.ts';

export const EMPTY_SEARCH_HEADING = 'Find a business';

/** The name of the category the query names whole, singular or plural ("plumbers", "Hair salon"); null when it names none. */
export function categoryNamedBy(query: string, categories: readonly { slug: string; name: string }[]): string | null {
  const wanted = slugify(query);
  if (wanted === '') return null;
  return categories.find((category) => category.slug === wanted || slugify(pluralOfCategory(category.name)) === wanted)?.name ?? null;
}

/** A place as typed, each word starting with a capital ("new york" → "New York"; "69002" as is). */
const asPlaceName = (place: string) => place.replace(/(^|[\s-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/**
 * The heading of a search for `query` in `location` (both as typed); `category`: the name of the
 * category the words name, or the one category the search is narrowed to without words.
 * `isAroundPlace`: the place holds no business and the results lie around it ("Businesses near Lyon").
 */
export function getSearchHeading(query: string, location: string, category: string | null, isAroundPlace = false): string {
  const what = query.trim();
  const where = location.trim();
  const inPlace = where ? ` ${placePhrase(asPlaceName(where), isAroundPlace)}` : '';
  if (category) return `${pluralOfCategory(category)}${inPlace}`;
  if (what) return `Results for “${what}”${inPlace}`;
  return where ? `Businesses${inPlace}` : EMPTY_SEARCH_HEADING;
}
