/**
 * Bounded word expansion through the `vocab` table (every term of the full-text index with the
 * number of documents holding it), in the spirit of Typesense's `max_candidates`:
 * - a 2- or 3-letter prefix is left to FTS5's own prefix index (`prefix = '2 3'`), which reads
 *   its matches one by one in rowid order, so a LIMIT stops it;
 * - a longer prefix becomes an OR of its {@link MAX_PREFIX_TERMS} most frequent terms. FTS5 would
 *   otherwise merge the whole doclist of every term of the prefix before returning one row
 *   (161,500 entries for `restaurant*` at 1M businesses); exact terms are read lazily;
 * - typo corrections are looked for among the most frequent terms of each (first letter, length)
 *   the typo budget allows, at most {@link TYPO_SCAN_PER_LENGTH} per length.
 * When a prefix has more terms than it is expanded to, the word is marked `isTruncated`, and the
 * search says its total is a lower bound.
 */
import type { Statement } from 'better-sqlite3';
import type { IndexDatabase } from './index-file.ts';
import { typoBudget, typoDistance, type ExpandedWord } from './search-text.ts';

/** Most terms one prefix of 4+ letters expands to (the most frequent first). */
export const MAX_PREFIX_TERMS = 12;
/** Most terms of one prefix read from the vocabulary to pick the most frequent. */
const PREFIX_SCAN_LIMIT = 400;
/** Prefixes this short are matched by FTS5's prefix index (see `prefix = '2 3'` in the schema). */
const PREFIX_INDEX_MAX_LENGTH = 3;
/** Most vocabulary terms compared with a word per candidate length (the most frequent first). */
export const TYPO_SCAN_PER_LENGTH = 600;
/** Most typo corrections ORed in for one query word. */
export const MAX_TYPO_TERMS = 8;

interface TermRow {
  term: string;
  docs: number;
}

/** The first string after every string that starts with `prefix` (for a range scan). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, prefix.length - 1) + String.fromCodePoint(last + 1);
}

/** The two reads of the vocabulary a search makes (exported for the query-plan tests). */
export const VOCABULARY_QUERIES = {
  /** A prefix's terms: one range of the primary key. */
  prefix: 'SELECT term, docs FROM vocab WHERE term >= ? AND term < ? LIMIT ?',
  /** The most frequent terms of one first letter and length: one range of vocab_typo, already in order. */
  typo: 'SELECT term, docs FROM vocab WHERE head = ? AND len = ? ORDER BY docs DESC LIMIT ?',
} as const;

export class Vocabulary {
  private readonly prefixRange: Statement<[string, string, number], TermRow>;
  private readonly frequentOfLength: Statement<[string, number, number], TermRow>;
  private readonly addTerm: Statement<[string, string, number]>;
  private readonly specialTerms: Statement<[], string>;
  private readonly termDocs: Statement<[string], number | undefined>;

  constructor(db: IndexDatabase) {
    this.prefixRange = db.prepare(VOCABULARY_QUERIES.prefix);
    this.frequentOfLength = db.prepare(VOCABULARY_QUERIES.typo);
    this.termDocs = db.prepare('SELECT docs FROM vocab WHERE term = ?').pluck() as Statement<[string], number | undefined>;
    this.specialTerms = db.prepare("SELECT term FROM vocab WHERE term GLOB '*[øłđðßæ]*'").pluck() as Statement<[], string>;
    this.addTerm = db.prepare(
      'INSERT INTO vocab (term, head, len, docs) VALUES (?, ?, ?, 1) ON CONFLICT (term) DO UPDATE SET docs = docs + 1',
    );
  }

  /** A query word with its bounded prefix expansion (typo corrections are looked up later, if needed). */
  expand(word: string): ExpandedWord {
    if (word.length <= PREFIX_INDEX_MAX_LENGTH) return { word, terms: null, isTruncated: false, bound: Number.POSITIVE_INFINITY, typoTerms: [] };
    const rows = this.prefixRange.all(word, prefixEnd(word), PREFIX_SCAN_LIMIT);
    rows.sort((a, b) => b.docs - a.docs || (a.term < b.term ? -1 : 1));
    const kept = rows.slice(0, MAX_PREFIX_TERMS);
    return {
      word,
      terms: kept.map((row) => row.term),
      isTruncated: rows.length > MAX_PREFIX_TERMS,
      bound: kept.reduce((total, row) => total + row.docs, 0),
      typoTerms: [],
    };
  }

  /** Vocabulary terms within the word's typo budget, closest and most frequent first. */
  typoTerms(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0) return [];
    const found: { term: string; distance: number; docs: number }[] = [];
    for (let length = word.length - budget; length <= word.length + budget; length += 1) {
      for (const { term, docs } of this.frequentOfLength.all(word.charAt(0), length, TYPO_SCAN_PER_LENGTH)) {
        if (term.startsWith(word)) continue; // the prefix match already finds it
        const distance = typoDistance(word, term, budget);
        if (distance <= budget) found.push({ term, distance, docs });
      }
    }
    found.sort((a, b) => a.distance - b.distance || b.docs - a.docs);
    return found.slice(0, MAX_TYPO_TERMS).map((entry) => entry.term);
  }

  /**
   * How many documents hold the term, or more: counts are exact at a rebuild and only ever
   * incremented by incremental changes, so they stay an upper bound.
   */
  docsOf(term: string): number {
    return this.termDocs.get(term) ?? 0;
  }

  /** Terms holding a letter that slugs spell otherwise (a full scan of the vocabulary: run once per index). */
  termsWithSpecialLetters(): string[] {
    return this.specialTerms.all();
  }

  /** Counts one more document holding each of these terms (incremental changes). */
  add(terms: Iterable<string>): void {
    for (const term of terms) this.addTerm.run(term, term.charAt(0), term.length);
  }
}
