import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { rawGet } from '../testing/raw-get.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { cachedPages, keptPageOf, keptUntil, RenderedPageCache, timedPages, type BusinessHours } from './page-cache.ts';
import { NONCE_LENGTH } from './script-nonce.ts';
import { siteOrigin } from '../site-origin.ts';

/** No PUBLIC_URL: pages are written with the origin each request names. */
const requestOrigin = siteOrigin(undefined);

let app: TestApp;
let slug: string;

/** A write as every write path makes it: the row's `updated_at` moves. */
const write = (name: string) =>
  app.deps.record.prepare(`UPDATE businesses SET name = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE slug = ?`).run(name, slug);
/** A change behind the write paths' back (the row's version stays): only a cache that still holds the page shows the old name. */
const bypass = (name: string) => app.deps.record.prepare('UPDATE businesses SET name = ? WHERE slug = ?').run(name, slug);
const page = async (headers: Record<string, string> = {}) => {
  const response = await fetch(new URL(`/business/${slug}`, (await app.get('/api/nothing')).url), { headers });
  return { status: response.status, etag: response.headers.get('etag'), html: await response.text() };
};

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Cached Corner Bakery', category: 'Bakery' })], { withPages: true });
  slug = app.deps.record.prepare('SELECT slug FROM businesses').pluck().get() as string;
});

afterAll(() => app.close());

describe('rendered business pages', () => {
  it('serves the page again while its business is unchanged, whatever else the index takes in, and anew as soon as the business is written', async () => {
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.html).toContain('Cached Corner Bakery');
    // Another business arrives and the index applies it (an import elsewhere): this page stays cached.
    bypass('Bypassed Corner Bakery');
    insertBusiness(app.deps.record, buildBusiness({ name: 'Another Bakery Nearby', category: 'Bakery' }));
    await app.deps.sync.catchUp();
    const cached = await page();
    expect(cached.html).toContain('Cached Corner Bakery');
    expect(cached.etag).toBe(first.etag);

    // The business itself is written: its page shows it at once, before the index has applied it.
    write('Renamed Corner Bakery');
    const after = await page();
    expect(after.html).toContain('Renamed Corner Bakery');
    expect(after.etag).not.toBe(first.etag);
  });

  it('retires the kept page when its business is marked temporarily closed, or no longer, with no other change to it', async () => {
    const first = await page();
    expect(first.html).not.toContain('Temporarily closed');
    const id = app.deps.record.prepare('SELECT id FROM businesses WHERE slug = ?').pluck().get(slug);
    app.deps.record.prepare("INSERT INTO business_closures (business_id, status) VALUES (?, 'temporarily_closed')").run(id);
    const closed = await page();
    expect(closed.html).toContain('Temporarily closed');
    expect(closed.etag).not.toBe(first.etag);
    app.deps.record.prepare('DELETE FROM business_closures WHERE business_id = ?').run(id);
    const reopened = await page();
    expect(reopened.html).not.toContain('Temporarily closed');
    expect(reopened.etag).not.toBe(closed.etag);
  });

  it('answers 304 to the ETag of the current version and the whole page to an older one', async () => {
    const current = await page();
    expect(current.etag).toMatch(/^W\/"/);
    // An explicit Cache-Control stops fetch from adding its own no-cache to a conditional request.
    expect((await page({ 'if-none-match': current.etag!, 'cache-control': 'max-age=0' })).status).toBe(304);
    write('Third Name Bakery');
    const changed = await page({ 'if-none-match': current.etag!, 'cache-control': 'max-age=0' });
    expect(changed.status).toBe(200);
    expect(changed.html).toContain('Third Name Bakery');
  });

  it('shows a saved head snippet at once', async () => {
    await page();
    app.deps.site.saveSiteSettings({ head_tags: '<meta name="cache-probe" content="1">', facebook_pixel: '', footer_tags: '', analytics_code: '' });
    expect((await page()).html).toContain('<meta name="cache-probe" content="1">');
  });

  it('is kept by its business\'s version and hours, read in one look-up', () => {
    const row = app.deps.record.prepare('SELECT id, updated_at, working_hours, time_zone FROM businesses WHERE slug = ?').get(slug) as {
      id: number;
      updated_at: string;
      working_hours: string;
      time_zone: string | null;
    };
    expect(app.deps.businesses.pageVersionOfSlug(slug)).toEqual({
      version: `${row.id}@${row.updated_at}`,
      hours: { hours: JSON.parse(row.working_hours), timeZone: row.time_zone },
    });
    expect(Object.keys(app.deps.businesses.pageVersionOfSlug(slug)!.hours!.hours!)).toContain('Monday');
    expect(app.deps.businesses.pageVersionOfSlug('no-such-business')).toBeUndefined();
    // Hours that are no table of days (text, as an import keeps what it cannot read): none, the same version.
    app.deps.record.prepare('UPDATE businesses SET working_hours = ? WHERE slug = ?').run('"Lundi 9h–17h"', slug);
    expect(app.deps.businesses.pageVersionOfSlug(slug)).toEqual({ version: `${row.id}@${row.updated_at}`, hours: { hours: null, timeZone: row.time_zone } });
    app.deps.record.prepare('UPDATE businesses SET working_hours = ? WHERE slug = ?').run(row.working_hours, slug);
  });

  it('is emptied by "clear cache" in the admin area', async () => {
    await page();
    bypass('Cleared Name Bakery');
    expect((await page()).html).not.toContain('Cleared Name Bakery');
    expect(app.deps.admin.caches.clearAll()).toContain('rendered_pages');
    expect((await page()).html).toContain('Cleared Name Bakery');
  });
});

