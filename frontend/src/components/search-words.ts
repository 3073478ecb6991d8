/**
 * The labels and placeholders of every what/where search form (home, /search, Business Not Found,
 * the 404 page), so they read alike. The where box reads postal codes on every one of them (the
 * search's location parser does), so its placeholder says so.
 */
export const SEARCH_WORDS = {
  whatLabel: 'What are you looking for?',
  whereLabel: 'Where?',
  whatPlaceholder: 'Restaurant, plumber, dentist…',
  wherePlaceholder: 'City, country or postal code',
} as const;
