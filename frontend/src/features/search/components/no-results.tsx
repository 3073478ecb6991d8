import type { MouseEvent } from 'react';
import type { AroundPlace } from '@directory/backend/shared/api-types.ts';
import { useInstantSearch } from 'react-instantsearch';
import { EmptyState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { SearchRoute } from '../search-url.ts';
import { getAroundPlace } from '../around-place.ts';
import { getLocationCorrection } from '../location-correction.ts';
import { getUnknownPlace } from '../unknown-place.ts';
import { getUnmatchedPlace } from '../unmatched-place.ts';
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

/**
 * The place searched, and the area the search looked in around it: "Lyon, France or within 250 km
 * of it"; for a country, around its main city: "Iceland or within 250 km of Reykjavík, Iceland".
 */
function describeAround(around: AroundPlace, or: string): string {
  const within = `within ${formatNumber(around.radiusKm)} km of`;
  return around.country ? `${around.country} ${or} ${within} ${around.name}` : `${around.name} ${or} ${within} it`;
}

/** The way out of a place where nothing can be found: the same search everywhere. */
function everywhere(route: SearchRoute): Suggestion {
  const label = route.q ? `Search everywhere for “${route.q}”` : hasFilters(route) ? 'Search everywhere' : 'Show all businesses';
  return { label, route: { ...route, location: undefined, page: undefined } };
}

/** Nothing matched: say so, and offer searches that will find something. */
export function NoResults() {
  const { results, status } = useInstantSearch();
  const { route, show, pathOf } = useSearchRoute();
  if (results.__isArtificial || results.nbHits > 0 || status === 'error') return null;
  // The summary names the place searched: the city without a part that could not apply ("Springfield, United States" for
  // "Springfield, Vermont"), the corrected place ("London" for "Londn"). So does everything here, links included.
  const place = getUnmatchedPlace(results)?.searched ?? getLocationCorrection(results)?.used ?? route.location;
  // A real place without businesses: the search looked around it.
  const around = getAroundPlace(results);
  const suggestions = around ? getSuggestions(route, place, `near ${around.name}`) : getSuggestions(route, place);
  const links = (items: Suggestion[]) => (
    <ul className="no-results-actions">
      {items.map((suggestion) => (
        <li key={suggestion.label}>
          <a
            className="button button-secondary"
            href={pathOf(suggestion.route)}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              event.preventDefault();
              show(suggestion.route);
            }}
          >
            {suggestion.label}
          </a>
        </li>
      ))}
    </ul>
  );
  const unknownPlace = getUnknownPlace(results);
  if (unknownPlace) {
    const places = unknownPlace.suggestions.map((place) => ({ label: place, route: { ...route, location: place, page: undefined } }));
    return (
      <EmptyState title={`No place called “${unknownPlace.text}”`}>
        <p>
          {places.length > 0 ? 'Did you mean one of these places?' : 'Check the spelling of the place, or search everywhere:'}
        </p>
        {links([...places, everywhere(route)])}
      </EmptyState>
    );
  }
  if (around && !around.hasBusinesses) {
    // Nothing lies around the place whatever the words: only a search elsewhere finds something.
    return (
      <EmptyState title={`No businesses ${around.country ? `in ${around.country}` : `near ${around.name}`} yet`}>
        <p>
          The directory has no businesses in {describeAround(around, 'yet, nor')}. Try another place, or:
        </p>
        {links([everywhere(route)])}
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No businesses match your search">
      <p>
        {route.q ? <>Nothing found for “{route.q}”</> : 'Nothing found'}
        {around ? <> in {describeAround(around, 'or')}</> : route.location ? <> in {place}</> : null}
        {hasFilters(route) ? ' with these filters' : ''}. Check the spelling, use fewer words, or widen the search:
      </p>
      {suggestions.length > 0 && links(suggestions)}
    </EmptyState>
  );
}
