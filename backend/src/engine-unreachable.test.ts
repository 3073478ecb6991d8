/**
 * `SEARCH_ENGINE=meilisearch` with Meilisearch unreachable: a stand-in on 127.0.0.1 first resets
 * every connection, then refuses them (closed port), then answers like Meilisearch for the few
 * calls a start and a list read make. The server starts anyway; lists answer 503 with a clear
 * message; detail pages, contact and the admin area work from SQLite; a probe finds the engine
 * back and lists answer again, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.ts';
import { startServerOnStandIn, type ServerOnStandIn } from './testing/meilisearch-stand-in.ts';
import type { PagedBusinesses } from './shared/api-types.ts';

const SIZE = 200;
const PASSWORD = 'engine outage test password';
let mode: 'reset' | 'meilisearch' = 'reset';
let started: ServerOnStandIn;
let server: RunningServer;
let logged: string[];

beforeAll(async () => {
  started = await startServerOnStandIn({
    size: SIZE,
    misbehave: (req) => {
      if (mode !== 'reset') return false;
      req.socket.destroy();
      return true;
    },
    env: { ADMIN_PASSWORD: PASSWORD },
  });
  ({ server, logged } = started);
}, 60_000);

afterAll(() => started?.close());

const get = (path: string) => fetch(server.url + path, { redirect: 'manual' });
const someSlug = () => server.deps.record.prepare('SELECT slug FROM businesses ORDER BY id LIMIT 1').pluck().get() as string;

describe('Meilisearch unreachable', () => {
  it('the server started, and said why lists are unavailable, once', () => {
    expect(server.deps.engineHealth.isAvailable()).toBe(false);
    const lines = [...logged].filter((line) => line.startsWith('Search engine unreachable'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Search engine unreachable \(.+\): lists and searches answer 503/);
  });

  it('lists and searches answer 503 with a clear message; list pages are an HTML error page', async () => {
    for (const path of ['/api/businesses?page=1', '/api/categories', '/api/countries', '/api/cities', '/api/homepage-data', '/api/search?q=cafe']) {
      const response = await get(path);
      expect(response.status, path).toBe(503);
      expect(Number(response.headers.get('retry-after')), path).toBeGreaterThan(0);
      const body = (await response.json()) as { error: { id: string; message: string } };
      expect(body.error.id).toBe('search_unavailable');
      expect(body.error.message).toContain('the search engine cannot be reached');
    }
    for (const path of ['/', '/businesses', '/categories', '/countries/us']) {
      const page = await get(path);
      expect(page.status, path).toBe(503);
      expect(Number(page.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('the search engine cannot be reached');
      expect(html).not.toContain('"error":{');
    }
  });

  it('detail pages, contact and the admin area keep working from SQLite', async () => {
    const slug = someSlug();
    const detail = await get(`/api/businesses/${slug}`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { slug: string }).slug).toBe(slug);
    const page = await get(`/business/${slug}`);
    expect(page.status).toBe(200);
    const name = server.deps.record.prepare('SELECT name FROM businesses WHERE slug = ?').pluck().get(slug) as string;
    expect(await page.text()).toContain(name.replaceAll('&', '&amp;'));

    const contact = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Opening hours', message: 'Are you open on Sundays?' }),
    });
    expect(contact.status).toBe(201);
    expect(server.deps.record.prepare(`SELECT count(*) FROM contact_messages WHERE subject = 'Opening hours'`).pluck().get()).toBe(1);

    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
    const stats = await fetch(`${server.url}/api/admin/stats`, { headers: { cookie } });
    expect(stats.status).toBe(200);
    expect(((await stats.json()) as { totalBusinesses: number }).totalBusinesses).toBe(SIZE);
    const list = await fetch(`${server.url}/api/admin/businesses?page=1&limit=10`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const dashboard = await fetch(`${server.url}/admin`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
  });

  it('connections refused (the engine down for good) still answer 503, and a probe says it is down', async () => {
    await new Promise((resolve) => started.standIn.close(resolve));
    expect(await server.deps.engineHealth.probeNow()).toBe(false);
    expect((await get('/api/businesses?page=1')).status).toBe(503);
  });

  it('recovers by itself once the engine answers: the next probe opens the lists again, no restart', async () => {
    mode = 'meilisearch';
    await new Promise<void>((resolve) => started.standIn.listen(started.port, '127.0.0.1', resolve));
    expect(await server.deps.engineHealth.probeNow()).toBe(true);
    expect(logged).toContain('Search engine reachable again: lists and searches answer again.');
    const response = await get('/api/businesses?page=1');
    expect(response.status).toBe(200);
    const page = (await response.json()) as PagedBusinesses;
    expect(page.totalCount).toBe(SIZE);
    const firstSlug = server.deps.record.prepare('SELECT slug FROM businesses ORDER BY reviews DESC, id LIMIT 1').pluck().get();
    expect(page.businesses[0]!.slug).toBe(firstSlug);
    expect((await get('/businesses')).status).toBe(200);
  });
});