describe('the home page and the lists, kept like business pages', () => {
  const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, (await app.get('/api/nothing')).url), { headers });
    return { status: response.status, etag: response.headers.get('etag'), html: await response.text() };
  };
  const recategorise = (category: string) => app.deps.record.prepare('UPDATE businesses SET category = ? WHERE slug = ?').run(category, slug);

  it.each(['/', '/categories', '/cities', '/countries'])('%s: answers 304 to its version and the new lists once a change is applied', async (path) => {
    const first = await fetchPage(path);
    expect(first.status).toBe(200);
    // The version's ETag (weak), not a hash of the body.
    expect(first.etag).toMatch(/^W\/"/);
    expect((await fetchPage(path, { 'if-none-match': first.etag!, 'cache-control': 'max-age=0' })).status).toBe(304);

    const category = `Florist ${path.length}`;
    recategorise(category);
    await app.deps.sync.catchUp();
    const changed = await fetchPage(path, { 'if-none-match': first.etag!, 'cache-control': 'max-age=0' });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    if (path === '/categories') expect(changed.html).toContain(category);
  });
});

describe('category, country, city and search pages, kept like the lists', () => {
  const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, (await app.get('/api/nothing')).url), { headers });
    return { status: response.status, etag: response.headers.get('etag'), html: await response.text() };
  };

  it.each(['/categories/bakery', '/categories/bakery?page=1', '/countries/france', '/countries/france/cities', '/cities/fr/lyon', '/search?q=bakery'])(
    '%s: kept for its index generation (304 to its version), and shows a new bakery once it is applied',
    async (path) => {
      const first = await fetchPage(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^W\//);
      expect((await fetchPage(path, { 'if-none-match': first.etag!, 'cache-control': 'max-age=0' })).status).toBe(304);

      const name = `Kept Crumb ${path.length}${path.includes('?') ? ' Q' : ''}`;
      insertBusiness(app.deps.record, buildBusiness({ name, category: 'Bakery', reviews: 100_000 }));
      await app.deps.sync.catchUp();
      const changed = await fetchPage(path, { 'if-none-match': first.etag!, 'cache-control': 'max-age=0' });
      expect(changed.status).toBe(200);
      expect(changed.etag).not.toBe(first.etag);
      // The most reviewed business comes first on the category's, the city's and the search's pages; the country page counts it.
      if (!path.startsWith('/countries')) expect(changed.html).toContain(name);
      expect(changed.html).not.toBe(first.html);
    },
  );

  it('keeps pages by their data only: a business page by its row, the index pages, and nothing else', () => {
    expect(keptPageOf('/business/cached-corner-bakery-lyon')).toEqual({ kind: 'business', slug: 'cached-corner-bakery-lyon' });
    for (const path of ['/', '/categories', '/categories/bakery', '/countries', '/countries/france', '/countries/france/cities', '/cities', '/cities/b', '/cities/fr/lyon', '/search']) {
      expect(keptPageOf(path), path).toEqual({ kind: 'index' });
    }
    for (const path of ['/search/x', '/contact', '/admin', '/categories/bakery/extra', '/countries/france/towns', '/cities/fr/lyon/x', '/about']) {
      expect(keptPageOf(path), path).toBeNull();
    }
  });
});

