import { useToggleRefinement } from 'react-instantsearch';
import { searchPath } from '../search-url.ts';
import { useSearchRoute } from '../use-search-route.ts';
import { OPEN_NOW_PARAMS } from '../widget-params.ts';
import { FilterLink } from './filter-link.tsx';

/** "Open now": businesses open at this moment, in their own time zone. */
export function OpenNowToggle() {
  const { value, refine } = useToggleRefinement(OPEN_NOW_PARAMS);
  const { route } = useSearchRoute();
  // The link is built from the URL state rather than the connector's createURL, which deletes the
  // toggle from the shared UI state object it is handed (other widgets then lose "Open now").
  const url = searchPath({ ...route, openNow: value.isRefined ? undefined : 'true', page: undefined });
  return (
    <section className="filter-group" aria-label="Opening hours">
      <FilterLink url={url} role="checkbox" isChecked={value.isRefined} onSelect={() => refine({ isRefined: value.isRefined })} className="filter-switch">
        <span className="filter-label">Open now</span>
      </FilterLink>
    </section>
  );
}
