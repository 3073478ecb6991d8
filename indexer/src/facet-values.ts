/** How both engines order facet values and find them by a facet query. */
import { slugify } from '@directory/data/slug.ts';
import type { FacetValue } from './search-types.ts';

function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** Facet values, the most frequent first, then by label and value (code-unit order, the same on every machine). */
export function byCountThenLabel(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || compareText(a.label, b.label) || compareText(a.value, b.value);
}

/** Facet search: the label starts with the query, accents and case folded. */
export function labelMatches(label: string, query: string): boolean {
  return slugify(label).startsWith(slugify(query));
}
