import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { loadFailure } from '../components/page-states.tsx';
import { isOnlyViewChange, pageSliceOf, type PageSlice } from '../components/pager.tsx';
import { formatNumber } from './format.ts';
import { pageFromUrl } from './route-errors.ts';

/** What a list page asks of its URL: the trimmed text filter (`?q=`) and the page number. */
export interface ListQuery {
  text: string;
  page: number;
}

/** The text filter of a list from its `?q=`, trimmed ('' when absent). */
export const filterTextFromUrl = (url: string) => (new URL(url).searchParams.get('q') ?? '').trim();

/**
 * The body of a list page's loader: reads the filter text and page from the request, then
 * `read`s the data; a failed read becomes the page's error state. Checks that answer 404 go
 * before it, so their response is not taken for a failed read.
 */
export async function loadList<T>(request: Request, read: (query: ListQuery) => Promise<T>) {
  const query = { text: filterTextFromUrl(request.url), page: pageFromUrl(request.url) };
  try {
    return await read(query);
  } catch (error) {
    return loadFailure(error);
  }
}

/** A list's loader is not run again when only `?view=` changed: the data is the same. */
export const skipViewOnlyChanges = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isOnlyViewChange(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

/** A list's path at a page: "/countries/france?page=3", the bare path for page 1. */
export const pagePath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * The meta description of page `page` of a list: from page 2 on it starts with which page it is
 * ("Page 3 of 12: …"), so that no two pages of a list describe themselves alike to a search engine.
 */
export const pagedDescription = (description: string, page: number, totalPages: number) =>
  page > 1 ? `Page ${formatNumber(page)} of ${formatNumber(totalPages)}: ${description}` : description;

/**
 * Reads page `page` of a list the server pages, `perPage` a page; past the last page it reads
 * the last page instead, which is what a list paged in memory shows there. Answers the page
 * read, its number, and its slice.
 */
export async function readServerPage<T, R extends { total: number }>(
  page: number,
  perPage: number,
  read: (page: number) => Promise<R>,
  itemsOf: (response: R) => T[],
): Promise<{ response: R; slice: PageSlice<T> }> {
  // The API takes safe integers; any of them past the end reads the last page below.
  let number = Math.min(page, Number.MAX_SAFE_INTEGER);
  let response = await read(number);
  const lastPage = Math.max(1, Math.ceil(response.total / perPage));
  if (number > lastPage) {
    number = lastPage;
    response = await read(number);
  }
  return { response, slice: pageSliceOf(itemsOf(response), number, response.total, perPage) };
}

/**
 * Reads page `page` of a list whose answer says how many pages it has; past the last page it
 * reads the last page instead (as the lists paged by `readServerPage` do). null stays null.
 */
export async function readPageOrLast<R extends { totalPages: number } | null>(page: number, read: (page: number) => Promise<R>): Promise<R> {
  const number = Math.min(page, Number.MAX_SAFE_INTEGER);
  const answer = await read(number);
  if (!answer) return answer;
  const lastPage = Math.max(1, answer.totalPages);
  return number > lastPage ? read(lastPage) : answer;
}
