import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, matchRoutes, StaticRouterProvider, type DataRouteObject, type StaticHandlerContext } from 'react-router-dom';
import { renderHeadTags, safeJson } from '../lib/page-meta.ts';
import { unavailableMessage } from '../lib/api-client.ts';
import { chunksOfMatches } from './lazy-page.ts';
import { describePage } from './page-head.ts';
import { routes } from './routes.tsx';

export { setApiClient } from '../lib/api-client.ts';

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      /** The client build's manifest keys of the code the page's routes load on demand: the browser loads them before hydrating. */
      chunks: string[];
    };

const handler = createStaticHandler(routes);

/** The chunks of each set of matched routes, by their ids: one entry per kind of page. */
const chunksByMatchedRoutes = new Map<string, string[]>();

/**
 * The chunks the matched routes load on demand. Matched again against `routes` (the data routes
 * lose their `lazy` once loaded) only the first time a kind of page is rendered: matching walks
 * the whole route table.
 */
function pageChunks(matches: ReadonlyArray<{ route: { id: string } }>, pathname: string): string[] {
  const key = matches.map((match) => match.route.id).join(' ');
  let chunks = chunksByMatchedRoutes.get(key);
  if (chunks === undefined) {
    chunks = chunksOfMatches(matchRoutes(routes, pathname) ?? []);
    chunksByMatchedRoutes.set(key, chunks);
  }
  return chunks;
}

/**
 * The matched routes alone, as one branch: what the static router renders. `createStaticRouter`
 * converts every route it is given on each render, and the whole table (the admin's pages with the
 * rest) costs more to convert than the page to render it.
 */
function matchedBranch(matches: ReadonlyArray<{ route: DataRouteObject }>): DataRouteObject[] {
  let branch: DataRouteObject[] = [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const { route } = matches[i]!;
    branch = [route.index ? route : { ...route, children: branch }];
  }
  return branch;
}

/** React Router's serialisation of route errors for the browser's router (its `serializeErrors`). */
function serializedErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  const serialized: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) serialized[routeId] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) serialized[routeId] = { message: error.message, __type: 'Error', ...(error.name === 'Error' ? {} : { __subType: error.name }) };
    else serialized[routeId] = error;
  }
  return serialized;
}

/**
 * The script that hands the route data to the browser's router (entry-client.tsx), as the static
 * router writes it when it hydrates, but as a JSON object written once: the router writes a JSON
 * string of the JSON text, escaped for HTML, ~3 % of the server's thread for a business page.
 */
function hydrationScript(context: StaticHandlerContext, nonce: string | undefined): string {
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors: serializedErrors(context.errors) };
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>window.__staticRouterHydrationData = ${safeJson(data)};</script>`;
}

/**
 * Renders one request to HTML: the page, its status and its <head> tags, or a redirect.
 * `nonce` goes on the router's hydration script, so a nonce-based Content-Security-Policy lets it run.
 */
export async function render(request: Request, options: { nonce?: string } = {}): Promise<RenderResult> {
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(matchedBranch(context.matches), context);
  const html =
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ) + hydrationScript(context, options.nonce);
  const origin = new URL(request.url).origin;
  const meta = describePage(context, origin);
  // A read that found the search engine unreachable answers 503 (try again), not 500.
  const isUnavailable = Object.values(context.errors ?? {}).some((error) => unavailableMessage(error) !== null);
  const chunks = pageChunks(context.matches, new URL(request.url).pathname);
  return { kind: 'page', status: isUnavailable ? 503 : context.statusCode, head: meta ? renderHeadTags(meta, origin) : '', html, chunks };
}
