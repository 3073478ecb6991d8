/**
 * Property-based tests (fast-check) of the server-rendered pages and the sitemaps: hostile path
 * segments and query strings (FTS5 and SQL syntax, huge strings, broken percent-encoding,
 * invalid UTF-8, prototype keys, repeated and bracketed keys) on every page route. Every answer
 * is a proper page: an HTML document (a 200, a 301/302 to a path of this site, a 400, 404 or
 * 410 page), or for sitemaps an XML file or a 4xx; never a 5xx; and the record is unchanged
 * (a digest of its tables before and after each request).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { queryString, recordDigest, urlPiece } from '../testing/hostile-values.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp & { url: string };

interface PageRoute {
  /** With `:name` segments, filled with hostile values (or a real value of the record). */
  path: string;
  /** Query keys the page reads, so hostile values reach its checks. */
  keys: string[];
  kind: 'html' | 'xml';
}

const SEARCH_KEYS = ['q', 'location', 'category', 'country', 'city', 'minRating', 'openNow', 'sort', 'page', 'radiusKm', 'lat', 'lng'];
const ROUTES: PageRoute[] = [
  { path: '/', keys: ['page'], kind: 'html' },
  { path: '/businesses', keys: ['page'], kind: 'html' },
  { path: '/business/:slug', keys: [], kind: 'html' },
  { path: '/categories', keys: ['letter', 'page'], kind: 'html' },
  { path: '/categories/:slug', keys: ['page', 'sort'], kind: 'html' },
  { path: '/countries', keys: ['letter'], kind: 'html' },
  { path: '/countries/:slug', keys: ['page'], kind: 'html' },
  { path: '/countries/:slug/cities', keys: ['letter', 'page'], kind: 'html' },
  { path: '/cities', keys: ['letter', 'country', 'q', 'page'], kind: 'html' },
  { path: '/cities/:letter', keys: ['country', 'page'], kind: 'html' },
  { path: '/cities/:countryCode/:citySlug', keys: ['page'], kind: 'html' },
  { path: '/search', keys: SEARCH_KEYS, kind: 'html' },
  { path: '/contact', keys: ['subject'], kind: 'html' },
  { path: '/sitemap.xml', keys: [], kind: 'xml' },
  { path: '/sitemaps/main.xml', keys: [], kind: 'xml' },
  { path: '/sitemaps/categories.xml', keys: [], kind: 'xml' },
  { path: '/sitemaps/countries.xml', keys: [], kind: 'xml' },
  { path: '/sitemaps/cities.xml', keys: [], kind: 'xml' },
  { path: '/sitemaps/businesses/page-:page.xml', keys: [], kind: 'xml' },
];

/** Values of the record for each kind of segment, so hostile queries also reach real pages. */
const REAL: Record<string, string[]> = {
  slug: ['deleted-pizza-place', 'bakery', 'fr', 'lyon'],
  letter: ['a', 'L', 'p'],
  countryCode: ['fr', 'FR'],
  citySlug: ['lyon', 'paris'],
  page: ['1', '2'],
};

function attemptFor(route: PageRoute): fc.Arbitrary<{ path: string; part: 'path' | 'query' }> {
  const segments = route.path.split(/(:[A-Za-z]+)/);
  const names = segments.filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
  const value = (name: string) => fc.oneof(urlPiece, fc.constantFrom(...(REAL[name] ?? ['1']), '0', '-1', '9'.repeat(30), '..', '.', '%2F'));
  const filled = fc.tuple(...names.map(value)).map((values) => {
    let i = 0;
    return segments.map((segment) => (segment.startsWith(':') ? values[i++]! : segment)).join('');
  });
  const real = segments.map((segment) => (segment.startsWith(':') ? REAL[segment.slice(1)]![0]! : segment)).join('');
  const parts = names.length > 0 ? (['path', 'query'] as const) : (['query'] as const);
  return fc.tuple(fc.constantFrom(...parts), filled, queryString(route.keys.length > 0 ? route.keys : ['page'])).map(([part, path, query]) =>
    part === 'path' ? { path, part } : { path: `${real}?${query}`, part },
  );
}