describe('with PAGE_STALE_SECONDS', () => {
  let staleApp: TestApp;
  beforeAll(async () => {
    staleApp = await startTestApp([buildBusiness({ name: 'Steady Bakery', category: 'Bakery', reviews: 10 })], { withPages: true, pageStaleSeconds: 3600 });
  });
  afterAll(() => staleApp.close());
  const fetchFrom = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, (await staleApp.get('/api/nothing')).url), { headers });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
  };

  it('serves a kept index page as it was after the index changed, while the API answers and business pages show the change at once', async () => {
    const first = await fetchFrom('/search?q=bakery');
    expect(first.text).toContain('Steady Bakery');
    insertBusiness(staleApp.deps.record, buildBusiness({ name: 'Newcomer Bakery', category: 'Bakery', reviews: 100_000 }));
    await staleApp.deps.sync.catchUp();
    // The page rendered a moment ago, under the generation before: served as it was, with its own validator.
    const kept = await fetchFrom('/search?q=bakery');
    expect(kept.etag).toBe(first.etag);
    expect(kept.text).not.toContain('Newcomer Bakery');
    expect((await fetchFrom('/search?q=bakery', { 'if-none-match': first.etag!, 'cache-control': 'max-age=0' })).status).toBe(304);
    // The API reads the index as it is now.
    expect((await fetchFrom('/api/search?q=bakery')).text).toContain('Newcomer Bakery');
    // A page not rendered before the change shows it.
    expect((await fetchFrom('/categories/bakery')).text).toContain('Newcomer Bakery');
  });
});

describe('a cached page and its Content-Security-Policy', () => {
  it('gets a fresh nonce in its policy and on each of its scripts at every answer, from the cache too', async () => {
    const answers = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(new URL(`/business/${slug}`, (await app.get('/api/nothing')).url));
      const policy = response.headers.get('content-security-policy') ?? '';
      answers.push({ nonce: /'nonce-([^']+)'/.exec(policy)?.[1], html: await response.text() });
    }
    const [first, second] = answers;
    expect(first!.nonce).toBeTruthy();
    expect(second!.nonce).toBeTruthy();
    expect(second!.nonce).not.toBe(first!.nonce);
    for (const answer of answers) {
      // Every script a browser would run (JSON-LD data blocks never run).
      const scriptNonces = [...answer.html.matchAll(/<script\b[^>]*>/g)]
        .filter((tag) => !tag[0].includes('type="application/ld+json"'))
        .map((tag) => /nonce="([^"]+)"/.exec(tag[0])?.[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(scriptNonces).toEqual(scriptNonces.map(() => answer.nonce));
    }
  });

  it('is sent from the cache in gzip, compressed once, with each answer\'s nonce, to a client that takes gzip; in brotli to one that takes only that', async () => {
    const url = new URL(`/business/${slug}`, (await app.get('/api/nothing')).url);
    // Answers read as the bytes on the wire: the first renders the page, the next come from the cache.
    const raw = async (encoding: string) => {
      const response = await rawGet(url, { 'accept-encoding': encoding });
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      return { ...response, nonce };
    };
    await raw('gzip, deflate, br');
    const kept = [await raw('gzip, deflate, br'), await raw('gzip')];
    const rendered = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const plain = await rendered.text();
    const plainNonce = /'nonce-([^']+)'/.exec(rendered.headers.get('content-security-policy') ?? '')![1]!;
    for (const answer of kept) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toContain('Accept-Encoding');
      const html = gunzipSync(answer.body).toString();
      // The same page as sent uncompressed, but for the nonce, which is this answer's own.
      expect(answer.nonce).toBeTruthy();
      expect(answer.nonce).not.toBe(plainNonce);
      expect(html).toBe(plain.split(plainNonce).join(answer.nonce!));
    }
    expect(kept[0]!.nonce).not.toBe(kept[1]!.nonce);
    const brotli = await raw('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.split(plainNonce).join(brotli.nonce!));
  });
});

