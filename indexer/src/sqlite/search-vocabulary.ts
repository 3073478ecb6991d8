/**
 * Bounded word expansion through the `vocab` table (every term of the full-text index with the
 * number of documents holding it), in the spirit of Typesense's `max_candidates`:
 * - a 2- or 3-letter prefix is left to FTS5's own prefix index (`prefix = '2 3'`), which reads
 *   its matches one by one in rowid order, so a LIMIT stops it;
 * - a longer prefix becomes an OR of its {@link MAX_PREFIX_TERMS} most frequent terms. FTS5 would
 *   otherwise merge the whole doclist of every term of the prefix before returning one row
 *   (161,500 entries for `restaurant*` at 1M businesses); exact terms are read lazily. The terms
 *   are chosen from one key range of the prefix when it holds at most {@link PREFIX_SCAN_LIMIT}
 *   of them (all its terms), else from that range and the most frequent terms of the prefix's
 *   first four letters (vocab_prefix, in frequency order), at most {@link HEAD_SCAN_LIMIT} read:
 *   a word of four letters gets its most frequent terms exactly, a longer one too unless its head
 *   has so many terms more frequent than the word's that the read stops first (see {@link Vocabulary.prefixTerms});
 * - typo corrections are looked for among the most frequent terms of each (first letter, length)
 *   the typo budget allows, at most {@link TYPO_SCAN_PER_LENGTH} per length.
 * When a prefix has more terms than it is expanded to, the word is marked `isTruncated`, and the
 * search says its total is a lower bound.
 */
import type { Statement } from 'better-sqlite3';
import type { IndexDatabase } from './index-file.ts';
import { PREFIX_HEAD_LENGTH, RANKED_PREFIX_TERMS, TYPO_TERMS } from './index-schema.ts';
import { prefixPlurals, singularForms, singularOf } from '../text/plural.ts';
import { slugify } from '@directory/data/slug.ts';
import { bigrams, hasSpecialLetter, type ExpandedWord } from './search-text.ts';
import { LONG_WORD, typoBudget, typoDistance } from '../text/typo-distance.ts';

/** Most terms one prefix of 4+ letters expands to (the most frequent first). */
export const MAX_PREFIX_TERMS = 12;
/** Most terms of one prefix read in alphabetical order: a prefix of at most this many is chosen from all its terms. */
const PREFIX_SCAN_LIMIT = 400;
/** Most terms of a prefix's head read in frequency order when the prefix has more than {@link PREFIX_SCAN_LIMIT}. */
export const HEAD_SCAN_LIMIT = 2_000;
/** Prefixes this short are matched by FTS5's prefix index (see `prefix = '2 3'` in the schema); longer ones have a head. */
const PREFIX_INDEX_MAX_LENGTH = PREFIX_HEAD_LENGTH - 1;
/** Most vocabulary terms compared with a word per candidate length (the most frequent first). */
export const TYPO_SCAN_PER_LENGTH = 600;
/** Fewer terms per length for a typo in the first letter (rarer, and three ranges to read). */
export const FIRST_LETTER_SCAN_PER_LENGTH = 150;
/** Most ranges of the vocabulary kept for typo corrections (each at most {@link TYPO_SCAN_PER_LENGTH} terms: a few MB). */
const MAX_FREQUENT_RANGES = 2_000;
/** Most typo corrections ORed in for one query word. */
export const MAX_TYPO_TERMS = 8;
/** The fewest letters of each part of a split word ({@link Vocabulary.split}). */
export const MIN_SPLIT_PART = 3;
/** The fewest documents each part of a split word must be held by (a part only one holds is a fragment of a name). */
export const MIN_SPLIT_DOCS = 2;
/** Words longer than this are not split (the look-ups grow with the length). */
const MAX_SPLIT_LENGTH = 24;

interface TermRow {
  term: string;
  docs: number;
}

/** A term and its document count as an array: typo correction reads thousands and keeps a few. */
type TermValues = [term: string, docs: number];

