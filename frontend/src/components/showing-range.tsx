import { formatNumber } from '../lib/format.ts';

/** Where the current page stands in a list: its first and last item (1-based) and the whole count. */
export interface ListRange {
  first: number;
  last: number;
  total: number;
}

/** The noun of a list in both numbers: `['city', 'cities']`. */
export type Noun = readonly [one: string, many: string];

/** How the two ends of a range are joined: " to " on most lists, "-" or " - " where the spec writes so. */
export type RangeSeparator = ' to ' | '-' | ' - ';

/**
 * The parts of "Showing 13 to 24 of 40 categories": one number instead of a range when the page
 * holds one item ("Showing 25 of 25 cities"), and the noun in the singular for a total of one
 * ("Showing 1 of 1 city"). Empty for an empty list.
 */
export function describeRange(range: ListRange, noun: Noun, separator: RangeSeparator = ' to '): { shown: string; total: string; noun: string } | null {
  if (range.total <= 0 || range.first <= 0 || range.last < range.first) return null;
  const shown = range.first === range.last ? formatNumber(range.first) : `${formatNumber(range.first)}${separator}${formatNumber(range.last)}`;
  return { shown, total: formatNumber(range.total), noun: range.total === 1 ? noun[0] : noun[1] };
}

/** "Showing 13 to 24 of 40 categories", for a line of its own. */
export function ShowingRangeText({ range, noun, separator }: { range: ListRange; noun: Noun; separator?: RangeSeparator }) {
  const parts = describeRange(range, noun, separator);
  if (!parts) return null;
  return (
    <>
      Showing <strong>{parts.shown}</strong> of <strong>{parts.total}</strong> {parts.noun}
    </>
  );
}

/** The live summary line above a filtered list; empty while nothing matches, so a new count is announced. */
export function ShowingRange({ range, noun, separator }: { range: ListRange; noun: Noun; separator?: RangeSeparator }) {
  return (
    <p className="browse-summary" aria-live="polite">
      <ShowingRangeText range={range} noun={noun} separator={separator} />
    </p>
  );
}
