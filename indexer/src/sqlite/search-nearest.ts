/**
 * The nearest candidates of a distance sort on the embedded engine: a nearest-first walk of the
 * R*Tree over the documents passing the conditions, and, with words, the nearest matches (a walk
 * through the grid cells the full-text index holds, probes of FTS5 for nearby entries, or the
 * match's positions read once and tested entry by entry), with the number of matches when the
 * walk stops at the page. Bounded by the constants below and SCAN_LIMIT (search-candidates.ts);
 * the geometry of the walks is in search-geo.ts.
 */
import { boxAround, distanceKm } from '../geo-distance.ts';
import type { GeoPoint } from '../search-types.ts';
import type { DocColumns } from './doc-columns.ts';
import type { DocDensity } from './doc-density.ts';
import { CANDIDATE_LIMIT, SCAN_LIMIT, countPassing, rowsAt, type CandidateRow, type Found, type MatchCount } from './search-candidates.ts';
import type { Conditions } from './search-conditions.ts';
import { coveredRadiusKm, coveringCells, nearestFirst, rtreeBox } from './search-geo.ts';
import { quote } from './search-text.ts';

/** Most positions of a full-text match a distance sort walks the R*Tree for (the most popular ones beyond are not seen). */
const MATCH_SET_LIMIT = 250_000;
/**
 * A distance sort whose words match this many documents or more asks FTS5 about nearby entries
 * before reading the match's positions (about 0.16 us each at 1M: 8 ms here; a probe costs about
 * 5 us a term).
 */
const PROBE_FROM = 50_000;
/** Most R*Tree entries a box of such a walk may hold (each one a probe), times the terms of the expression. */
const PROBE_TERM_BUDGET = 2_000;
/** Fewer probes than this a box are not worth trying (an expression of many terms: its match is read). */
const MIN_PROBES = 200;
/** The first positions of a full-text match, in popularity order. */
export const MATCH_POSITIONS_SQL = 'SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?';
/** Which of these positions match an FTS5 expression (one probe of its doclists each). */
const PROBE_SQL = 'SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))';
/** The matches of an FTS5 expression in some grid cells (the expression ANDed with the cells' tokens). */
export const CELL_MATCH_SQL = 'SELECT rowid AS pos FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?';
/** A distance sort with conditions reads a match this small whole, for an exact total. */
const SMALL_MATCH = 1_000;
/** Radius of the first ring of a walk through the grid cells when the size of the match is unknown, and the least a first ring has. */
const FIRST_CELL_RING_KM = 1;
/** A distance sort's total is counted by FTS5 up to this many matches (past it, a flagged lower bound). */
export const DISTANCE_COUNT_LIMIT = 1_000;
/** Rings one such walk reads at most (each at least {@link MIN_RING_GROWTH} times wider). */
const MAX_CELL_RINGS = 16;
const MIN_RING_GROWTH = 1.5;
/** Pages of matches a ring of such a walk is aimed to hold (the estimate is rough; a ring too short costs one more). */
const RING_AIM = 1.5;
/** Most matches one ring of such a walk reads (a ring denser than this is walked another way). */
const CELL_ROWS_LIMIT = 2_000;

/** A test a nearest-first walk applies to the positions it reads: the ones that match, and how many entries a box may hold. */
interface Membership {
  keep: (positions: number[]) => number[];
  scanLimit: number;
}

