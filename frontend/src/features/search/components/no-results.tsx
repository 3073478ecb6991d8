import type { MouseEvent } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { EmptyState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { SearchRoute } from '../search-url.ts';
import { getAroundPlace } from '../around-place.ts';
import { getLocationCorrection } from '../location-correction.ts';
import { getUnknownPlace } from '../unknown-place.ts';
import { hasFilters, useSearchRoute, withoutFilters } from '../use-search-route.ts';

interface Suggestion {
  label: string;
  route: SearchRoute;
}

/**
 * Ways out of an empty result, most targeted first: drop the filters, then the place, then the words.
 * `place` is the place searched, as the summary names it (the corrected one when the where box had a typo);
 * `where` says where the search looked ("in London", "near Lyon, France" for a place without businesses).
 */
export function getSuggestions(route: SearchRoute, place = route.location, where = `in ${place}`): Suggestion[] {
  const suggestions: Suggestion[] = [];
  if (hasFilters(route)) suggestions.push({ label: 'Remove all filters', route: withoutFilters(route) });
  if (route.location) suggestions.push({ label: `Search everywhere, not only ${where}`, route: { ...route, location: undefined, page: undefined } });
  if (route.q) suggestions.push({ label: `Show all businesses${route.location ? ` ${where}` : ''}`, route: { location: route.location ? place : undefined } });
  return suggestions;
}

/** Nothing matched: say so, and offer searches that will find something. */
export function NoResults() {
  const { results, status } = useInstantSearch();
  const { route, show, pathOf } = useSearchRoute();
  if (results.__isArtificial || results.nbHits > 0 || status === 'error') return null;
  // The summary names the corrected place ("London" for "Londn"): so does everything here.
  const place = getLocationCorrection(results)?.used ?? route.location;
  // A real place without businesses: the search looked around it.
  const around = getAroundPlace(results);
  const suggestions = around ? getSuggestions(route, place, `near ${around.name}`) : getSuggestions(route, place);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, next: SearchRoute) => {
    event.preventDefault();
    show(next);
  };
  const unknownPlace = getUnknownPlace(results);
  if (unknownPlace) {
    const places = unknownPlace.suggestions.map((place) => ({ label: place, route: { ...route, location: place, page: undefined } }));
    return (
      <EmptyState title={`No place called “${unknownPlace.text}”`}>
        <p>
          {places.length > 0 ? 'Did you mean one of these places?' : 'Check the spelling of the place, or search everywhere:'}
        </p>
        <ul className="no-results-actions">
          {[...places, ...suggestions.filter((suggestion) => suggestion.route.location === undefined)].map((suggestion) => (
            <li key={suggestion.label}>
              <a className="button button-secondary" href={pathOf(suggestion.route)} onClick={(event) => handleClick(event, suggestion.route)}>
                {suggestion.label}
              </a>
            </li>
          ))}
        </ul>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No businesses match your search">
      <p>
        {route.q ? <>Nothing found for “{route.q}”</> : 'Nothing found'}
        {around ? <> in {around.name} or within {formatNumber(around.radiusKm)} km of it</> : route.location ? <> in {place}</> : null}
        {hasFilters(route) ? ' with these filters' : ''}. Check the spelling, use fewer words, or widen the search:
      </p>
      {suggestions.length > 0 && (
        <ul className="no-results-actions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.label}>
              <a className="button button-secondary" href={pathOf(suggestion.route)} onClick={(event) => handleClick(event, suggestion.route)}>
                {suggestion.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </EmptyState>
  );
}
