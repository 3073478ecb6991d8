import { isRouteErrorResponse } from 'react-router-dom';
import { applyHeadTags, type PageMeta, type RouteHandle } from '../lib/page-meta.ts';
import { isPlaceNotFound } from '../lib/route-errors.ts';

/** The head of a page that answers 404 (and, retitled, of an error page): noindex, and no canonical URL, since it has none. */
export const NOT_FOUND_META: PageMeta = {
  title: 'Page Not Found | Business Directory',
  description: 'The page you are looking for does not exist. Search the directory or browse by category, country or city.',
  noIndex: true,
};

/** The id of the route above every public page, whose data is {@link SiteData}. */
export const SITE_ROUTE_ID = 'site';

/** What every public page's head needs beyond its own data, loaded once with the first page. */
export interface SiteData {
  /** The origin the page's absolute URLs start with: the server's (PUBLIC_URL, or the request's), kept by the browser. */
  origin: string;
  /** The year of the first page's render, for the footer's copyright line (the server's clock, so hydration agrees). */
  year: number;
}

/** A page's route matches, data and errors: the server's render context, or the browser router's state. */
export interface PageState {
  matches: ReadonlyArray<{ route: { id: string; handle?: unknown }; params: Record<string, string | undefined> }>;
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

/**
 * What the page in `state` tells search engines: the deepest matched route that can describe it,
 * from its loader data; for a failed page, the 404 head (titled by the place not found) or an
 * error's. Null when no route describes it. The one description the server renders into <head>
 * and the browser puts there after a client-side navigation.
 */
export function describePage(state: PageState, origin: string): PageMeta | null {
  const failed = state.errors;
  const errors = Object.values(failed ?? {});
  if (failed && errors.length > 0) {
    // A route whose error element has a heading of its own ("Business Not Found") titles the page after it.
    const ownScreen = state.matches.map((match) => match.route).find((route) => route.id in failed && (route.handle as RouteHandle | undefined)?.errorTitle);
    if (ownScreen) return { ...NOT_FOUND_META, title: `${(ownScreen.handle as RouteHandle).errorTitle!} | Business Directory` };
    const status = isRouteErrorResponse(errors[0]) ? errors[0].status : 500;
    if (status !== 404) return { ...NOT_FOUND_META, title: 'Error | Business Directory' };
    const place = errors.map((error) => (isRouteErrorResponse(error) ? error.data : null)).find(isPlaceNotFound);
    return place ? { ...NOT_FOUND_META, title: `${place.message} | Business Directory` } : NOT_FOUND_META;
  }
  for (let i = state.matches.length - 1; i >= 0; i -= 1) {
    const match = state.matches[i]!;
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle?.meta) continue;
    const data = state.loaderData[match.route.id];
    if (data !== undefined) return handle.meta(data, match.params, origin);
  }
  return null;
}

/** The part of the browser's router the head follows. */
interface FollowedRouter {
  state: PageState & { navigation: { state: string } };
  subscribe(listener: (state: FollowedRouter['state']) => void): () => void;
}

/**
 * Keeps `document`'s <head> on the page shown: after each client-side navigation (and each
 * revalidation that brings new data), the head the server would have rendered for that page
 * (describePage, applyHeadTags). The first page's head is the server's. Returns the unsubscribe.
 */
export function followPageHead(router: FollowedRouter, document: Document): () => void {
  let shown = { loaderData: router.state.loaderData, errors: router.state.errors };
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || (state.loaderData === shown.loaderData && state.errors === shown.errors)) return;
    shown = { loaderData: state.loaderData, errors: state.errors };
    // The origin the server wrote the first page with (pages outside the site route, the admin's: the browser's own).
    const origin = (state.loaderData[SITE_ROUTE_ID] as SiteData | undefined)?.origin ?? document.location.origin;
    const meta = describePage(state, origin);
    if (meta) applyHeadTags(document, meta, origin);
  });
}
