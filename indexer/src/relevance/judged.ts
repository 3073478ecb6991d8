/**
 * A judged query of the relevance set: what a visitor types, and the businesses a person would
 * expect, computed from the record by SQL (never from an engine), so a change that makes search
 * worse fails `npm test` instead of passing quietly.
 */
import type Database from 'better-sqlite3';
import type { SearchRequest } from '../search-types.ts';

/** The point of the search issue a query covers; the printed table groups figures by it. */
export type JudgedPoint =
  | 'plural'
  | 'synonym'
  | 'typo'
  | 'fallback'
  | 'ranking'
  | 'place'
  | 'postal'
  | 'distance'
  | 'phone'
  | 'street'
  | 'script'
  | 'cjk'
  | 'prefix'
  | 'accent'
  | 'joined';

/** What the record says the answer is. */
export interface JudgedAnswer {
  /** Public business ids that answer the query, best first when `isOrdered`. */
  relevant: number[];
  /** True when the order of `relevant` is the expected ranking (nDCG is then computed against it). */
  isOrdered: boolean;
}

export interface JudgedQuery {
  /** Unique and readable: `plural-bakeries-in-lyon`. */
  id: string;
  point: JudgedPoint;
  /** The request as the search page sends it (page 1; `perPage` sets the cut-off of recall@k). */
  request: Omit<SearchRequest, 'page' | 'perPage'> & { perPage?: number };
  /** Computed from the record by SQL. */
  expected(record: Database.Database): JudgedAnswer;
  /**
   * A category query's judged categories: page-1 precision is then measured, the share of the
   * page's hits the record files under one of them.
   */
  categories?: string[];
  /** Share of `relevant` (capped at the page size) that must appear on page 1. */
  minRecall: number;
  /** Asserted only when the answer is ordered. */
  minNdcg?: number;
  /** When set: the search must say it dropped these words (no business matched them all). */
  droppedWords?: string[];
}
