/**
 * The filters of a search on the embedded engine, as it applies them: each a test of a
 * candidate's in-memory columns by position (doc-columns.ts: a few array reads, exact), and each
 * category, country or city filter also as a dimension a driver can read in popularity order
 * through its docs index, counted by the aggregate tables.
 */
import { boxOf, distanceKm } from '../geo-distance.ts';
import { isOpenAt, minuteOfWeekCache } from '../search-hours.ts';
import { isGeoRadius, type CityRef, type FacetName, type GeoFilter } from '../search-types.ts';
import { NONE, type DocColumns, type StringColumn } from './doc-columns.ts';

/** The filters a candidate must pass, each a test of its in-memory columns (doc-columns.ts) by position. */
export class Conditions {
  readonly tests: ((pos: number) => boolean)[] = [];

  add(test: (pos: number) => boolean): void {
    this.tests.push(test);
  }

  get isEmpty(): boolean {
    return this.tests.length === 0;
  }

  passes(pos: number): boolean {
    for (const test of this.tests) if (!test(pos)) return false;
    return true;
  }
}

/** A test that no document passes (a filter value no document holds). */
export const NOTHING = () => false;

/** A test that a string column holds one of `values` (values no document holds match nothing). */
export function holdsOneOf(columns: DocColumns, column: StringColumn, values: string[]): (pos: number) => boolean {
  const ids = new Set(values.map((value) => columns.strings[column].find(value)).filter((id) => id !== NONE));
  const held = columns.ids[column];
  if (ids.size === 0) return NOTHING;
  if (ids.size === 1) {
    const [id] = ids;
    return (pos) => held[pos] === id;
  }
  return (pos) => ids.has(held[pos]!);
}

/** One category, country or city filter (its values combine with OR), as a driver can read it. */
export interface Dimension {
  facet: FacetName;
  /** Category slugs, upper-case country codes, or cities. */
  values: string[] | CityRef[];
  /** How many documents it admits, from the aggregate tables. */
  count: number;
  /** The same filter as a full-text column phrase (a superset), null when a value has no text. */
  phrase: string | null;
  /** At most this many documents match the phrase (from the vocabulary counts). */
  phraseBound: number;
}

/** Document positions in popularity order from a docs index, and how many there are (from the aggregates). */
export interface Stream {
  sql: string;
  params: unknown[];
  count: number;
}

/**
 * The documents of one filter in popularity order, through its docs index: one index range per
 * value, merged (UNION ALL under ORDER BY pos merges the ranges, each already in pos order,
 * instead of sorting them).
 */
export function dimensionStream(dimension: Dimension): Stream {
  let arms: { sql: string; params: unknown[] }[];
  if (dimension.facet === 'category') {
    arms = (dimension.values as string[]).map((slug) => ({ sql: 'SELECT pos FROM docs INDEXED BY docs_category WHERE category_slug = ?', params: [slug] }));
  } else if (dimension.facet === 'country') {
    arms = (dimension.values as string[]).map((code) => ({ sql: 'SELECT pos FROM docs INDEXED BY docs_country WHERE country_code = ?', params: [code] }));
  } else {
    arms = (dimension.values as CityRef[]).map((city) => ({
      sql: 'SELECT pos FROM docs INDEXED BY docs_country_city WHERE country_code = ? AND city_slug = ?',
      params: [city.countryCode, city.citySlug],
    }));
  }
  return { sql: `${arms.map((arm) => arm.sql).join(' UNION ALL ')} ORDER BY pos`, params: arms.flatMap((arm) => arm.params), count: dimension.count };
}

/** Box (and radius) conditions checked on the columns, whatever drives. */
export function addGeoConditions(conditions: Conditions, columns: DocColumns, geo: GeoFilter): void {
  const { south, north, west, east } = boxOf(geo);
  const { latitude, longitude } = columns.numbers;
  // Unknown coordinates are NaN: they fail every comparison.
  conditions.add((pos) => latitude[pos]! >= south && latitude[pos]! <= north);
  if (west <= east) conditions.add((pos) => longitude[pos]! >= west && longitude[pos]! <= east);
  else conditions.add((pos) => longitude[pos]! >= west || longitude[pos]! <= east);
  if (isGeoRadius(geo)) conditions.add((pos) => distanceKm(latitude[pos]!, longitude[pos]!, geo.lat, geo.lng) <= geo.radiusKm);
}

/** Open at `now` in the document's own time zone; unknown hours or zone never count as open. */
export function openAt(columns: DocColumns, now: Date): (pos: number) => boolean {
  const minuteIn = minuteOfWeekCache(now);
  return (pos) => {
    const hours = columns.text('hours', pos);
    const zone = columns.text('zone', pos);
    if (hours === null || zone === null) return false;
    const minute = minuteIn(zone);
    return minute !== null && isOpenAt(hours, minute);
  };
}
