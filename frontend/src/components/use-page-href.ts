import { useLocation } from 'react-router-dom';
import { hrefWith } from './pager.tsx';

/** The link to another page of the current list: this URL with `page` changed, every other parameter kept. */
export function usePageHref(): (page: number) => string {
  const location = useLocation();
  return (page) => hrefWith(location.pathname, location.search, { page });
}