/** The first string after every string that starts with `prefix` (for a range scan). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, prefix.length - 1) + String.fromCodePoint(last + 1);
}

/** The reads of the vocabulary a search makes (exported for the query-plan tests). */
export const VOCABULARY_QUERIES = {
  /** A prefix's terms: one range of the primary key. */
  prefix: 'SELECT term, docs FROM vocab WHERE term >= ? AND term < ? LIMIT ?',
  /**
   * The most frequent terms of a prefix among the first terms of its head: one range of
   * vocab_prefix, already in order, read until the outer LIMIT has its terms or the inner one
   * stops it (SQLite neither flattens a subquery with a LIMIT nor pushes the outer WHERE into it).
   */
  frequentPrefix: `SELECT term, docs FROM (SELECT term, docs FROM vocab WHERE substr(term, 1, ${PREFIX_HEAD_LENGTH}) = ? AND ${RANKED_PREFIX_TERMS} ORDER BY docs DESC, term LIMIT ?) WHERE term >= ? AND term < ? LIMIT ?`,
  /** The most frequent terms of one first letter and length: one range of vocab_typo, already in order. */
  typo: `SELECT term, docs FROM vocab WHERE head = ? AND len = ? AND ${TYPO_TERMS} ORDER BY docs DESC LIMIT ?`,
  /** The same for one second letter: one range of vocab_typo_second. */
  typoSecond: `SELECT term, docs FROM vocab WHERE substr(term, 2, 1) = ? AND len = ? AND ${TYPO_TERMS} ORDER BY docs DESC LIMIT ?`,
  /** The spellings with ø, ß, æ, … of one slug: one range of special_terms. */
  special: 'SELECT term FROM special_terms WHERE slug = ?',
} as const;

export class Vocabulary {
  private readonly prefixRange: Statement<[string, string, number], TermRow>;
  private readonly frequentOfHead: Statement<[string, number, string, string, number], TermRow>;
  private readonly frequentOfLength: Statement<[string, number, number], TermValues>;
  private readonly frequentOfSecond: Statement<[string, number, number], TermValues>;
  private readonly addTerm: Statement<[string, string, number, number]>;
  /** Documents counted per term since the last {@link flushAdded}. */
  private readonly added = new Map<string, number>();
  private readonly specialSpellings: Statement<[string], string>;
  private readonly addSpecialTerm: Statement<[string, string]>;
  private readonly termDocs: Statement<[string], number | undefined>;
  /** Ranges of the vocabulary read for typo corrections, by the letter's place (first or second), letter, length and limit. */
  private readonly frequentRanges = new Map<string, TermValues[]>();

  constructor(db: IndexDatabase) {
    this.prefixRange = db.prepare(VOCABULARY_QUERIES.prefix);
    this.frequentOfHead = db.prepare(VOCABULARY_QUERIES.frequentPrefix);
    this.frequentOfLength = db.prepare(VOCABULARY_QUERIES.typo).raw(true) as Statement<[string, number, number], TermValues>;
    this.frequentOfSecond = db.prepare(VOCABULARY_QUERIES.typoSecond).raw(true) as Statement<[string, number, number], TermValues>;
    this.termDocs = db.prepare('SELECT docs FROM vocab WHERE term = ?').pluck() as Statement<[string], number | undefined>;
    this.specialSpellings = db.prepare(VOCABULARY_QUERIES.special).pluck() as Statement<[string], string>;
    this.addSpecialTerm = db.prepare('INSERT OR IGNORE INTO special_terms (slug, term) VALUES (?, ?)');
    this.addTerm = db.prepare(
      'INSERT INTO vocab (term, head, len, docs) VALUES (?, ?, ?, ?) ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs',
    );
  }

  /** A query word with its bounded prefix expansion (typo corrections are looked up later, if needed). */
  expand(word: string): ExpandedWord {
    const exactTerms = singularForms(word);
    const exactBound = exactTerms.reduce((total, term) => total + this.docsOf(term), 0);
    // Letters as SQLite and FTS5 count them (a letter outside the BMP is one, not two).
    const letters = [...word];
    if (letters.length <= PREFIX_INDEX_MAX_LENGTH) {
      return { word, terms: null, exactTerms, phrase: null, isTruncated: false, bound: Number.POSITIVE_INFINITY, typoTerms: [] };
    }
    const rows = this.prefixTerms(word, letters.slice(0, PREFIX_HEAD_LENGTH).join(''));
    const kept = rows.slice(0, MAX_PREFIX_TERMS);
    return {
      word,
      terms: kept.map((row) => row.term),
      exactTerms,
      phrase: null,
      isTruncated: rows.length > MAX_PREFIX_TERMS,
      bound: kept.reduce((total, row) => total + row.docs, 0) + exactBound,
      typoTerms: [],
    };
  }

