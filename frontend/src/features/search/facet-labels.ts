/**
 * What a visitor reads for a facet value: the backend sends slugs and codes ("plumber", "FR",
 * "FR:lyon") with their names beside them in `facetLabels`; facet-search hits carry the name,
 * highlighted, as escaped HTML.
 */
import { everyResultField, type RawSearchResults } from './raw-results.ts';

/** A name when the answer has none: the city slug in title case, the country code as is. */
function fallbackLabel(value: string): string {
  const city = /^[A-Za-z]{2}:(.+)$/.exec(value)?.[1];
  const text = city ?? value;
  return text
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The name of `value` in `attribute`. InstantSearch asks one query per refined facet (to count
 * the other values of that facet), so the name may be in any of the raw results.
 */
export function getFacetLabel(results: RawSearchResults | null | undefined, attribute: string, value: string): string {
  for (const labels of everyResultField(results, 'facetLabels') as Record<string, Record<string, string> | undefined>[]) {
    const label = labels[attribute]?.[value];
    if (label) return label;
  }
  return fallbackLabel(value);
}

export interface HighlightedPart {
  text: string;
  isHighlighted: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** Escaped text back to plain text (React escapes it again when it renders it). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!);
}

/**
 * Escaped HTML with `<mark>` around matches ("<mark>Ly</mark>on &amp; co") → plain-text parts to
 * render as React children, so no business text is ever injected as HTML.
 */
export function parseHighlighted(html: string): HighlightedPart[] {
  const parts: HighlightedPart[] = [];
  let isHighlighted = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') isHighlighted = true;
    else if (piece === '</mark>') isHighlighted = false;
    else if (piece) parts.push({ text: unescapeHtml(piece), isHighlighted });
  }
  return parts;
}

/** The plain text of a highlighted value. */
export const plainText = (html: string) =>
  parseHighlighted(html)
    .map((part) => part.text)
    .join('');
