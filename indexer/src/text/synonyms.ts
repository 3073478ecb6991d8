/**
 * The synonym table (`indexer/synonyms.json`, one file operators extend), read for both engines:
 * the embedded engine expands a query phrase to its group at query time, Meilisearch gets the
 * same groups as its `synonyms` setting ({@link meiliSynonyms}).
 */
import { z } from 'zod';
import table from '../../synonyms.json' with { type: 'json' };
import { tokenize } from './fold.ts';
import { singularOf } from './plural.ts';

/** Longest phrase (in words) a group may hold: a query is scanned for phrases up to this length. */
export const MAX_SYNONYM_WORDS = 5;
/** Fewest letters of a last word that is looked up as the start of a phrase of the table (three letters start too many words). */
export const MIN_COMPLETED_LETTERS = 4;
/** A last word that starts more phrases of the table than this is not read as any of them (the visitor has not said which yet). */
export const MAX_COMPLETED_PHRASES = 3;

const tableSchema = z.object({
  groups: z.array(z.array(z.string().min(1)).min(2)),
});

/** A phrase as the synonym matching compares it: folded, singular words. */
export function canonicalWords(text: string): string[] {
  return tokenize(text).map(singularOf);
}

export class Synonyms {
  /** Canonical phrase ("hair salon") → the phrases of its group, as canonical word lists. */
  private readonly byPhrase = new Map<string, string[][]>();
  /** Every canonical phrase, sorted: the phrases a text starts are one range of it. */
  private readonly sortedPhrases: string[];

  constructor(readonly groups: readonly (readonly string[])[]) {
    for (const group of groups) {
      const phrases = group.map(canonicalWords).filter((words) => words.length > 0 && words.length <= MAX_SYNONYM_WORDS);
      for (const words of phrases) {
        const key = words.join(' ');
        const known = this.byPhrase.get(key) ?? [];
        for (const other of phrases) if (!known.some((w) => w.join(' ') === other.join(' '))) known.push(other);
        this.byPhrase.set(key, known);
      }
    }
    this.sortedPhrases = [...this.byPhrase.keys()].sort();
  }

  /**
   * The phrases of the table a query may be completing while the visitor types: the `leading`
   * canonical words as they are, then a last word starting with `prefix` (folded as typed), the
   * phrase ending with that word ("denti": "dentist"; "dental clin": "dental clinic"). None when
   * the prefix has fewer than {@link MIN_COMPLETED_LETTERS} letters or starts more than
   * {@link MAX_COMPLETED_PHRASES} phrases. A binary search and a short range: microseconds.
   */
  completions(leading: readonly string[], prefix: string): string[][] {
    if ([...prefix].length < MIN_COMPLETED_LETTERS) return [];
    const start = [...leading, prefix].join(' ');
    let low = 0;
    let high = this.sortedPhrases.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sortedPhrases[middle]! < start) low = middle + 1;
      else high = middle;
    }
    const found: string[][] = [];
    for (let at = low; at < this.sortedPhrases.length && this.sortedPhrases[at]!.startsWith(start); at += 1) {
      const words = this.sortedPhrases[at]!.split(' ');
      // "taxi" starts "taxi service" too, but a completion ends with the word being typed.
      if (words.length !== leading.length + 1) continue;
      if (found.length === MAX_COMPLETED_PHRASES) return [];
      found.push(words);
    }
    return found;
  }

  /** The phrases of the group(s) of a canonical phrase, itself first; null when it has no synonyms. */
  of(canonical: string[]): string[][] | null {
    const found = this.byPhrase.get(canonical.join(' '));
    if (!found) return null;
    return [canonical, ...found.filter((words) => words.join(' ') !== canonical.join(' '))];
  }
}

/** The table of the repository. */
export const synonyms = new Synonyms(tableSchema.parse(table).groups);

/**
 * Meilisearch's `synonyms` setting for the same groups: every phrase maps to every other phrase
 * of its groups (Meilisearch wants multi-way synonyms spelled out), in lower case.
 */
export function meiliSynonyms(groups: readonly (readonly string[])[] = synonyms.groups): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const group of groups) {
    const phrases = group.map((phrase) => tokenize(phrase).join(' ')).filter((phrase) => phrase.length > 0);
    for (const phrase of phrases) {
      const others = phrases.filter((other) => other !== phrase);
      result[phrase] = [...new Set([...(result[phrase] ?? []), ...others])];
    }
  }
  return result;
}