describe('cachedPages and the origin a page was rendered for', () => {
  /** A server whose render writes the origin it was asked for, as the pages' canonical links do; the bodies of `hosts` asked in turn. */
  async function bodiesFor(originOf: ReturnType<typeof siteOrigin>, hosts: string[]): Promise<string[]> {
    let renders = 0;
    const koa = new Koa();
    koa.use(cachedPages(new RenderedPageCache({ maxBytes: 1024 * 1024 }), async () => ({ version: 'v1', generation: 'g1', hours: null }), { originOf }));
    koa.use((ctx) => {
      renders += 1;
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'public, max-age=0');
      ctx.body = `<link rel="canonical" href="${originOf(ctx)}/categories"><p>render ${renders}</p>`;
      ctx.state.preparedPage = { html: ctx.body, reads: '' };
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const bodies: string[] = [];
      for (const host of hosts) bodies.push((await rawGet(`http://127.0.0.1:${port}/categories`, { host: host.replace('PORT', String(port)) })).body.toString());
      return bodies;
    } finally {
      server.close();
    }
  }

  it('never serves a page rendered for a forged Host to a request for the real one', async () => {
    const [forged, real, realAgain] = await bodiesFor(requestOrigin, ['evil.example', '127.0.0.1:PORT', '127.0.0.1:PORT']);
    expect(forged).toContain('href="http://evil.example/categories"');
    expect(real).toContain('href="http://127.0.0.1:');
    expect(real).not.toContain('evil.example');
    // Each origin's page is kept for that origin.
    expect(real).toContain('render 2');
    expect(realAgain).toBe(real);
  });

  it('keeps one page for every Host when the public origin is set', async () => {
    const bodies = await bodiesFor(siteOrigin('https://directory.example'), ['evil.example', '127.0.0.1:PORT']);
    expect(bodies).toEqual([
      '<link rel="canonical" href="https://directory.example/categories"><p>render 1</p>',
      '<link rel="canonical" href="https://directory.example/categories"><p>render 1</p>',
    ]);
  });
});

