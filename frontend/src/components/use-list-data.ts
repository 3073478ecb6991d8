import { useLoaderData } from 'react-router-dom';
import { isLoadFailure, type LoadFailure } from './page-states.tsx';
import { useScrollToTopOnPageChange } from './pager.tsx';

/** A paged page's loader data (or its failure); the window goes back to the top when the page number changes. */
export function useListData<T>(pageOf: (data: T) => number): T | LoadFailure {
  const data = useLoaderData() as T | LoadFailure;
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : pageOf(data));
  return data;
}
