/**
 * The origin of the site's absolute URLs (canonical link, og:url, JSON-LD, robots.txt, sitemaps):
 * PUBLIC_URL when set, whatever Host a request names; otherwise the request's own, and then a
 * page rendered for one origin is never served to a request for another.
 */
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { rawGet } from '../testing/raw-get.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

// A photo at a path of the site: its og:image and JSON-LD image are written with the site's origin too.
const BUSINESSES = [
  buildBusiness({ name: 'Parkside Spine Wellness', category: 'Chiropractor', city: 'Tokyo', country: 'Japan', countryCode: 'JP', photo: '/media/parkside.jpg' }),
];
const PAGES = (slug: string) => [
  `/business/${slug}`,
  '/',
  '/businesses',
  '/categories',
  '/categories?letter=C',
  '/categories/chiropractor',
  '/countries',
  '/countries/japan',
  '/countries/japan/cities',
  '/cities',
  '/cities/T',
  '/cities/jp/tokyo',
  '/search?q=spine',
  '/contact',
  '/privacy-policy',
];

/** A page's body as sent, unpacked if it came in gzip. */
async function body(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await rawGet(url, { 'accept-encoding': 'gzip', ...headers });
  expect(answer.status).toBe(200);
  return (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
}

/** The addresses a page writes: canonical link, og:url, og:image and every JSON-LD `url`, `@id`, `item`, `target` and `image`. */
function addressesIn(html: string): string[] {
  const tags = [...html.matchAll(/<link rel="canonical" href="([^"]+)"|<meta property="og:(?:url|image)" content="([^"]+)"/g)].map((match) => match[1] ?? match[2]!);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => match[1]!);
  const urls = jsonLd.flatMap((json) => [...json.matchAll(/"(?:url|@id|item|target|image)":"([^"]+)"/g)].map((match) => match[1]!));
  return [...tags, ...urls];
}

/** A GET whose request-target is an absolute URL (as sent to a proxy): another host than the one connected to. */
function absoluteFormGet(base: string, target: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path: target, headers: { host: `${hostname}:${port}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString()));
    }).on('error', reject);
  });
}

describe('with PUBLIC_URL set', () => {
  let app: TestApp & { url: string };
  let slug: string;

  beforeAll(async () => {
    app = await startTestApp(BUSINESSES, { withPages: true, publicUrl: 'https://directory.example' });
    slug = app.deps.record.prepare('SELECT slug FROM businesses').pluck().get() as string;
  });
  afterAll(() => app.close());

  it.each(['evil.example', 'evil.example:8443'])('writes every URL of a page (canonical, og:url, JSON-LD) with it, whatever Host (%s) or X-Forwarded-Host asks', async (host) => {
    for (const path of PAGES(slug)) {
      const forged = await body(app.url + path, { host });
      const forwarded = await body(app.url + path, { 'x-forwarded-host': host, 'x-forwarded-proto': 'http' });
      const normal = await body(app.url + path, {});
      for (const html of [forged, forwarded, normal]) {
        expect(html).not.toContain('evil.example');
        expect(html).not.toContain('127.0.0.1');
        const addresses = addressesIn(html);
        expect(addresses.length, path).toBeGreaterThan(0);
        for (const address of addresses) expect(address, path).toMatch(/^https:\/\/directory\.example\//);
      }
      expect(addressesIn(forged)).toEqual(addressesIn(normal));
    }
    expect(addressesIn(await body(`${app.url}/business/${slug}`, { host }))).toEqual(
      expect.arrayContaining([`https://directory.example/business/${slug}`, 'https://directory.example/media/parkside.jpg']),
    );
  });

  it("writes the home page's WebSite with its URL and an absolute search target", async () => {
    const html = await body(`${app.url}/`, {});
    const website = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((object) => object['@type'] === 'WebSite');
    expect(website).toMatchObject({
      url: 'https://directory.example/',
      potentialAction: { '@type': 'SearchAction', target: 'https://directory.example/search?q={search_term_string}' },
    });
  });

  it('writes robots.txt and the sitemaps with it', async () => {
    const robots = (await rawGet(`${app.url}/robots.txt`, { host: 'evil.example' })).body.toString();
    expect(robots).toContain('Sitemap: https://directory.example/sitemap.xml');
    for (const path of ['/sitemap.xml', '/sitemaps/main.xml', '/sitemaps/categories.xml', '/sitemaps/businesses/page-1.xml']) {
      for (const headers of [{ host: 'evil.example', 'accept-encoding': 'gzip' }, { host: 'evil.example' }] as Record<string, string>[]) {
        const answer = await rawGet(app.url + path, headers);
        const xml = (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
        const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
        expect(locations.length, path).toBeGreaterThan(0);
        for (const location of locations) expect(location).toMatch(/^https:\/\/directory\.example\//);
      }
    }
  });

  it('renders the path asked for on its own host, even when the request-target names another', async () => {
    const html = await absoluteFormGet(app.url, `http://evil.example/business/${slug}`);
    expect(html).toContain(`<link rel="canonical" href="https://directory.example/business/${slug}"`);
    expect(html).not.toContain('evil.example');
  });
});

describe('without PUBLIC_URL', () => {
  let app: TestApp & { url: string };
  let slug: string;

  beforeAll(async () => {
    app = await startTestApp(BUSINESSES, { withPages: true });
    slug = app.deps.record.prepare('SELECT slug FROM businesses').pluck().get() as string;
  });
  afterAll(() => app.close());

  it('never serves a page rendered for a forged Host to a request for the real one', async () => {
    for (const path of PAGES(slug)) {
      // The forged request comes first: it renders the page and the cache keeps it.
      const forged = await body(app.url + path, { host: 'evil.example' });
      expect(addressesIn(forged)[0], path).toMatch(/^http:\/\/evil\.example\//);
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const normal = await body(app.url + path, headers);
        expect(normal, path).not.toContain('evil.example');
        for (const address of addressesIn(normal)) expect(address, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      }
    }
  });

  it('answers 400 to a Host that names no host', async () => {
    const answer = await rawGet(`${app.url}/categories`, { host: 'bad host' });
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toContain('Host header');
  });
});