describe('cachedPages and the time a business page shows', () => {
  // Friday 27 November 2026, 10:41:30 in Paris; the business is open 9 to 5 there.
  const at = Date.UTC(2026, 10, 27, 9, 41, 30);
  const weekdays = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => [day, '9AM–5PM']));

  /** Asks for a business page at `at`, then two minutes later; how many times it was rendered. */
  async function rendersOver2Minutes(hours: BusinessHours | null): Promise<number> {
    let clock = at;
    let renders = 0;
    const koa = new Koa();
    koa.use(cachedPages(new RenderedPageCache({ maxBytes: 1024 * 1024 }), async () => ({ version: 'v1', generation: null, hours }), { originOf: requestOrigin, now: () => clock }));
    koa.use((ctx) => {
      renders += 1;
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'public, max-age=0');
      ctx.body = `<p>render ${renders}</p>`;
      ctx.state.preparedPage = { html: ctx.body, reads: '' };
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/business/chez-paul-a1b2c3`;
    try {
      expect(await (await fetch(url)).text()).toContain('<p>render 1</p>');
      clock += 2 * 60_000;
      expect((await fetch(url)).status).toBe(200);
      return renders;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('serves the page it rendered until the business opens or closes, and only to the minute when its hours cannot be read', async () => {
    expect(await rendersOver2Minutes({ hours: weekdays, timeZone: 'Europe/Paris' })).toBe(1);
    expect(await rendersOver2Minutes(null)).toBe(2);
  });

  /** The Cache-Control of `path` asked at `times` in turn, from a server with or without the rendered-page cache, whose renderer sends the usual 10-minute header. */
  async function cacheControlsAt(withCache: boolean, path: string, hours: BusinessHours | null, times: number[]): Promise<string[]> {
    let clock = times[0]!;
    const koa = new Koa();
    if (withCache) koa.use(cachedPages(new RenderedPageCache({ maxBytes: 1024 * 1024 }), async () => ({ version: 'v1', generation: 'g1', hours }), { originOf: requestOrigin, now: () => clock }));
    else koa.use(timedPages(() => hours, { now: () => clock }));
    koa.use((ctx) => {
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'public, max-age=600, stale-while-revalidate=600');
      ctx.body = '<p>page</p>';
      ctx.state.preparedPage = { html: ctx.body, reads: '' };
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answers: string[] = [];
      for (const time of times) {
        clock = time;
        answers.push((await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).headers.get('cache-control')!);
      }
      return answers;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it.each([true, false])('tells browsers and CDNs to keep a page that shows the time only until it changes, never stale (rendered-page cache: %s)', async (withCache) => {
    // 16:55 in Paris: the business closes in 5 minutes; asked again a minute later (served kept, with the cache).
    const beforeClosing = Date.UTC(2026, 10, 27, 15, 55);
    const paris = { hours: weekdays, timeZone: 'Europe/Paris' };
    expect(await cacheControlsAt(withCache, '/business/chez-paul-a1b2c3', paris, [beforeClosing, beforeClosing + 60_000])).toEqual(['public, max-age=300', 'public, max-age=240']);
    // Hours that cannot be read: to the end of the minute. Open now: the same.
    expect(await cacheControlsAt(withCache, '/business/chez-paul-a1b2c3', null, [at])).toEqual(['public, max-age=30']);
    expect(await cacheControlsAt(withCache, '/search?q=bakery&openNow=true', null, [at])).toEqual(['public, max-age=30']);
    // Far from any change (the business opened at 9, closes at 5; six hours at most): the usual ten minutes, capped.
    expect(await cacheControlsAt(withCache, '/business/chez-paul-a1b2c3', paris, [at])).toEqual(['public, max-age=600']);
    // A page that shows no time keeps the renderer's header.
    expect(await cacheControlsAt(withCache, '/search?q=bakery', null, [at])).toEqual(['public, max-age=600, stale-while-revalidate=600']);
  });
});

describe('cachedPages when the index changes under a kept page', () => {
  /** A server whose renders numbered in `held` wait until `state.held()` is called; `generation` is the index generation its pages read. */
  async function serverWithHeldRenders(staleMs: number, held: number[]) {
    const state = { generation: 'g1', renders: 0, held: null as (() => void) | null, clock: 0 };
    const koa = new Koa();
    koa.use(cachedPages(new RenderedPageCache({ maxBytes: 1024 * 1024 }), async () => ({ version: 'v1', generation: state.generation, hours: null }), { originOf: requestOrigin, staleMs, now: () => state.clock }));
    koa.use(async (ctx) => {
      state.renders += 1;
      const html = `<p>${state.generation}, render ${state.renders}</p>`;
      if (held.includes(state.renders)) await new Promise<void>((resolve) => (state.held = resolve));
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'public, max-age=0');
      ctx.body = html;
      ctx.state.preparedPage = { html, reads: '' };
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    /** Resolves once the held render has started (the server has received its request). */
    const renderStarted = async () => {
      while (state.held === null) await new Promise((resolve) => setImmediate(resolve));
    };
    // A render still held (a failed assertion) is let go, so the server can close.
    const close = () => {
      state.held?.();
      return new Promise((resolve) => server.close(resolve));
    };
    return { state, url, renderStarted, close };
  }

  it('serves the page of the older generation, whatever its age, to requests that come while one request renders it anew', async () => {
    const { state, url, renderStarted, close } = await serverWithHeldRenders(5_000, [2]);
    try {
      expect(await (await fetch(url)).text()).toBe('<p>g1, render 1</p>');
      // An hour on, far past the stale time, the index changes.
      state.clock += 3_600_000;
      state.generation = 'g2';
      const first = fetch(url).then((response) => response.text());
      await renderStarted();
      // The render for g2 is under way: the others get g1's page, and nothing is rendered for them.
      expect(await (await fetch(url)).text()).toBe('<p>g1, render 1</p>');
      expect(await (await fetch(url)).text()).toBe('<p>g1, render 1</p>');
      expect(state.renders).toBe(2);
      state.held!();
      expect(await first).toBe('<p>g2, render 2</p>');
      expect(await (await fetch(url)).text()).toBe('<p>g2, render 2</p>');
      expect(state.renders).toBe(2);
    } finally {
      await close();
    }
  });

  it('renders for every request meanwhile when there is no stale time (PAGE_STALE_SECONDS=0)', async () => {
    const { state, url, renderStarted, close } = await serverWithHeldRenders(0, [2, 3]);
    try {
      await (await fetch(url)).text();
      state.generation = 'g2';
      const first = fetch(url).then((response) => response.text());
      await renderStarted();
      const releaseFirst = state.held!;
      state.held = null;
      const second = fetch(url).then((response) => response.text());
      await renderStarted();
      expect(state.renders).toBe(3);
      releaseFirst();
      state.held!();
      expect([await first, await second]).toEqual(['<p>g2, render 2</p>', '<p>g2, render 3</p>']);
    } finally {
      await close();
    }
  });
});

describe('RenderedPageCache', () => {
  const entry = () => ({ version: 'v1', generation: null, renderedAt: 0, expiresAt: 120_000, page: { html: '<html>', reads: '' }, cacheControl: 'public' });

  it('keeps a page for its version until its minute ends', () => {
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024 });
    cache.set('/business/a', entry());
    expect(cache.get('/business/a', 'v1', null, 119_999)?.page?.html).toBe('<html>');
    expect(cache.get('/business/a', 'v1', null, 120_000)).toBeUndefined();
    expect(cache.get('/business/a', 'v2', null, 60_000)).toBeUndefined();
  });

  it('keeps a business page until what it shows of the time changes, an "open now" search until its minute ends, every other page for as long as its version', () => {
    const at = Date.UTC(2026, 10, 27, 9, 41, 30);
    const endOfMinute = Date.UTC(2026, 10, 27, 9, 42);
    const business = { kind: 'business', slug: 'chez-paul-a1b2c3' } as const;
    // Open 9 to 5 in Paris (10:41 there): kept until it closes at 17:00 Paris time, 16:00 UTC (more than six hours away: six hours).
    const weekdays = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => [day, '9AM–5PM']));
    expect(keptUntil(business, '', at, { hours: weekdays, timeZone: 'Europe/Paris' })).toBe(at + 6 * 3_600_000);
    expect(keptUntil(business, '', Date.UTC(2026, 10, 27, 13, 0), { hours: weekdays, timeZone: 'Europe/Paris' })).toBe(Date.UTC(2026, 10, 27, 16, 0));
    // Hours that cannot be read (or no such business): to the minute, as before.
    expect(keptUntil(business, '', at, null)).toBe(endOfMinute);
    expect(keptUntil({ kind: 'index' }, 'q=pizza&location=Rome&openNow=true', at)).toBe(endOfMinute);
    expect(keptUntil({ kind: 'index' }, 'q=pizza&OPENNOW=1', at)).toBe(endOfMinute);
    for (const search of ['', 'q=pizza&location=Rome', 'page=3', 'letter=B']) expect(keptUntil({ kind: 'index' }, search, at)).toBe(Number.POSITIVE_INFINITY);
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024 });
    cache.set('/categories', { ...entry(), generation: 'g1', renderedAt: at, expiresAt: keptUntil({ kind: 'index' }, '', at) });
    // A day later, on the same index generation: still the same page.
    expect(cache.get('/categories', 'v1', 'g1', at + 86_400_000)?.page?.html).toBe('<html>');
    expect(cache.get('/categories', 'v1', 'g2', at)).toBeUndefined();
  });

  it('serves an index page of an older generation while it is younger than the stale time, never a page of another version', () => {
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024 });
    const renderedAt = 1_000_000;
    cache.set('/search?q=bakery', { ...entry(), generation: 'g1', renderedAt, expiresAt: Number.POSITIVE_INFINITY });
    // The index moved on (g2, g3…) while the page is younger than 5 s: it is served as rendered.
    expect(cache.get('/search?q=bakery', 'v1', 'g2', renderedAt + 4_999, 5_000)?.generation).toBe('g1');
    expect(cache.get('/search?q=bakery', 'v1', 'g3', renderedAt + 4_999, 5_000)?.generation).toBe('g1');
    // From 5 s on, or with no stale time, it is rendered again.
    expect(cache.get('/search?q=bakery', 'v1', 'g2', renderedAt + 5_000, 5_000)).toBeUndefined();
    expect(cache.get('/search?q=bakery', 'v1', 'g2', renderedAt + 1)).toBeUndefined();
    // New snippets, ad codes or a "clear cache" (the version) end it at once, as do the business page's own writes.
    expect(cache.get('/search?q=bakery', 'v2', 'g1', renderedAt + 1, 5_000)).toBeUndefined();
    cache.set('/business/a', { ...entry(), renderedAt });
    expect(cache.get('/business/a', 'v2', null, renderedAt + 1, 5_000)).toBeUndefined();
  });

  it('serves an index page of an older generation, however old, while its render for the new one is under way', () => {
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024 });
    cache.set('/', { ...entry(), generation: 'g1', renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });
    const anHourLater = 3_600_000;
    expect(cache.get('/', 'v1', 'g2', anHourLater, 5_000)).toBeUndefined();
    const done = cache.startRender('/');
    const alsoRendering = cache.startRender('/');
    expect(cache.get('/', 'v1', 'g2', anHourLater, 5_000)?.generation).toBe('g1');
    // Not without a stale time, nor for another version.
    expect(cache.get('/', 'v1', 'g2', anHourLater)).toBeUndefined();
    expect(cache.get('/', 'v2', 'g2', anHourLater, 5_000)).toBeUndefined();
    done();
    done();
    expect(cache.get('/', 'v1', 'g2', anHourLater, 5_000)?.generation).toBe('g1');
    alsoRendering();
    expect(cache.get('/', 'v1', 'g2', anHourLater, 5_000)).toBeUndefined();
    // A business page (no generation) is never served for another version while it renders.
    cache.set('/business/a', entry());
    const business = cache.startRender('/business/a');
    expect(cache.get('/business/a', 'v2', null, 1, 5_000)).toBeUndefined();
    business();
  });

  it('after an index change, renders the retired index pages two at a time and serves the others as they were, for up to the stale time', () => {
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024 });
    const keys = ['/', '/categories', '/search?q=bakery', '/search?q=florist'];
    // Rendered at g1 an hour before the index changes: far older than the stale time.
    for (const key of keys) {
      expect(cache.get(key, 'v1', 'g1', 0, 5_000)).toBeUndefined();
      cache.set(key, { ...entry(), generation: 'g1', renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });
    }
    const changedAt = 3_600_000;
    // The first two asked for after the change are rendered anew.
    expect(cache.get('/', 'v1', 'g2', changedAt, 5_000)).toBeUndefined();
    const home = cache.startRender('/');
    expect(cache.get('/categories', 'v1', 'g2', changedAt + 1, 5_000)).toBeUndefined();
    const categories = cache.startRender('/categories');
    // While they render, the others are served as they were, however old.
    expect(cache.get('/search?q=bakery', 'v1', 'g2', changedAt + 2, 5_000)?.generation).toBe('g1');
    expect(cache.get('/search?q=florist', 'v1', 'g2', changedAt + 2, 5_000)?.generation).toBe('g1');
    // A business page's render takes no turn of theirs.
    const business = cache.startRender('/business/a', false);
    home();
    expect(cache.get('/search?q=bakery', 'v1', 'g2', changedAt + 3, 5_000)).toBeUndefined();
    const bakery = cache.startRender('/search?q=bakery');
    expect(cache.get('/search?q=florist', 'v1', 'g2', changedAt + 3, 5_000)?.generation).toBe('g1');
    // From the stale time after the change on, a retired page is rendered for its request, however many render.
    expect(cache.get('/search?q=florist', 'v1', 'g2', changedAt + 4_999, 5_000)?.generation).toBe('g1');
    expect(cache.get('/search?q=florist', 'v1', 'g2', changedAt + 5_000, 5_000)).toBeUndefined();
    // Not without a stale time either, nor for another version.
    expect(cache.get('/search?q=florist', 'v1', 'g2', changedAt + 1, 0)).toBeUndefined();
    expect(cache.get('/search?q=florist', 'v2', 'g2', changedAt + 1, 5_000)).toBeUndefined();
    for (const done of [categories, bakery, business]) done();
  });

  it('counts the stale time from the change that retired a page, and renders a page whose generation it no longer remembers', () => {
    const cache = new RenderedPageCache({ maxBytes: 1024 * 1024, maxIndexRenders: 1 });
    expect(cache.get('/', 'v1', 'g1', 0, 5_000)).toBeUndefined();
    cache.set('/', { ...entry(), generation: 'g1', renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });
    cache.get('/categories', 'v1', 'g2', 10_000, 5_000);
    // g3 comes later: the home page of g1 was retired by g2, at 10 s, so its stale time ended at 15 s.
    const rendering = cache.startRender('/categories');
    expect(cache.get('/', 'v1', 'g3', 14_999, 5_000)?.generation).toBe('g1');
    expect(cache.get('/', 'v1', 'g3', 15_000, 5_000)).toBeUndefined();
    rendering();
    // After 32 more index changes g1 is forgotten: a page of it is rendered, whatever renders.
    const many = new RenderedPageCache({ maxBytes: 1024 * 1024, maxIndexRenders: 1 });
    many.get('/', 'v1', 'g1', 0, 5_000);
    many.set('/', { ...entry(), generation: 'g1', renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });
    const busy = many.startRender('/categories');
    for (let change = 2; change <= 33; change += 1) many.get('/categories', 'v1', `g${change}`, 60_000, 5_000);
    expect(many.get('/', 'v1', 'g33', 60_001, 5_000)).toBeUndefined();
    busy();
  });

  it('holds no more than its memory', () => {
    const cache = new RenderedPageCache({ maxBytes: 10_000 });
    for (let i = 0; i < 100; i += 1) cache.set(`/business/${i}`, { ...entry(), page: { html: 'x'.repeat(1000), reads: '' } });
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.get('/business/99', 'v1', null, 0)?.page?.html).toHaveLength(1000);
  });

  it('keeps a page asked again in gzip as its compressed bytes only, so that many more such pages fit', () => {
    const cache = new RenderedPageCache({ maxBytes: 200_000 });
    const text = (i: number) => `<html><body>${`<p>Row ${i} of a results page, <b>bakery</b> in Lyon</p>`.repeat(200)}</body></html>`;
    cache.set('/search?q=0', { ...entry(), page: { html: text(0), reads: '' } });
    const asText = cache.bytes;
    const kept = cache.get('/search?q=0', 'v1', null, 0)!;
    const template = cache.gzipOf('/search?q=0', kept);
    expect(kept.page).toBeNull();
    expect(cache.bytes).toBeLessThan(asText / 10);
    expect(gunzipSync(template.fill('n'.repeat(NONCE_LENGTH))).toString()).toBe(text(0));
    // Twenty such pages as text would not fit; compressed they all do.
    for (let i = 1; i < 20; i += 1) {
      cache.set(`/search?q=${i}`, { ...entry(), page: { html: text(i), reads: '' } });
      cache.gzipOf(`/search?q=${i}`, cache.get(`/search?q=${i}`, 'v1', null, 0)!);
    }
    expect(20 * asText).toBeGreaterThan(200_000);
    expect(cache.size).toBe(20);
  });
});