/** Document positions of a full-text match, for membership tests without a Set of 100,000+ entries. */
class SortedPositions {
  constructor(private readonly sorted: number[]) {
    // FTS5 yields rowids in ascending order; sorting is only a guard.
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i - 1]! > sorted[i]!) {
        sorted.sort((a, b) => a - b);
        break;
      }
    }
  }

  has(pos: number): boolean {
    let low = 0;
    let high = this.sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.sorted[middle]!;
      if (value === pos) return true;
      if (value < pos) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/** What the walks read through the searcher: its statements, the columns and density as the search brought them up to date, and how many documents there are. */
export interface WalkReads {
  /** The first column of every row of a statement, as plain values. */
  column(sql: string, params: unknown[]): number[];
  columns(): DocColumns;
  density(): DocDensity;
  documents(): number;
}

/** The walks of a distance sort on one index (what they read comes through {@link WalkReads}). */
export class NearestWalks {
  constructor(private readonly reads: WalkReads) {}

  /**
   * Nearest-first walk over every document passing the conditions (and the membership test, when
   * given: it keeps the positions that match, and says how many entries a box may hold), until
   * `want` are found.
   */
  nearestFirst(point: GeoPoint, maxKm: number, conditions: Conditions, want = CANDIDATE_LIMIT, membership?: Membership): Found {
    return nearestFirst<CandidateRow>(point, maxKm, want, membership?.scanLimit ?? SCAN_LIMIT, {
      positionsInBox: (box, limit, readBefore) => {
        const rtree = rtreeBox(box);
        // The entries read before are skipped inside SQLite (the R*Tree cannot exclude a box itself).
        const before = readBefore === null ? null : rtreeBox(readBefore);
        return this.reads.column(`SELECT pos FROM docs_geo g WHERE ${rtree.sql} ${before ? `AND NOT (${before.sql})` : ''} LIMIT ?`, [
          ...rtree.params,
          ...(before?.params ?? []),
          limit,
        ]);
      },
      rowsOf: (positions) => rowsAt(this.reads.columns(), membership ? membership.keep(positions) : positions, conditions),
      coordinates: (row) => (row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null),
    });
  }

  /**
   * The matches of a distance sort: the nearest ones, not the nearest of the most popular. A
   * match of more than {@link CANDIDATE_LIMIT} documents (or of unknown size) is first looked
   * for in the grid cells around the point ({@link cellWalk}). When that walk cannot end (a
   * ring too dense, or one that needs most of the Earth), a match of {@link PROBE_FROM} documents or more (by the vocabulary counts, or by reading that
   * many positions of a 2-3 letter prefix, whose count is unknown) is first walked nearest-first
   * asking FTS5 about each R*Tree entry, at most {@link PROBE_TERM_BUDGET} term look-ups a box:
   * its positions would cost more to read than the few hundred nearby entries that hold a page of
   * them. Otherwise, or when that walk ends short of the page, the match's positions (up to
   * {@link MATCH_SET_LIMIT}) are read once, as plain numbers. A sparse match (up to
   * √(page × documents) positions, at least {@link CANDIDATE_LIMIT}, at most {@link SCAN_LIMIT})
   * is all read (every match is then a candidate); a denser one walks the R*Tree nearest-first,
   * testing each entry against the positions, and only the matches within the circle that fills
   * the page are read. The total then comes from the positions.
   */
  nearestMatches(
    expression: string,
    point: GeoPoint,
    maxKm: number,
    conditions: Conditions,
    pageEnd: number,
    bound: number,
    isProbeAllowed: boolean,
  ): Found {
    const want = Math.min(pageEnd, CANDIDATE_LIMIT);
    // With conditions, only the rows tell how many matches pass them: a small match is read whole below (exact total).
    const isSmall = !conditions.isEmpty && this.countUpTo(expression, SMALL_MATCH + 1) <= SMALL_MATCH;
    if (bound > CANDIDATE_LIMIT && !isSmall) {
      const walked = this.cellWalk(expression, point, maxKm, conditions, want, bound);
      if (walked) return walked;
    }
    // A probe seeks in the doclist of every term of the expression.
    const probesPerBox = Math.floor(PROBE_TERM_BUDGET / (expression.match(/"[^"]*"/g)?.length ?? 1));
    const canProbe = isProbeAllowed && probesPerBox >= MIN_PROBES && bound >= PROBE_FROM;
    const probeWalk = (): Found | null => {
      const keep = (positions: number[]) => this.reads.column(PROBE_SQL, [expression, JSON.stringify(positions)]);
      const probed = this.nearestFirst(point, maxKm, conditions, want, { keep, scanLimit: probesPerBox });
      if (!probed.isCapped) return probed;
      return probed.rows.length >= want ? { ...probed, matched: this.countFirstMatches(expression, conditions) } : null;
    };
    if (canProbe && Number.isFinite(bound)) {
      const probed = probeWalk();
      if (probed) return probed;
    }
    // Plain numbers, not row objects: at 1M a broad word has 100,000+ matches, and an object per match cost 7x the read itself.
    const readPositions = (limit: number) => this.reads.column(MATCH_POSITIONS_SQL, [expression, limit + 1]);
    // A 2-3 letter prefix ("toy", "car") may be rare or broad: its first PROBE_FROM positions tell.
    const isUnknown = canProbe && !Number.isFinite(bound);
    let positions = readPositions(isUnknown ? PROBE_FROM : MATCH_SET_LIMIT);
    if (isUnknown && positions.length > PROBE_FROM) {
      const probed = probeWalk();
      if (probed) return probed;
      positions = readPositions(MATCH_SET_LIMIT);
    }
    // A walk reads about want × documents / matches R*Tree entries to fill the page: a match of
    // fewer positions than that (√(want × documents)) is cheaper read whole (its facets and total are exact).
    const documents = this.reads.documents();
    if (positions.length <= Math.min(SCAN_LIMIT, Math.max(CANDIDATE_LIMIT, Math.sqrt(want * documents)))) {
      return { rows: rowsAt(this.reads.columns(), positions, conditions), isCapped: false };
    }
    const isTruncated = positions.length > MATCH_SET_LIMIT;
    if (isTruncated) positions.length = MATCH_SET_LIMIT;
    const matches = new SortedPositions(positions);
    // With the match in memory an entry costs a set lookup, not a document read: denser boxes can be read.
    const found = this.nearestFirst(point, maxKm, conditions, want, { keep: (entries) => entries.filter((pos) => matches.has(pos)), scanLimit: 5 * SCAN_LIMIT });
    // Rings too dense to read ended the walk short of the page: few enough matches are read whole instead.
    if (found.isCapped && found.rows.length < want && positions.length <= SCAN_LIMIT) return { rows: rowsAt(this.reads.columns(), positions, conditions), isCapped: false };
    return { rows: found.rows, isCapped: found.isCapped || isTruncated, matched: this.countMatches(expression, positions, isTruncated, conditions) };
  }

  /**
   * Nearest-first walk through the grid cells of the index: circles around the point, growing
   * until one holds `want` matches that pass the conditions, or reaches `maxKm`. Each ring asks
   * FTS5 for the matches in the cells covering the circle's box (the words and the cells are
   * intersected there, no match outside them is read), then reads the rows of those not read
   * before. Every match nearer than the edges of the cells (the circle at least) is in them, so
   * the rows within that reach are exactly the nearest. Null when a ring would read more than {@link CELL_ROWS_LIMIT} rows or needs most
   * of the Earth (the caller then reads the match another way).
   *
   * Each ring is aimed at the radius whose documents ({@link DocDensity}) times the share of them
   * that match should hold {@link RING_AIM} pages: the first by the vocabulary's bound of the
   * match (an upper bound: it aims short rather than far), the next ones by the share the rings
   * so far found.
   */
  private cellWalk(expression: string, point: GeoPoint, maxKm: number, conditions: Conditions, want: number, bound: number): Found | null {
    // Rows read so far by position (null: failed a condition), each once whatever the rings.
    const checked = new Map<number, CandidateRow | null>();
    const density = this.reads.density();
    const documents = this.reads.documents();
    const aimed = (share: number, fromKm: number) => density.radiusHolding(point, (RING_AIM * want) / share, fromKm, maxKm);
    let radius = Number.isFinite(bound) && bound > 0 && documents > 0 ? aimed(Math.min(1, bound / documents), FIRST_CELL_RING_KM) : FIRST_CELL_RING_KM;
    radius = Math.min(radius, maxKm);
    for (let ring = 0; ring < MAX_CELL_RINGS; ring += 1) {
      const cover = coveringCells(boxAround(point, radius));
      if (cover === null) return null;
      const positions = this.reads.column(CELL_MATCH_SQL, [`(${expression}) AND (${cover.tokens.map(quote).join(' OR ')})`, CELL_ROWS_LIMIT + 1]);
      if (positions.length > CELL_ROWS_LIMIT) return null;
      const fresh = positions.filter((pos) => !checked.has(pos));
      for (const pos of fresh) checked.set(pos, null);
      for (const row of rowsAt(this.reads.columns(), fresh, conditions)) checked.set(row.pos, row);
      // The cells reach past the circle: every match nearer than their edges has been read too.
      const reach = Math.min(maxKm, Math.max(radius, coveredRadiusKm(point, cover)));
      const rows = [...checked.values()].filter(
        (row): row is CandidateRow =>
          row !== null && row.latitude !== null && row.longitude !== null && distanceKm(point.lat, point.lng, row.latitude, row.longitude) <= reach,
      );
      if (reach >= maxKm) return { rows, isCapped: false };
      if (rows.length >= want) {
        // Without conditions FTS5 counts the match (no row read), exact below DISTANCE_COUNT_LIMIT; with them, the rows read that pass are a lower bound.
        const count = conditions.isEmpty ? this.countUpTo(expression, DISTANCE_COUNT_LIMIT) : [...checked.values()].filter((row) => row !== null).length;
        return { rows, isCapped: true, matched: { count, isExact: conditions.isEmpty && count < DISTANCE_COUNT_LIMIT } };
      }
      // Aim the next ring by the share of the documents within reach that matched; a ring that found
      // nothing new says the matches around are sparse (a ring costs about a read of the match).
      const share = rows.length / Math.max(1, density.docsWithin(point, reach));
      radius = rows.length === 0 || fresh.length === 0 ? Math.min(maxKm, reach * 4) : aimed(share, Math.min(maxKm, reach * MIN_RING_GROWTH));
    }
    return null;
  }

  /** How many documents match an FTS5 expression, counting up to `limit` (inside FTS5: no row is read). */
  private countUpTo(expression: string, limit: number): number {
    return this.reads.column('SELECT count(*) FROM (SELECT 1 FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?)', [expression, limit])[0]!;
  }

  /**
   * How many documents of a match (its positions read) pass the conditions: exact when at most
   * {@link SCAN_LIMIT} matched, otherwise a lower bound of at most {@link CANDIDATE_LIMIT} from
   * the first SCAN_LIMIT matches.
   */
  private countMatches(expression: string, positions: number[], isTruncated: boolean, conditions: Conditions): MatchCount {
    if (conditions.isEmpty) return { count: positions.length, isExact: !isTruncated };
    if (positions.length <= SCAN_LIMIT) return { count: countPassing(this.reads.columns(), positions, conditions, Number.POSITIVE_INFINITY), isExact: !isTruncated };
    return this.countFirstMatches(expression, conditions);
  }

  /** A lower bound of the matches passing the conditions: at most {@link CANDIDATE_LIMIT}, among the first {@link SCAN_LIMIT} matches. */
  private countFirstMatches(expression: string, conditions: Conditions): MatchCount {
    return { count: countPassing(this.reads.columns(), this.reads.column(MATCH_POSITIONS_SQL, [expression, SCAN_LIMIT]), conditions, CANDIDATE_LIMIT), isExact: false };
  }
}
