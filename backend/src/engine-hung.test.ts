/**
 * `SEARCH_ENGINE=meilisearch` with Meilisearch hung: a stand-in on 127.0.0.1 that accepts
 * connections and reads requests but never answers them. The server's engine requests give up
 * after MEILI_TIMEOUT_MS (no visitor request waits on the engine longer than that): list pages
 * answer 503 with the clear message, detail pages keep working from SQLite, and once the
 * stand-in answers again, a probe opens the lists again without a restart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.ts';
import { startServerOnStandIn, type ServerOnStandIn } from './testing/meilisearch-stand-in.ts';
import type { PagedBusinesses } from './shared/api-types.ts';

const SIZE = 60;
const TIMEOUT_MS = 300;
let mode: 'meilisearch' | 'hang' = 'meilisearch';
/** Requests the stand-in left hanging, and whether the server gave up on each (closed its connection). */
const hung: { url: string; closed: Promise<void> }[] = [];
let started: ServerOnStandIn;
let server: RunningServer;
let logged: string[];

function hangWhenAsked(req: IncomingMessage, res: ServerResponse): boolean {
  if (mode !== 'hang') return false;
  // Read the request, answer nothing: only the server's time-out ends it.
  req.resume();
  hung.push({ url: `${req.method} ${req.url}`, closed: new Promise((resolve) => res.on('close', resolve)) });
  return true;
}

beforeAll(async () => {
  started = await startServerOnStandIn({
    size: SIZE,
    misbehave: hangWhenAsked,
    env: {
      MEILI_TIMEOUT_MS: String(TIMEOUT_MS),
      ADMIN_PASSWORD: 'engine hung test password',
      // No change-log poll: a poll's pass hung on the stand-in would be joined by the recovery
      // probe below and fail it (the next backoff probe would then succeed, too late for a test).
      INDEX_SYNC: 'off',
    },
  });
  ({ server, logged } = started);
  expect(started.config.meiliTimeoutMs).toBe(TIMEOUT_MS);
}, 60_000);

afterAll(() => started?.close());

const get = (path: string) => fetch(server.url + path, { redirect: 'manual' });

describe('Meilisearch hung (accepts connections, never answers)', () => {
  it('with the engine answering, lists are served from it', async () => {
    expect(server.deps.engineHealth.isAvailable()).toBe(true);
    expect((await get('/api/businesses?page=1')).status).toBe(200);
  });

  it('a list page waits for the time-out, not for the engine: 503 with the clear message, the engine request abandoned', async () => {
    mode = 'hang';
    const page = await get('/categories');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('the search engine cannot be reached');
    // The engine saw the request and the server, not the engine, ended it: by its time-out.
    expect(hung.length).toBeGreaterThan(0);
    await Promise.all(hung.map((request) => request.closed));
    const line = logged.find((entry) => entry.startsWith('Search engine unreachable'));
    expect(line).toMatch(/time(d)? ?out/i);
    expect(line).toContain(`${TIMEOUT_MS}`);
  });

  it('while it is marked down, list calls answer 503 at once and detail pages work from SQLite', async () => {
    for (const path of ['/api/businesses?page=2', '/api/categories', '/api/search?q=cafe']) {
      const response = await get(path);
      expect(response.status, path).toBe(503);
      expect(Number(response.headers.get('retry-after')), path).toBeGreaterThan(0);
      const body = (await response.json()) as { error: { id: string; message: string } };
      expect(body.error.id).toBe('search_unavailable');
    }
    const { slug, name } = server.deps.record.prepare('SELECT slug, name FROM businesses ORDER BY id LIMIT 1').get() as { slug: string; name: string };
    const detail = await get(`/api/businesses/${slug}`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { name: string }).name).toBe(name);
    const page = await get(`/business/${slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(name.replaceAll('&', '&amp;'));
  });

  it('recovers by itself when the engine answers again', async () => {
    // A probe still hung on the stand-in (the backoff's) fails; the next one, after it answers, succeeds.
    expect(await server.deps.engineHealth.probeNow()).toBe(false);
    mode = 'meilisearch';
    expect(await server.deps.engineHealth.probeNow(), logged.join('\n')).toBe(true);
    expect(logged).toContain('Search engine reachable again: lists and searches answer again.');
    const response = await get('/api/businesses?page=1');
    expect(response.status).toBe(200);
    expect(((await response.json()) as PagedBusinesses).totalCount).toBe(SIZE);
    expect((await get('/businesses')).status).toBe(200);
  });
});
