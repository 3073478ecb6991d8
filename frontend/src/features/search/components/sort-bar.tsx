import { useEffect, useId, useState } from 'react';
import { useInstantSearch, useSortBy } from 'react-instantsearch';
import { getAroundPlace } from '../around-place.ts';
import { useNearParameter } from '../query-parameter.ts';
import { formatSearchParams, indexNameOf, sortOfIndex, SORTS, type SortName } from '../search-url.ts';
import { useSearchRoute } from '../use-search-route.ts';
import { SORT_LABELS, SORT_PARAMS } from '../widget-params.ts';

type LocationAccess = 'unknown' | 'available' | 'locating' | 'denied' | 'unsupported' | 'insecure' | 'failed';

/** Why "Near me" cannot be used, in the visitor's words; null when it can. */
const ACCESS_PROBLEMS: Partial<Record<LocationAccess, string>> = {
  denied: 'Location access is blocked for this site: allow it in your browser’s site settings to sort by distance.',
  unsupported: 'This browser cannot share its location, so results cannot be sorted by distance from you.',
  insecure: 'Browsers share your location only with secure (https) pages, so Near me is off here.',
  failed: 'Your location could not be found. Try again, or move the map and use “Search this area”.',
};

/** Whether this browser may be asked for its location, kept current if the visitor changes the permission. */
function useLocationAccess(): [LocationAccess, (access: LocationAccess) => void] {
  const [access, setAccess] = useState<LocationAccess>('unknown');
  useEffect(() => {
    if (!('geolocation' in navigator)) return setAccess('unsupported');
    if (!window.isSecureContext) return setAccess('insecure');
    setAccess('available');
    let status: PermissionStatus | undefined;
    const follow = () => setAccess(status?.state === 'denied' ? 'denied' : 'available');
    // Permissions API is missing in some browsers: asking on click still works there.
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((result) => {
        status = result;
        follow();
        result.addEventListener('change', follow);
      })
      .catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
      });
    return () => status?.removeEventListener('change', follow);
  }, []);
  return [access, setAccess];
}

/** Sort order and "Near me" (the visitor's position, which distance is measured from). */
export function SortBar() {
  const id = useId();
  const { currentRefinement, refine } = useSortBy(SORT_PARAMS);
  const near = useNearParameter();
  const { route, show } = useSearchRoute();
  const [access, setAccess] = useLocationAccess();
  const hasPoint = Boolean(route.near || route.bbox);
  // Around a place without businesses ("Lyon"), the engine orders the default sort by distance from it.
  const { results } = useInstantSearch();
  const isAroundPlace = !results.__isArtificial && getAroundPlace(results) !== null;
  const labelOf = (sort: SortName) => {
    if (sort === 'distance' && !hasPoint) return 'Distance (use Near me)';
    return sort === 'relevance' && isAroundPlace ? 'Nearest first' : SORT_LABELS[sort];
  };
  const current = sortOfIndex(currentRefinement);
  const problem = ACCESS_PROBLEMS[access] ?? null;
  const isBlocked = access === 'denied' || access === 'unsupported' || access === 'insecure';

  const handleNearMe = () => {
    if (near.value) {
      show({ ...route, near: undefined, page: undefined, sort: route.sort === 'distance' && !route.bbox ? undefined : route.sort });
      return;
    }
    setAccess('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setAccess('available');
        const point = `${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`;
        show({ ...route, near: point, sort: 'distance', page: undefined });
      },
      (error) => setAccess(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  // Nothing to sort: the empty state below offers what widens the search. The server renders the
  // same answer, so hydration shows no bar there either.
  if (!results.__isArtificial && results.nbHits === 0) return null;

  const kept = new URLSearchParams(formatSearchParams({ ...route, sort: undefined, page: undefined }));
  return (
    <div className="sort-bar">
      <form className="sort-form" action="/search" method="get">
        {[...kept].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          name="sort"
          className="input sort-select"
          value={current}
          onChange={(event) => refine(indexNameOf(event.target.value as SortName))}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort} disabled={sort === 'distance' && !hasPoint}>
              {labelOf(sort)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button-secondary">
            Sort
          </button>
        </noscript>
      </form>
      <div className="near-me">
        <button
          type="button"
          className={`button ${near.value ? '' : 'button-secondary'} near-me-button`}
          onClick={handleNearMe}
          disabled={(isBlocked && !near.value) || access === 'locating'}
          aria-pressed={Boolean(near.value)}
          aria-describedby={problem ? `${id}-near-problem` : undefined}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="7" />
            <circle cx="12" cy="12" r="2.5" fill="currentColor" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          </svg>
          {access === 'locating' ? 'Locating…' : 'Near me'}
        </button>
        {problem && (
          <p id={`${id}-near-problem`} className="near-me-problem" role="note">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
