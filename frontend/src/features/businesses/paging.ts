/** The business list: 20 a page, at most 100 pages (visitor spec, section 9). */
export const BUSINESS_PAGE_SIZE = 20;
export const BUSINESS_MAX_PAGE = 100;

/**
 * `?page=` as a whole number: past page 100 it is past the end of the list, so page 100 (the
 * loader then shows the last page there is); anything that is not a whole number from 1 is page 1.
 */
export function businessPageFromQuery(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? Math.min(page, BUSINESS_MAX_PAGE) : 1;
}

/** Pages the visitor may reach: what exists, capped at 100. */
export const reachablePages = (totalPages: number) => Math.min(totalPages, BUSINESS_MAX_PAGE);

/** 1-based positions of the first and last business on `page` ("Showing 21-40 of N"). */
export function showingRange(page: number, perPage: number, shown: number): { first: number; last: number } {
  if (shown === 0) return { first: 0, last: 0 };
  const first = (page - 1) * perPage + 1;
  return { first, last: first + shown - 1 };
}