  /**
   * Terms starting with `word`, the most frequent first (then in alphabetical order), among them its
   * {@link MAX_PREFIX_TERMS} most frequent; more than that many when it has more. Reads at most
   * {@link PREFIX_SCAN_LIMIT} + 1 terms of the prefix's key range and, when the prefix has more
   * than {@link PREFIX_SCAN_LIMIT}, at most {@link HEAD_SCAN_LIMIT} terms of its head (its first
   * four letters) in frequency order (vocab_prefix), keeping those that start with the word. A term vocab_prefix leaves out is held by one document, as few as
   * any, so the range's terms complete the choice. The choice is exact unless the head read stops
   * at its limit before it has {@link MAX_PREFIX_TERMS} terms (a word of five letters or more whose
   * head has more than {@link HEAD_SCAN_LIMIT} terms, most more frequent than the word's): then it
   * holds the word's most frequent terms down to the count of the last term read, then the range's.
   */
  private prefixTerms(word: string, head: string): TermRow[] {
    const end = prefixEnd(word);
    const rows = this.prefixRange.all(word, end, PREFIX_SCAN_LIMIT + 1);
    if (rows.length > PREFIX_SCAN_LIMIT) {
      const inRange = new Set(rows.map((row) => row.term));
      for (const row of this.frequentOfHead.all(head, HEAD_SCAN_LIMIT, word, end, MAX_PREFIX_TERMS)) if (!inRange.has(row.term)) rows.push(row);
    }
    return rows.sort((a, b) => b.docs - a.docs || (a.term < b.term ? -1 : 1));
  }

  /**
   * A word of a synonym phrase, matched as a whole word: the canonical singular and those of its
   * plurals the index holds without it ("car" → "car", "cars"; never "carpet" as a prefix would).
   */
  whole(word: string): ExpandedWord {
    const forms = [word, ...prefixPlurals(word)].map((term) => ({ term, docs: this.docsOf(term) }));
    const held = forms.filter((form, index) => index === 0 || form.docs > 0);
    return {
      word,
      terms: held.map((form) => form.term),
      exactTerms: singularForms(word),
      phrase: null,
      isTruncated: false,
      bound: held.reduce((total, form) => total + form.docs, 0),
      typoTerms: [],
    };
  }

  /**
   * A word typed as one that the index holds as two ("bookstore": "book store", "carwash"): the
   * phrase of the two terms it splits into, each of {@link MIN_SPLIT_PART} letters or more and held
   * by {@link MIN_SPLIT_DOCS} documents or more, the split whose rarer term is the most frequent
   * (Meilisearch's split queries do the same; the second term may be the singular of what was
   * typed); null when there is none. A phrase keeps the two words side by side: "carpet" is never
   * "car … pet". Costs up to three term look-ups a place to split.
   */
  split(word: string): ExpandedWord | null {
    if (word.length < 2 * MIN_SPLIT_PART || word.length > MAX_SPLIT_LENGTH || !/^[a-z]+$/.test(word)) return null;
    let best: { left: string; right: string; docs: number } | null = null;
    for (let at = MIN_SPLIT_PART; at <= word.length - MIN_SPLIT_PART; at += 1) {
      const left = word.slice(0, at);
      const leftDocs = this.docsOf(left);
      if (leftDocs < MIN_SPLIT_DOCS) continue;
      // A plural typed at the end may be held in the singular ("barbershops": "barber shop").
      for (const right of new Set([word.slice(at), singularOf(word.slice(at))])) {
        const docs = Math.min(leftDocs, this.docsOf(right));
        if (docs >= MIN_SPLIT_DOCS && (best === null || docs > best.docs)) best = { left, right, docs };
      }
    }
    if (best === null) return null;
    const phrase = `${best.left} ${best.right}`;
    // The parts are what a highlight marks; the phrase is what the ranker finds in a text.
    return { word: phrase, terms: [], exactTerms: [best.left, best.right], phrase, isTruncated: false, bound: best.docs, typoTerms: [] };
  }

