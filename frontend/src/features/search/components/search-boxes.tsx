import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchBox } from 'react-instantsearch';
import { useLocationParameter } from '../query-parameter.ts';
import { withoutControlCharacters } from '@directory/backend/shared/search-text.ts';
import { SEARCH_WORDS } from '../../../components/search-words.ts';

/** Pause after the last keystroke before the results follow the boxes. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * A text box whose value InstantSearch also changes (back button, "clear" links): it shows what
 * the visitor types, and follows the search state whenever that moves on its own.
 */
function useFollowingText(stateValue: string) {
  const [text, setText] = useState(stateValue);
  const sent = useRef(stateValue);
  useEffect(() => {
    if (stateValue !== sent.current) {
      sent.current = stateValue;
      setText(stateValue);
    }
  }, [stateValue]);
  const markSent = (value: string) => {
    sent.current = value;
  };
  return { text, setText, markSent };
}

/**
 * The what and where boxes. Typing updates the results after a short pause, with no page load;
 * Enter applies at once. Without JavaScript it is a plain GET form to /search.
 */
export function SearchBoxes() {
  const id = useId();
  const queryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locationTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queryHook = useCallback((query: string, search: (value: string) => void) => {
    clearTimeout(queryTimer.current);
    queryTimer.current = setTimeout(() => search(withoutControlCharacters(query)), SEARCH_DEBOUNCE_MS);
  }, []);
  const { query, refine: refineQuery } = useSearchBox({ queryHook });
  const where = useLocationParameter();
  const what = useFollowingText(query);
  const place = useFollowingText(where.value);

  useEffect(
    () => () => {
      clearTimeout(queryTimer.current);
      clearTimeout(locationTimer.current);
    },
    [],
  );

  const handleWhatChange = (value: string) => {
    what.setText(value);
    what.markSent(value);
    refineQuery(value);
  };

  const handleWhereChange = (value: string) => {
    place.setText(value);
    clearTimeout(locationTimer.current);
    locationTimer.current = setTimeout(() => {
      place.markSent(value.trim());
      where.refine(withoutControlCharacters(value));
    }, SEARCH_DEBOUNCE_MS);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(locationTimer.current);
    place.markSent(place.text.trim());
    if (place.text.trim() !== where.value) where.refine(withoutControlCharacters(place.text));
    refineQuery(what.text);
  };

  return (
    <form role="search" aria-label="Search businesses" action="/search" method="get" className="search-form search-form-hero search-boxes" onSubmit={handleSubmit}>
      <div className="search-form-field">
        <label htmlFor={`${id}-what`}>{SEARCH_WORDS.whatLabel}</label>
        <input
          id={`${id}-what`}
          className="input"
          type="search"
          name="q"
          value={what.text}
          onChange={(event) => handleWhatChange(event.target.value)}
          placeholder={SEARCH_WORDS.whatPlaceholder}
          autoComplete="off"
          maxLength={200}
        />
      </div>
      <div className="search-form-field">
        <label htmlFor={`${id}-where`}>{SEARCH_WORDS.whereLabel}</label>
        <input
          id={`${id}-where`}
          className="input"
          type="search"
          name="location"
          value={place.text}
          onChange={(event) => handleWhereChange(event.target.value)}
          placeholder={SEARCH_WORDS.wherePlaceholder}
          autoComplete="off"
          maxLength={200}
        />
      </div>
      <button type="submit" className="button search-form-button">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        Search
      </button>
    </form>
  );
}
