import { useInstantSearch } from 'react-instantsearch';
import { formatNumber } from '../../../lib/format.ts';
import { getLocationCorrection } from '../location-correction.ts';
import { getQueryWordsUsed } from '../query-words.ts';
import { useSearchState } from '../use-search-route.ts';

/** "12 businesses for “plumber” in Lyon", announced politely as the results change. */
export function SearchSummary() {
  const { results, status } = useInstantSearch();
  const indexUiState = useSearchState();
  const count = results.nbHits;
  const isKnown = !results.__isArtificial;
  const query = indexUiState.query?.trim();
  const location = indexUiState.location?.trim();
  const queryWords = isKnown ? getQueryWordsUsed(results) : null;
  const correction = isKnown ? getLocationCorrection(results) : null;
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
      {isKnown ? (
        <>
          <strong>
            {formatNumber(count)}
            {results.exhaustiveNbHits === false ? '+' : ''} {count === 1 ? 'business' : 'businesses'}
          </strong>
          {query ? <> for “{queryWords ? queryWords.used.join(' ') : query}”</> : null}
          {location ? <> in {correction ? correction.used : location}</> : null}
        </>
      ) : (
        'Searching…'
      )}
      {status === 'stalled' && <span className="search-summary-loading"> Updating…</span>}
    </p>
  );
}
