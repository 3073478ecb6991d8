import { formatNumber } from '../lib/format.ts';

/** Where the current page stands in a list: its first and last item (1-based) and the whole count. */
export interface ListRange {
  first: number;
  last: number;
  total: number;
}

/** "Showing 13 to 24 of 40 categories", for a line of its own. */
export function ShowingRangeText({ range, noun }: { range: ListRange; noun: string }) {
  return (
    <>
      Showing <strong>{formatNumber(range.first)}</strong> to <strong>{formatNumber(range.last)}</strong> of{' '}
      <strong>{formatNumber(range.total)}</strong> {noun}
    </>
  );
}

/** The live summary line above a filtered list; empty while nothing matches, so a new count is announced. */
export function ShowingRange({ range, noun }: { range: ListRange; noun: string }) {
  return (
    <p className="browse-summary" aria-live="polite">
      {range.total > 0 && <ShowingRangeText range={range} noun={noun} />}
    </p>
  );
}
