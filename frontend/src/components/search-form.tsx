import { useEffect, useId, useState, type FormEvent } from 'react';
import { SEARCH_WORDS } from './search-words.ts';

/** "/search?q=…&location=…": values trimmed, the location left out when empty. */
export function buildSearchUrl(what: string, where: string): string {
  const params = new URLSearchParams({ q: what.trim() });
  if (where.trim() !== '') params.set('location', where.trim());
  return `/search?${params.toString()}`;
}

export interface SearchFormProps {
  /** When true the button is disabled (and Enter does nothing) until the what box has text. */
  isWhatRequired?: boolean;
  /** 'hero' for the dark home hero, 'panel' on light backgrounds. */
  variant?: 'hero' | 'panel';
  /** Accessible name of the search landmark. */
  label?: string;
}

/**
 * The what/where search form of the home page, Business Not Found and the 404 page, worded as
 * /search's boxes are (SEARCH_WORDS). A real
 * GET form to /search (it works without JavaScript); with JavaScript the values are trimmed,
 * an empty location is left out, and the search is a full page load.
 */
export function SearchForm({
  isWhatRequired = true,
  variant = 'panel',
  label = 'Search businesses',
}: SearchFormProps) {
  const id = useId();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('');
  // The server renders an enabled button so the form works without JavaScript; once
  // hydrated, the button follows the what box.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  const isBlocked = isWhatRequired && what.trim() === '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlocked) return;
    window.location.assign(buildSearchUrl(what, where));
  };

  return (
    <form role="search" aria-label={label} action="/search" method="get" onSubmit={handleSubmit} className={`search-form search-form-${variant}`}>
      <div className="search-form-field">
        <label htmlFor={`${id}-what`}>{SEARCH_WORDS.whatLabel}</label>
        <input
          id={`${id}-what`}
          className="input"
          type="search"
          name="q"
          value={what}
          onChange={(event) => setWhat(event.target.value)}
          placeholder={SEARCH_WORDS.whatPlaceholder}
          autoComplete="off"
          required={isWhatRequired}
          pattern={isWhatRequired ? '.*\\S.*' : undefined}
        />
      </div>
      <div className="search-form-field">
        <label htmlFor={`${id}-where`}>{SEARCH_WORDS.whereLabel}</label>
        <input
          id={`${id}-where`}
          className="input"
          type="search"
          name="location"
          value={where}
          onChange={(event) => setWhere(event.target.value)}
          placeholder={SEARCH_WORDS.wherePlaceholder}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="button search-form-button" disabled={isHydrated && isBlocked}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        Search
      </button>
    </form>
  );
}