async function check(route: PageRoute, path: string): Promise<void> {
  const response = await app.get(path);
  const body = await response.text();
  const where = `GET ${path.slice(0, 200)} → ${response.status}: ${body.slice(0, 200)}`;
  expect(response.status, where).toBeLessThan(500);
  expect([200, 301, 302, 304, 400, 404, 410], where).toContain(response.status);
  if (response.status === 301 || response.status === 302) {
    // A redirect stays on this site: a path, never another host (`//host` or `/\host`).
    const location = response.headers.get('location') ?? '';
    expect(location, where).toMatch(/^\/(?![/\\])/);
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (route.kind === 'xml' && response.status === 200) {
    expect(type, where).toContain('xml');
    expect(body, where).toMatch(/^<\?xml /);
    return;
  }
  if (route.kind === 'xml') {
    // A refused sitemap address: the API's error shape or the site's HTML page, not an empty answer.
    expect(body.includes('"error":{') || /<html[\s>]/.test(body), where).toBe(true);
    return;
  }
  expect(type, where).toContain('text/html');
  expect(body, where).toMatch(/^<!DOCTYPE html>/i);
  expect(body, where).toContain('</html>');
  expect(body, where).toMatch(/<title>[^<]+<\/title>/);
  // Never the JSON of an API error in place of a page, nor a stack trace.
  expect(body, where).not.toContain('"error":{');
  expect(body, where).not.toMatch(/\n\s+at [^\n]+\.(ts|js):\d+/);
}

/** Fails with the first counterexample's assertion message only (a 2,000-character URL is no help in a log). */
function reportShortly<T extends unknown[]>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}): ${error.slice(0, 1500)}`);
}

beforeAll(async () => {
  const lyon = { city: 'Lyon', country: 'France', countryCode: 'FR' };
  app = await startTestApp(
    [
      ...Array.from({ length: 8 }, (_, i) => buildBusiness({ ...lyon, name: `Hostile Page Bakery ${i}`, category: 'Bakery' })),
      ...Array.from({ length: 4 }, (_, i) => buildBusiness({ ...lyon, city: 'Paris', name: `Hostile Page Pizza ${i}`, category: 'Pizza restaurant' })),
      buildBusiness({ ...lyon, name: 'Deleted Pizza Place', category: 'Pizza restaurant' }),
    ],
    { withPages: true },
  );
  // One deleted business, so its slug answers 410 Gone among the attempts.
  const id = app.deps.record.prepare(`SELECT id FROM businesses WHERE name = 'Deleted Pizza Place'`).pluck().get() as number;
  REAL.slug!.unshift(app.deps.record.prepare('SELECT slug FROM businesses WHERE id = ?').pluck().get(id) as string);
  app.deps.admin.businesses.repository.deleteById(id);
}, 60_000);

afterAll(() => app.close());

describe('hostile input on the server-rendered pages and sitemaps', () => {
  it('a deleted business answers 410 with an HTML page (the attempts below include its slug)', async () => {
    const response = await app.get(`/business/${REAL.slug![0]}`);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('</html>');
    // Written in capitals, as an old link may have it: the same business, gone.
    expect((await app.get(`/business/${REAL.slug![0]!.toUpperCase()}`)).status).toBe(410);
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))('%s: a proper page or file, never a 5xx, record unchanged', async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(attemptFor(route), async ({ path }) => {
        const before = recordDigest(app.deps.record);
        await check(route, path);
        expect(recordDigest(app.deps.record), `GET ${path.slice(0, 200)} changed the record`).toBe(before);
      }),
      // A fixed seed: the same run every time (FUZZ_SEED picks another).
      { numRuns: 15, seed: Number(process.env.FUZZ_SEED ?? 20261123), reporter: reportShortly },
    );
  });
});