  /** A CJK word: the phrase of its bigrams (a substring of the indexed names). */
  expandUnspaced(word: string): ExpandedWord {
    const pieces = bigrams(word);
    const bound = Math.min(...pieces.map((piece) => this.docsOf(piece)));
    return { word, terms: [], exactTerms: [], phrase: pieces.join(' '), isTruncated: false, bound, typoTerms: [] };
  }

  /**
   * Vocabulary terms within the word's typo budget, closest and most frequent first. Terms share
   * the word's first letter; a long word's may also differ in it (then the terms read are those
   * whose first or second letter is one of the word's first two letters, fewer of them).
   */
  typoTerms(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0 || /^\d+$/.test(word)) return [];
    const found = new Map<string, { term: string; distance: number; docs: number }>();
    const consider = (rows: TermValues[]) => {
      for (const [term, docs] of rows) {
        if (term.startsWith(word) || found.has(term)) continue; // the prefix match already finds it
        const distance = typoDistance(word, term, budget);
        if (distance <= budget) found.set(term, { term, distance, docs });
      }
    };
    const letters = [...word];
    const [first = '', second = ''] = letters;
    for (let length = letters.length - budget; length <= letters.length + budget; length += 1) {
      consider(this.frequent('first', first, length, TYPO_SCAN_PER_LENGTH));
      if (letters.length < LONG_WORD) continue;
      // Another first letter (its second one kept), one letter too many in front, or the first one missing.
      consider(this.frequent('second', second, length, FIRST_LETTER_SCAN_PER_LENGTH).filter(([term]) => term.charAt(0) !== first));
      consider(this.frequent('first', second, length, FIRST_LETTER_SCAN_PER_LENGTH));
      consider(this.frequent('second', first, length, FIRST_LETTER_SCAN_PER_LENGTH).filter(([term]) => term.charAt(0) !== first));
    }
    return [...found.values()]
      .sort((a, b) => a.distance - b.distance || b.docs - a.docs)
      .slice(0, MAX_TYPO_TERMS)
      .map((entry) => entry.term);
  }

  /**
   * The most frequent terms of one length whose first (or second) letter is `letter`, kept until
   * {@link forget}: every typo correction of a word reads the same few ranges (the letters and
   * lengths around it).
   */
  private frequent(place: 'first' | 'second', letter: string, length: number, limit: number): TermValues[] {
    const key = `${place}\u0000${letter}\u0000${length}\u0000${limit}`;
    let rows = this.frequentRanges.get(key);
    if (rows === undefined) {
      if (this.frequentRanges.size >= MAX_FREQUENT_RANGES) this.frequentRanges.clear();
      rows = (place === 'first' ? this.frequentOfLength : this.frequentOfSecond).all(letter, length, limit);
      this.frequentRanges.set(key, rows);
    }
    return rows;
  }

  /** Forgets the ranges read for typo corrections (the index changed: counts and terms may have). */
  forget(): void {
    this.frequentRanges.clear();
  }

  /**
   * How many documents hold the term, or more: counts are exact at a rebuild and only ever
   * incremented by incremental changes, so they stay an upper bound.
   */
  docsOf(term: string): number {
    return this.termDocs.get(term) ?? 0;
  }

  /** The terms with a letter slugs spell otherwise (ø, ß, æ, …) whose slug is this one: one key range. */
  specialSpellingsOf(slug: string): string[] {
    return this.specialSpellings.all(slug);
  }

  /**
   * Counts one more document holding each of these terms (incremental changes). The counts are
   * summed in memory and written by {@link flushAdded}, one row update per distinct term of a
   * batch: the terms of a batch's documents repeat a lot (categories, cities, common words).
   */
  add(terms: Iterable<string>): void {
    for (const term of terms) this.added.set(term, (this.added.get(term) ?? 0) + 1);
  }

  /** Writes the counts summed by {@link add} (inside the batch's transaction). */
  flushAdded(): void {
    for (const [term, docs] of this.added) {
      // The first letter and the letter count as the rebuild's SQL stores them (substr, length: a letter outside the BMP is one).
      const letters = [...term];
      this.addTerm.run(term, letters[0]!, letters.length, docs);
      if (hasSpecialLetter(term)) this.addSpecialTerm.run(slugify(term), term);
    }
    this.added.clear();
  }
}
