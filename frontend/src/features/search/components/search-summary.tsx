import { useInstantSearch } from 'react-instantsearch';
import { formatNumber } from '../../../lib/format.ts';
import { getAroundPlace } from '../around-place.ts';
import { getChosenCity } from '../chosen-city.ts';
import { getLocationCorrection } from '../location-correction.ts';
import { getQueryWordsUsed } from '../query-words.ts';
import { getUnknownPlace } from '../unknown-place.ts';
import { describeUnmatchedPlace, getUnmatchedPlace } from '../unmatched-place.ts';
import { useSearchState } from '../use-search-route.ts';

/**
 * "12 businesses for “plumber” in Lyon" ("in Springfield, Missouri, United States" for "Springfield,
 * MO"; "No Springfield found in Vermont; showing every Springfield. 3 businesses in Springfield,
 * United States" for "Springfield, Vermont"), announced politely as the results change; for a place
 * without businesses, "No businesses in Lyon, France; showing the nearest. 3 businesses for
 * “plumber” within 250 km of Lyon, France" (for a country, around its main city: "No businesses
 * in Iceland yet; showing the nearest. 2 businesses within 250 km of Reykjavík, Iceland"; "No place
 * called “Narnia”. No businesses in Grenoble, France; showing the nearest. …" for "Grenoble, Narnia").
 */
export function SearchSummary() {
  const { results, status } = useInstantSearch();
  const indexUiState = useSearchState();
  const count = results.nbHits;
  const isKnown = !results.__isArtificial;
  const query = indexUiState.query?.trim();
  // A place nobody knows ("Grenoble, Texas"): no "in …", the results box says it knows no such place.
  const location = isKnown && getUnknownPlace(results) !== null ? undefined : indexUiState.location?.trim();
  const queryWords = isKnown ? getQueryWordsUsed(results) : null;
  const correction = isKnown ? getLocationCorrection(results) : null;
  const around = isKnown ? getAroundPlace(results) : null;
  // A city of a name several share, chosen by the region typed with it ("Springfield, MO"): named with that region.
  const chosen = isKnown ? getChosenCity(results) : null;
  // A part written with the city that could not apply ("Vermont" where no Springfield is known): said, and the place named as searched.
  const unmatched = isKnown ? getUnmatchedPlace(results) : null;
  return (
    <p className="search-summary" role="status" aria-live="polite">
      {queryWords ? (
        <span className="search-summary-fallback">
          No results for all words; showing results for “{queryWords.used.join(' ')}”.{' '}
        </span>
      ) : null}
      {correction ? (
        <span className="search-summary-fallback">
          Showing results for {correction.used} (you typed “{correction.typed}”).{' '}
        </span>
      ) : null}
      {unmatched ? (
        <span className="search-summary-fallback">{describeUnmatchedPlace(unmatched, around ? 'around' : chosen ? 'chosen' : 'every')} </span>
      ) : null}
      {around && count > 0 ? (
        <span className="search-summary-fallback">{around.country ? `No businesses in ${around.country} yet` : `No businesses in ${around.name}`}; showing the nearest. </span>
      ) : null}
      {isKnown ? (
        <>
          <strong>
            {formatNumber(count)}
            {results.exhaustiveNbHits === false ? '+' : ''} {count === 1 ? 'business' : 'businesses'}
          </strong>
          {query ? <> for “{queryWords ? queryWords.used.join(' ') : query}”</> : null}
          {around ? <> within {formatNumber(around.radiusKm)} km of {around.name}</> : location ? <> in {chosen?.name ?? unmatched?.searched ?? correction?.used ?? location}</> : null}
        </>
      ) : (
        'Searching…'
      )}
      {status === 'stalled' && <span className="search-summary-loading"> Updating…</span>}
    </p>
  );
}
