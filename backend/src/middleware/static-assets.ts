import { readdirSync } from 'node:fs';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { decodedOrNull } from '../ssr/page-path.ts';

/** Hashed file names: cache for a year. */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The built site's files (`assets/…`, `favicon.svg`), with their precompressed forms. Only a path
 * whose first segment is one of the folder's entries (read once, at start) reaches koa-static: a
 * page or any other request would otherwise cost up to three `stat` calls (the file, its `.br`
 * and `.gz`) before it is rendered. `index.html` is a template, never served as a file.
 */
export function staticAssets(assetsDir: string): Middleware {
  const entries = new Set(readdirSync(assetsDir).filter((name) => !name.startsWith('index.html')));
  const files = serve(assetsDir, { index: false, maxage: ONE_YEAR_MS, immutable: true, gzip: true, brotli: true });
  return (ctx, next) => {
    const slash = ctx.path.indexOf('/', 1);
    const first = decodedOrNull(slash === -1 ? ctx.path.slice(1) : ctx.path.slice(1, slash));
    return first !== null && entries.has(first) ? files(ctx, next) : next();
  };
}
