import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type Lazy = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;

/**
 * Every public page component: each module is a chunk of its own, downloaded only by the pages
 * that show it (the glob makes the bundler split them; the admin app has its own chunk, and the
 * not-found page is part of the entry: every route's error screen shows it).
 */
const pageModules = import.meta.glob<Record<string, unknown>>(['../features/*/components/*-page.tsx', '!../features/admin/**', '!../features/not-found/**']);

/** The client build's manifest key of the chunk each lazy route function loads. */
const chunkOfLazy = new WeakMap<Lazy, string>();

/** Marks `lazy` as loading the chunk built from `moduleKey` (a path under frontend/, as in the build manifest). */
export function withChunk<T extends Lazy>(lazy: T, moduleKey: string): T {
  chunkOfLazy.set(lazy, moduleKey);
  return lazy;
}

/**
 * A route's `lazy`: the component `exportName` of `features/<modulePath>`, loaded on demand.
 * The browser loads it before hydrating when the page was rendered by the server with it
 * (entry-client.tsx), and the server names its chunk for the page's preload links.
 */
export function lazyPage(modulePath: string, exportName: string): Lazy {
  const load = pageModules[`../features/${modulePath}`];
  if (!load) throw new Error(`No page module at features/${modulePath}`);
  const lazy = async () => {
    const module = await load();
    const Component = module[exportName];
    if (typeof Component !== 'function') throw new Error(`features/${modulePath} exports no component ${exportName}`);
    return { Component: Component as ComponentType };
  };
  return withChunk(lazy, `src/features/${modulePath}`);
}

/** The manifest keys of the chunks the routes matched by a page load on demand (deepest last). */
export function chunksOfMatches(matches: ReadonlyArray<{ route: RouteObject }>): string[] {
  const chunks: string[] = [];
  for (const { route } of matches) {
    const chunk = typeof route.lazy === 'function' ? chunkOfLazy.get(route.lazy) : undefined;
    if (chunk && !chunks.includes(chunk)) chunks.push(chunk);
  }
  return chunks;
}
