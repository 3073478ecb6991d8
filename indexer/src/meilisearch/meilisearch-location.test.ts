/**
 * The Meilisearch engine's where box and nearby reads without a Meilisearch server: a stand-in on
 * 127.0.0.1 answers the few calls a search makes (the meta document, the country and city
 * aggregates, the business search) and records the business searches it was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeilisearchEngine } from './meilisearch-engine.ts';

const COUNTRIES = [
  { code: 'GB', name: 'United Kingdom', businessCount: 3 },
  { code: 'FR', name: 'France', businessCount: 2 },
];
const CITIES = [
  { countryCode: 'GB', slug: 'london', name: 'London', businessCount: 3 },
  { countryCode: 'FR', slug: 'lyon', name: 'Lyon', businessCount: 2 },
];

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? {} : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
}

describe('Meilisearch engine: reads sent to a stand-in', () => {
  let server: Server;
  let engine: MeilisearchEngine;
  const businessSearches: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      void (async () => {
        const body = await bodyOf(request);
        const url = request.url ?? '';
        const json = (value: unknown) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        const hits = (list: unknown[]) => ({ hits: list, totalHits: list.length, estimatedTotalHits: list.length, facetDistribution: {}, processingTimeMs: 0 });
        if (request.method === 'GET' && url.startsWith('/indexes/test_meta/documents/state')) return json({ key: 'state', appliedSeq: 7, businessCount: 5 });
        if (url.startsWith('/indexes/test_countries/search')) return json(hits(COUNTRIES));
        if (url.startsWith('/indexes/test_cities/search')) return json(hits(CITIES));
        if (url.startsWith('/indexes/test_businesses/search')) {
          businessSearches.push(body);
          return json(hits([{ id: 1, slug: 'the-old-bell', name: 'The Old Bell', countryCode: 'GB', cityKey: 'GB:london', city: 'London', latitude: 51.51, longitude: -0.12 }]));
        }
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `not in the stand-in: ${request.method} ${url}`, code: 'not_found', type: 'invalid_request', link: '' }));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    engine = new MeilisearchEngine({ url: `http://127.0.0.1:${port}`, indexPrefix: 'test' });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('searches the corrected city and says which place it used', async () => {
    const response = await engine.search({ query: 'pub', location: 'Londn', page: 1, perPage: 20 });
    expect(response.correctedLocation).toEqual({ typed: 'Londn', used: 'London' });
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toContain('GB:london');
    expect(response.hits.map((hit) => hit.name)).toEqual(['The Old Bell']);
  });

  it('corrects one part of several and keeps the others as typed', async () => {
    const response = await engine.search({ location: 'Londn, UK', page: 1, perPage: 20 });
    expect(response.correctedLocation).toEqual({ typed: 'Londn, UK', used: 'London, UK' });
  });

  it('filters by the one place a started name names, never by words of the query', async () => {
    const response = await engine.search({ query: 'pub', location: 'Lond', page: 1, perPage: 20 });
    expect(response.correctedLocation).toEqual({ typed: 'Lond', used: 'London' });
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toContain('GB:london');
    expect(businessSearches.at(-1)?.q).toBe('pub');
  });

  it('says nothing when the place is written right', async () => {
    const response = await engine.search({ query: 'pub', location: 'London', page: 1, perPage: 20 });
    expect(response.correctedLocation).toBeUndefined();
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toContain('GB:london');
  });

  it('searches the city whole and names the part it could not apply', async () => {
    const response = await engine.search({ query: 'pub', location: 'London, Narnia', page: 1, perPage: 20 });
    expect(response.unmatchedPlace).toEqual({ text: 'Narnia', isKnownPlace: false, city: 'London', searched: 'London, United Kingdom' });
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toContain('GB:london');
    expect(response.hits.map((hit) => hit.name)).toEqual(['The Old Bell']);
    expect((await engine.search({ location: 'London, UK', page: 1, perPage: 20 })).unmatchedPlace).toBeUndefined();
  });

  it('looks around a real city without businesses written with a part it could not apply, and names that part', async () => {
    // Neither Grenoble nor any Springfield has businesses here; none of the real Springfields lies in Vermont.
    const narnia = await engine.search({ location: 'Grenoble, Narnia', page: 1, perPage: 20 });
    expect(narnia.aroundPlace).toMatchObject({ text: 'Grenoble, Narnia', name: 'Grenoble, France' });
    expect(narnia.unmatchedPlace).toEqual({ text: 'Narnia', isKnownPlace: false, city: 'Grenoble', searched: 'Grenoble, France' });
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toMatch(/_geoRadius\(45\.18\d*, 5\.72\d*, 250000\)/);
    const vermont = await engine.search({ location: 'Springfield, Vermont', page: 1, perPage: 20 });
    const massachusetts = 'Springfield, Massachusetts, United States';
    expect(vermont.aroundPlace).toMatchObject({ text: 'Springfield, Vermont', name: massachusetts });
    expect(vermont.unmatchedPlace).toEqual({ text: 'Vermont', isKnownPlace: true, city: 'Springfield', searched: massachusetts });
    expect(JSON.stringify(businessSearches.at(-1)?.filter)).toMatch(/_geoRadius\(42\.12\d*, -72\.57\d*, 250000\)/);
    expect((await engine.search({ location: 'Grenoble', page: 1, perPage: 20 })).unmatchedPlace).toBeUndefined();
  });

  it('asks for the nearest businesses of a category within the radius, leaving some out, and measures their distance', async () => {
    const point = { lat: 51.5, lng: -0.12 };
    const hits = await engine.nearby({ point, categorySlug: 'pub', excludeIds: [7, 9], limit: 6, maxKm: 25 });
    expect(businessSearches.at(-1)).toMatchObject({
      q: '',
      filter: ['_geoRadius(51.5, -0.12, 25000)', 'categorySlug = "pub"', 'id NOT IN [7, 9]'],
      sort: ['_geoPoint(51.5, -0.12):asc', 'pos:asc'],
      limit: 6,
    });
    // The stand-in's one hit lies 1.1 km north of the point.
    expect(hits).toEqual([{ id: 1, distanceKm: expect.closeTo(1.11, 2) }]);
    await engine.nearby({ point, excludeIds: [], limit: 3, maxKm: 10 });
    expect(businessSearches.at(-1)?.filter).toEqual(['_geoRadius(51.5, -0.12, 10000)']);
  });
});
