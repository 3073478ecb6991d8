/**
 * The documents one search on the embedded engine holds: each candidate's sort keys, read from
 * the in-memory columns (doc-columns.ts), the order of each sort, and the bounded read that turns
 * positions from an ordered source into candidates passing the conditions: at most
 * {@link SCAN_LIMIT} positions a read, at most {@link CANDIDATE_LIMIT} kept.
 */
import type { SearchRequest } from '../search-types.ts';
import type { DocColumns } from './doc-columns.ts';
import type { Conditions } from './search-conditions.ts';
import type { DocRow } from './sqlite-engine.ts';

/** Most documents one search keeps, ranks, counts into facets and pages through. */
export const CANDIDATE_LIMIT = 500;
/** Most rows one driver reads to find its candidates (rows failing a filter included). */
export const SCAN_LIMIT = 10_000;
/** How many positions a driver reads first when conditions may reject some, per candidate it keeps (then up to {@link SCAN_LIMIT}). */
const FIRST_READ_PER_KEPT = 4;

/**
 * The columns sorting, facets and distances need, taken for every candidate from the in-memory
 * columns (doc-columns.ts); the texts ranking by field needs, for the ranked few only (see
 * textRow in search-ranking.ts); full rows from `docs` for the page only.
 */
export type CandidateRow = Pick<DocRow, 'pos' | 'rating' | 'reviews' | 'latitude' | 'longitude'>;

/** A document a search found, with what ranks it. */
export interface Candidate {
  row: CandidateRow;
  typoTier: number;
  columnTier: number;
  distanceKm: number | null;
}

/** What a driver found: at most {@link CANDIDATE_LIMIT} rows (SCAN_LIMIT for a narrow filter's distance sort), and whether it stopped at a bound. */
export interface Found {
  rows: CandidateRow[];
  isCapped: boolean;
  /** How many documents match, when known besides the rows (a distance walk reads only the nearest). */
  matched?: MatchCount;
}

/** A number of matching documents: exact, or a lower bound. */
export interface MatchCount {
  count: number;
  isExact: boolean;
}

export function toCandidate(row: CandidateRow, typoTier: number, columnTier: number): Candidate {
  return { row, typoTier, columnTier, distanceKm: null };
}

export function comparator(sort: NonNullable<SearchRequest['sort']>): (a: Candidate, b: Candidate) => number {
  const byPopularity = (a: Candidate, b: Candidate) => a.row.pos - b.row.pos;
  switch (sort) {
    case 'relevance':
      return (a, b) => a.typoTier - b.typoTier || b.columnTier - a.columnTier || byPopularity(a, b);
    case 'rating':
      return (a, b) => (b.row.rating ?? -1) - (a.row.rating ?? -1) || b.row.reviews - a.row.reviews || byPopularity(a, b);
    case 'reviews':
      return (a, b) => b.row.reviews - a.row.reviews || byPopularity(a, b);
    case 'distance':
      return (a, b) => (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) || byPopularity(a, b);
  }
}

export function candidateRow(columns: DocColumns, pos: number): CandidateRow {
  return {
    pos,
    rating: columns.number('rating', pos),
    reviews: columns.reviews[pos]!,
    latitude: columns.number('latitude', pos),
    longitude: columns.number('longitude', pos),
  };
}

/** The candidate columns of these documents (each once, in position order), when they pass the conditions. */
export function rowsAt(columns: DocColumns, positions: number[], conditions: Conditions): CandidateRow[] {
  return rowsIn(columns, [...new Set(positions)].sort((a, b) => a - b), conditions, Number.POSITIVE_INFINITY);
}

/** The candidate columns of the first `keep` of these positions (in their order) that hold a document passing the conditions. */
export function rowsIn(columns: DocColumns, positions: number[], conditions: Conditions, keep: number): CandidateRow[] {
  const rows: CandidateRow[] = [];
  for (const pos of positions) {
    if (rows.length >= keep) break;
    if (columns.has(pos) && conditions.passes(pos)) rows.push(candidateRow(columns, pos));
  }
  return rows;
}

/** How many of these positions hold a document passing the conditions, counting up to `limit`. */
export function countPassing(columns: DocColumns, positions: number[], conditions: Conditions, limit: number): number {
  let count = 0;
  for (const pos of positions) {
    if (count >= limit) break;
    if (columns.has(pos) && conditions.passes(pos)) count += 1;
  }
  return count;
}

/**
 * The first `keep` positions a source yields (in its order) that pass the conditions, reading at
 * most {@link SCAN_LIMIT}: `keep` when nothing can fail, else {@link FIRST_READ_PER_KEPT} per kept
 * first and the rest of the bound only when those did not do. `isScanCapped`: the bound was reached.
 */
export function firstPassing(columns: DocColumns, read: (limit: number) => number[], conditions: Conditions, keep: number): { rows: CandidateRow[]; isScanCapped: boolean } {
  let limit = Math.min(SCAN_LIMIT, conditions.isEmpty ? keep : FIRST_READ_PER_KEPT * keep);
  for (;;) {
    const positions = read(limit);
    const rows = rowsIn(columns, positions, conditions, keep);
    if (rows.length >= keep || positions.length < limit || limit === SCAN_LIMIT) return { rows, isScanCapped: positions.length >= SCAN_LIMIT };
    limit = SCAN_LIMIT;
  }
}

