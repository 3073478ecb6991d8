/**
 * Business websites, always on the reserved `.example` top-level domain so no demo link
 * ever points at a real site.
 */
import { slugify } from '../slug.ts';
import type { Random } from './random.ts';

const MAX_LABEL_LENGTH = 40;

/** Words joined until the label would pass `maxLength`, always keeping the first word. */
function joinWords(words: readonly string[], separator: string, maxLength: number): string {
  let label = '';
  for (const word of words) {
    const next = label ? `${label}${separator}${word}` : word;
    if (label && next.length > maxLength) break;
    label = next;
  }
  return label.slice(0, MAX_LABEL_LENGTH);
}

/** The domain label for a name: "luigistrattoria", sometimes hyphenated "northside-plumbing-co". */
function domainLabel(random: Random, name: string): string {
  const plain = name.replace(/['’]/g, '');
  const slug = /^[\x20-\x7e]*$/.test(plain) ? plain.toLowerCase() : slugify(plain);
  const words = slug.split(/[^a-z0-9]+/).filter((word) => word && word !== 'the');
  const label = random.chance(0.2) ? joinWords(words, '-', 30) : joinWords(words, '', 22);
  return label || 'business';
}

/** A website for ~50% of businesses: "https://www.luigistrattoria.example/", else null. */
export function demoWebsite(random: Random, name: string): string | null {
  if (!random.chance(0.5)) return null;
  return `https://www.${domainLabel(random, name)}.example/`;
}
