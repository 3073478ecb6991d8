import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Statement } from 'better-sqlite3';
import { gunzipSync } from 'node:zlib';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { SitemapRepository } from '../../db/sitemap-repository.ts';
import { SITEMAP_CHUNK_SIZE, SITEMAP_PAGE_SIZE, SitemapService } from '../../services/sitemap-service.ts';
import { rawGet } from '../../testing/raw-get.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const BUSINESS_COUNT = 20_000;
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\+00:00|[+-]\d{2}:\d{2}))?$/;

interface Entry {
  loc: string;
  lastmod?: string;
}
interface Urlset {
  urlset: { '@_xmlns': string; url?: Entry[] };
}
interface SitemapIndex {
  sitemapindex: { '@_xmlns': string; sitemap: Entry[] };
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'url' || name === 'sitemap' });

/** Fetches a sitemap file, checks it is well-formed XML served as such, and parses it. */
async function fetchXml<T>(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<{ body: T; response: Response }> {
  const response = await fetch(`${(app as TestApp & { url: string }).url}${path}`, { headers });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  const text = await response.text();
  expect(XMLValidator.validate(text), path).toBe(true);
  return { body: parser.parse(text) as T, response };
}

const slugsOf = (app: TestApp, where = '1 = 1') =>
  (app.deps.record.prepare(`SELECT slug FROM businesses WHERE ${where}`).pluck() as Statement<[], string>).all();

describe('sitemaps over 20,000 businesses', () => {
  let app: TestApp & { url: string };
  let origin: string;

  beforeAll(async () => {
    const cities = [
      { city: 'Lyon', country: 'France', countryCode: 'FR' },
      { city: 'São Paulo', country: 'Brazil', countryCode: 'BR' },
      { city: 'Berlin', country: 'Germany', countryCode: 'DE' },
    ];
    const categories = ['Plumber', 'Dentist', 'Fish & Chips', 'Café'];
    app = await startTestApp([
      buildBusiness({ name: 'Fish & Chips <Best>', category: 'Fish & Chips' }),
      buildBusiness({ name: '東京 Sushi "Bar"', category: 'Café', city: 'Tokyo', country: 'Japan', countryCode: 'JP' }),
      ...Array.from({ length: BUSINESS_COUNT - 2 }, (_, i) =>
        buildBusiness({ name: `Shop ${i}`, category: categories[i % categories.length], ...cities[i % cities.length] }),
      ),
    ]);
    origin = app.url;
  }, 120_000);

  afterAll(() => app.close());

  it('indexes main, categories, countries, cities and ceil(n / 9000) business files', async () => {
    const { body } = await fetchXml<SitemapIndex>(app, '/sitemap.xml');
    expect(body.sitemapindex['@_xmlns']).toBe(NAMESPACE);
    const pageCount = Math.ceil(BUSINESS_COUNT / SITEMAP_PAGE_SIZE);
    expect(body.sitemapindex.sitemap.map((entry) => entry.loc)).toEqual([
      `${origin}/sitemaps/main.xml`,
      `${origin}/sitemaps/categories.xml`,
      `${origin}/sitemaps/countries.xml`,
      `${origin}/sitemaps/cities.xml`,
      ...Array.from({ length: pageCount }, (_, i) => `${origin}/sitemaps/businesses/page-${i + 1}.xml`),
    ]);
    expect(body.sitemapindex.sitemap).toHaveLength(3 + 4);
    for (const entry of body.sitemapindex.sitemap) expect(entry.lastmod).toMatch(W3C_DATETIME);
  });

  it('lists every business exactly once across the business files, 9,000 a file, in id order', async () => {
    const locs: string[] = [];
    const sizes: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { body } = await fetchXml<Urlset>(app, `/sitemaps/businesses/page-${page}.xml`);
      expect(body.urlset['@_xmlns']).toBe(NAMESPACE);
      const urls = body.urlset.url ?? [];
      sizes.push(urls.length);
      for (const url of urls) expect(url.lastmod).toMatch(W3C_DATETIME);
      locs.push(...urls.map((url) => url.loc));
    }
    expect(sizes).toEqual([9000, 9000, 2000]);
    expect(new Set(locs).size).toBe(locs.length);
    const expected = slugsOf(app).map((slug) => `${origin}/business/${encodeURIComponent(slug)}`);
    expect(new Set(locs)).toEqual(new Set(expected));
    const idOrder = (app.deps.record.prepare('SELECT slug FROM businesses ORDER BY id').pluck() as Statement<[], string>).all();
    expect(locs).toEqual(idOrder.map((slug) => `${origin}/business/${encodeURIComponent(slug)}`));
  });

  it('lists the business named "Fish & Chips <Best>" and a non-Latin slug, URL-encoded, in well-formed XML', async () => {
    const fish = app.deps.businesses.findBySlug(slugsOf(app, `name = 'Fish & Chips <Best>'`)[0]!)!;
    const sushi = slugsOf(app, `name LIKE '東京%'`)[0]!;
    const response = await app.get('/sitemaps/businesses/page-1.xml');
    const text = await response.text();
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toContain(`<loc>${origin}/business/${fish.slug}</loc>`);
    expect(text).toContain(`<loc>${origin}/business/${encodeURIComponent(sushi)}</loc>`);
    expect(text).not.toContain('<Best>');
  });

  it('answers 404 for page 0, a page past the last, and a page that is not a number', async () => {
    for (const page of ['0', '4', '01', 'abc', '-1', '1.5', '99999999999']) {
      const response = await app.get(`/sitemaps/businesses/page-${page}.xml`);
      expect(response.status, page).toBe(404);
    }
  });

  it('lists the static pages', async () => {
    const { body } = await fetchXml<Urlset>(app, '/sitemaps/main.xml');
    expect(body.urlset['@_xmlns']).toBe(NAMESPACE);
    expect(body.urlset.url?.map((url) => url.loc.slice(origin.length))).toEqual([
      '/',
      '/businesses',
      '/categories',
      '/countries',
      '/cities',
      '/contact',
      '/privacy-policy',
      '/legal-notice',
      '/terms-of-service',
      '/cookie-policy',
    ]);
  });

  it('lists every category, country and city page', async () => {
    const paths = async (file: string) =>
      (await fetchXml<Urlset>(app, file)).body.urlset.url?.map((url) => url.loc.slice(origin.length)).sort();
    expect(await paths('/sitemaps/categories.xml')).toEqual(['/categories/cafe', '/categories/dentist', '/categories/fish-chips', '/categories/plumber']);
    expect(await paths('/sitemaps/countries.xml')).toEqual(['/countries/brazil', '/countries/france', '/countries/germany', '/countries/japan']);
    expect(await paths('/sitemaps/cities.xml')).toEqual(['/cities/br/sao-paulo', '/cities/de/berlin', '/cities/fr/lyon', '/cities/jp/tokyo']);
  });

  it('builds absolute URLs from the forwarded scheme and host behind a proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'directory.example.com' };
    const { body } = await fetchXml<SitemapIndex>(app, '/sitemap.xml', headers);
    expect(body.sitemapindex.sitemap[0]?.loc).toBe('https://directory.example.com/sitemaps/main.xml');
    const page = await fetchXml<Urlset>(app, '/sitemaps/businesses/page-3.xml', headers);
    expect(page.body.urlset.url?.[0]?.loc).toMatch(/^https:\/\/directory\.example\.com\/business\//);
  });

  it('streams a business file to a client without gzip: chunked transfer, no Content-Length, the body arriving in several pieces', async () => {
    const response = await fetch(`${app.url}/sitemaps/businesses/page-1.xml`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    let pieces = 0;
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pieces += 1;
      bytes += read.value.byteLength;
    }
    expect(pieces).toBeGreaterThan(1);
    expect(bytes).toBeLessThan(50 * 1024 * 1024);
  });

  it('answers HEAD for a business file without reading it', async () => {
    const response = await fetch(`${app.url}/sitemaps/businesses/page-1.xml`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('reads a business file from the record one chunk per query, only as the consumer asks', async () => {
    const calls: { firstId: number; endId: number; limit: number }[] = [];
    const repository = new SitemapRepository(app.deps.record, 'all');
    const businessesFrom = repository.businessesFrom.bind(repository);
    repository.businessesFrom = (firstId, endId, limit) => {
      calls.push({ firstId, endId, limit });
      return businessesFrom(firstId, endId, limit);
    };
    const service = new SitemapService(repository, app.deps.engine);
    const chunks = (await service.businessPage(2))![Symbol.iterator]();
    expect(calls).toHaveLength(0);
    const first = chunks.next();
    expect(first.done).toBe(false);
    expect(calls).toHaveLength(1);
    let sizes = [first.value!.length];
    for (let next = chunks.next(); !next.done; next = chunks.next()) sizes = [...sizes, next.value.length];
    expect(sizes).toEqual(Array.from({ length: SITEMAP_PAGE_SIZE / SITEMAP_CHUNK_SIZE }, () => SITEMAP_CHUNK_SIZE));
    expect(calls.every((call) => call.limit <= SITEMAP_CHUNK_SIZE)).toBe(true);
    // Keyset: each query starts just past the last id the previous one read.
    expect(new Set(calls.map((call) => call.firstId)).size).toBe(calls.length);
  });

  it('reads a chunk by keyset over the primary key: no scan, no sort, no offset', () => {
    const plan = new SitemapRepository(app.deps.record, 'approved').businessesFromPlan().join('; ');
    expect(plan).toMatch(/^SEARCH businesses USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)$/);
  });

  it('lists the business files from the index\'s file table, each with its latest change', async () => {
    const files = await app.deps.engine.sitemapFiles();
    const { body } = await fetchXml<SitemapIndex>(app, '/sitemap.xml');
    const latest = (first: number, end: number) =>
      app.deps.record.prepare('SELECT max(updated_at) FROM businesses WHERE id >= ? AND id < ?').pluck().get(first, end) as string;
    // The sitemap states times to the second.
    const toSecond = (time: string) => Math.floor(Date.parse(time) / 1000);
    expect(body.sitemapindex.sitemap.slice(4).map((entry) => toSecond(entry.lastmod!))).toEqual(
      files.map((file, i) => toSecond(latest(file.firstId, files[i + 1]?.firstId ?? Number.MAX_SAFE_INTEGER))),
    );
  });

  it('answers a crawler from the file kept in gzip: written once for many requests, the same bytes as written for a client without gzip, 304 on revalidation', async () => {
    const service = app.deps.sitemaps;
    const businessPage = service.businessPage.bind(service);
    let writings = 0;
    service.businessPage = (page) => {
      writings += 1;
      return businessPage(page);
    };
    try {
      // The admin area's "clear cache" lets the kept files go (the tests before asked for every file).
      expect(app.deps.admin.caches.clearAll()).toContain('sitemaps');
      const raw = (headers: Record<string, string>) => rawGet(`${app.url}/sitemaps/businesses/page-2.xml`, headers);
      const answers = await Promise.all(Array.from({ length: 5 }, () => raw({ 'accept-encoding': 'gzip, deflate, br' })));
      expect(writings).toBe(1);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('public, max-age=3600');
        expect(answer.body.equals(answers[0]!.body)).toBe(true);
        expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
      }
      const plain = await raw({ 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(answers[0]!.body).toString('utf8')).toBe(plain.body.toString('utf8'));
      expect(plain.body.toString('utf8').match(/<url>/g)).toHaveLength(SITEMAP_PAGE_SIZE);
      const revalidated = await raw({ 'accept-encoding': 'gzip', 'if-none-match': String(answers[0]!.headers.etag) });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(writings).toBe(2);
      // "Clear cache" retires the validator: the next revalidation gets the file again.
      app.deps.admin.caches.clearAll();
      const afterClear = await raw({ 'accept-encoding': 'gzip', 'if-none-match': String(answers[0]!.headers.etag) });
      expect(afterClear.status).toBe(200);
      expect(gunzipSync(afterClear.body).equals(gunzipSync(answers[0]!.body))).toBe(true);
    } finally {
      service.businessPage = businessPage;
    }
  });

  it('writes a kept file again when the index has moved: a new business shows in the last file and the index once the sync applied it', async () => {
    const last = `/sitemaps/businesses/page-${Math.ceil(BUSINESS_COUNT / SITEMAP_PAGE_SIZE)}.xml`;
    const before = await fetchXml<Urlset>(app, last);
    const etag = before.response.headers.get('etag');
    const slug = 'kept-sitemap-newcomer-lyon';
    insertBusiness(app.deps.record, buildBusiness({ name: 'Kept Sitemap Newcomer', city: 'Lyon', country: 'France', countryCode: 'FR' }), slug);
    // Kept for the index generation it was written from: the record's change is not in the index yet.
    const kept = await fetchXml<Urlset>(app, last);
    expect(kept.response.headers.get('etag')).toBe(etag);
    expect(kept.body.urlset.url?.map((entry) => entry.loc)).toEqual(before.body.urlset.url?.map((entry) => entry.loc));
    await app.deps.sync.catchUp();
    const after = await fetchXml<Urlset>(app, last);
    expect(after.response.headers.get('etag')).not.toBe(etag);
    expect(after.body.urlset.url?.at(-1)?.loc).toBe(`${origin}/business/${slug}`);
    expect(after.body.urlset.url).toHaveLength(before.body.urlset.url!.length + 1);
    app.deps.record.prepare('DELETE FROM businesses WHERE slug = ?').run(slug);
    await app.deps.sync.catchUp();
    expect((await fetchXml<Urlset>(app, last)).body.urlset.url).toHaveLength(before.body.urlset.url!.length);
  });

  it('leaves the record writable while a business file is being sent', async () => {
    const response = await fetch(`${app.url}/sitemaps/businesses/page-1.xml`, { headers: { 'accept-encoding': 'identity' } });
    const reader = response.body!.getReader();
    await reader.read();
    // A write on the shared connection would fail if the sitemap held a statement open.
    expect(() => app.deps.record.prepare("UPDATE site_settings SET value = value WHERE key = 'head_tags'").run()).not.toThrow();
    await reader.cancel();
  });
});

describe('sitemaps when only approved businesses are public', () => {
  let app: TestApp & { url: string };

  beforeAll(async () => {
    app = await startTestApp(
      [
        buildBusiness({ name: 'Approved One', isApproved: true }),
        buildBusiness({ name: 'Hidden One', isApproved: false, category: 'Astronaut', city: 'Houston', country: 'United States', countryCode: 'US' }),
        buildBusiness({ name: 'Approved Two', isApproved: true }),
        buildBusiness({ name: 'Hidden Two', isApproved: false }),
      ],
      { listingPolicy: 'approved' },
    );
  });

  afterAll(() => app.close());

  it('leaves hidden businesses, and places only they fill, out of every file', async () => {
    const index = await fetchXml<SitemapIndex>(app, '/sitemap.xml');
    expect(index.body.sitemapindex.sitemap).toHaveLength(4 + 1);
    const page = await fetchXml<Urlset>(app, '/sitemaps/businesses/page-1.xml');
    const expected = slugsOf(app, 'is_approved = 1').map((slug) => `${app.url}/business/${slug}`);
    expect(page.body.urlset.url?.map((url) => url.loc)).toEqual(expected);
    expect(expected).toHaveLength(2);
    const all = await Promise.all(['/sitemaps/categories.xml', '/sitemaps/countries.xml', '/sitemaps/cities.xml'].map((file) => app.get(file)));
    const text = (await Promise.all(all.map((response) => response.text()))).join('');
    expect(text).not.toContain('astronaut');
    expect(text).not.toContain('united-states');
    expect(text).not.toContain('houston');
    expect((await app.get('/sitemaps/businesses/page-2.xml')).status).toBe(404);
  });
});

describe('sitemaps of an empty directory', () => {
  let app: TestApp & { url: string };

  beforeAll(async () => {
    app = await startTestApp([]);
  });

  afterAll(() => app.close());

  it('indexes the four fixed files and no business file', async () => {
    const { body } = await fetchXml<SitemapIndex>(app, '/sitemap.xml');
    expect(body.sitemapindex.sitemap).toHaveLength(4);
    expect((await app.get('/sitemaps/businesses/page-1.xml')).status).toBe(404);
    const categories = await fetchXml<Urlset>(app, '/sitemaps/categories.xml');
    expect(categories.body.urlset.url).toBeUndefined();
  });
});

describe('GET /robots.txt', () => {
  let app: TestApp & { url: string };

  beforeAll(async () => {
    app = await startTestApp([]);
  });

  afterAll(() => app.close());

  it('allows the site and search pages (whose head says which may be indexed), keeps crawlers out of admin and API, and points at the sitemap', async () => {
    const response = await app.get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${app.url}/sitemap.xml`, ''].join('\n'),
    );
  });
});
