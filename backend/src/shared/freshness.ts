/**
 * How long each kind of public read stays fresh (visitor spec §9): the browser's query cache
 * keeps answers this long, and the server says the same in `Cache-Control` on the matching
 * API answers and pages, so a browser or a CDN and the page's own cache agree.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const FRESHNESS_SECONDS = {
  home: 2 * HOUR,
  featured: 30 * MINUTE,
  /** Category, country and city lists (and their letters and pages). */
  lists: 2 * HOUR,
  businessDetail: 10 * MINUTE,
  /** One category's, country's or city's page data. */
  placePage: 10 * MINUTE,
  siteSettings: 5 * MINUTE,
  /** The spec's general default, for every other read. */
  default: 10 * MINUTE,
  /** Server-rendered public pages. */
  page: 10 * MINUTE,
} as const;

export type FreshnessKind = keyof typeof FRESHNESS_SECONDS;

/**
 * Whether a query string filters on "open now": what it lists changes with the minute. Looked at as
 * text, so that any spelling of the filter counts (the rendered pages and the API's searches alike).
 */
export const isOpenNowQuery = (search: string): boolean => /opennow/i.test(search);

/** Unused answers leave the browser's cache after 15 minutes (visitor spec §9). */
export const UNUSED_CACHE_SECONDS = 15 * MINUTE;

/** Which freshness a public `/api` GET path has; null for paths that are not public reads. */
export function freshnessOfApiPath(path: string): FreshnessKind | null {
  if (!path.startsWith('/api/')) return null;
  const parts = path.slice('/api/'.length).split('/').filter(Boolean);
  const [group, ...rest] = parts;
  switch (group) {
    case 'homepage-data':
      return 'home';
    case 'featured-businesses':
      return 'featured';
    case 'businesses':
      return rest.length === 0 ? 'default' : 'businessDetail';
    case 'categories':
    case 'countries':
      return rest.length === 0 ? 'lists' : 'placePage';
    case 'cities':
      // /api/cities (lists), /api/cities/{countryCode}/{citySlug} (a city's page).
      return rest.length === 0 ? 'lists' : 'placePage';
    case 'contact-details':
      // The operator's contact details change as rarely as the snippets.
      return 'siteSettings';
    case 'admin':
      // The two public admin reads of the visitor spec; everything else there is private.
      return rest[0] === 'site-settings' || rest[0] === 'advertisement-codes' ? 'siteSettings' : null;
    default:
      return 'default';
  }
}
