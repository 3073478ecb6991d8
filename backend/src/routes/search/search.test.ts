import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { PLACES, buildSearchWorld } from '@directory/indexer/sqlite/search-test-world.ts';
import type {
  ApiError,
  FacetValuesResults,
  InstantSearchFacetResult,
  InstantSearchResponse,
  InstantSearchResult,
  SearchResults,
} from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { CHOSEN_CITY_RADIUS_KM } from '@directory/indexer/search-location.ts';

let app: TestApp;
const count = (sql: string) => app.deps.record.prepare(sql).pluck().get() as number;

beforeAll(async () => {
  // Two real Springfields the record files under one city, US:springfield.
  const springfield = (name: string, latitude: number, longitude: number) =>
    buildBusiness({ name, city: 'Springfield', country: 'United States', countryCode: 'US', category: 'Gas station', latitude, longitude, timeZone: 'America/Chicago' });
  app = await startTestApp([
    ...buildSearchWorld(),
    buildBusiness({ name: 'Pizza <b>Bold</b> & Co', category: 'Pizza restaurant', reviews: 0 }),
    springfield('Ozark Fuel', 37.209, -93.2923),
    springfield('Springfield Petrol', 44.0943, -122.9735),
  ]);
});

afterAll(() => app.close());

async function search(query: string): Promise<SearchResults> {
  const response = await app.get(`/api/search?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResults;
}

async function multi(body: unknown): Promise<InstantSearchResponse> {
  const response = await app.post('/api/search/multi', body);
  expect(response.status).toBe(200);
  return (await response.json()) as InstantSearchResponse;
}

async function expectBadRequest(response: Response, field: string, reason: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ApiError;
  expect(body.error.id).toBe('bad_request');
  expect(body.error.fields?.[field]?.join(' ')).toMatch(reason);
}

describe('GET /api/search', () => {
  it('finds pizza places as the visitor types, with highlights and list-item fields', async () => {
    const body = await search('q=pizz&perPage=5');
    expect(body.hits[0]).toMatchObject({ name: 'Pizzeria Napoli', category: 'Pizza restaurant', city: 'Lyon', countryCode: 'FR' });
    expect(body.hits[0]!.highlight.name).toBe('<mark>Pizzeria</mark> Napoli');
    expect(Object.keys(body.hits[0]!)).toEqual(
      expect.arrayContaining(['id', 'slug', 'name', 'category', 'categorySlug', 'city', 'country', 'rating', 'reviews', 'latitude', 'longitude', 'highlight']),
    );
    expect(body).toMatchObject({ query: 'pizz', currentPage: 1, perPage: 5, isTotalExact: true });
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE name LIKE '%Pizz%'"));
  });

  it('searches and echoes the words without their control characters: a NUL goes, a tab is a space', async () => {
    const body = await search('q=pizz%00&location=ly%00on');
    expect(body).toMatchObject({ query: 'pizz' });
    expect(body.hits[0]).toMatchObject({ name: 'Pizzeria Napoli' });
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: 'pizz\u0000a\tnapoli', hitsPerPage: 1 } }] });
    expect((results[0] as InstantSearchResult).query).toBe('pizza napoli');
  });

  it('escapes business text in highlights, keeping only the marks', async () => {
    const body = await search('q=bold');
    expect(body.hits.map((hit) => hit.highlight.name)).toEqual(['Pizza &lt;b&gt;<mark>Bold</mark>&lt;/b&gt; &amp; Co']);
  });

  it('answers what and where: the Lyon plumber first', async () => {
    const body = await search('q=plumber&location=lyon');
    expect(body.hits.map((hit) => hit.name)[0]).toBe('Plomberie Martin');
    expect(body.location).toBe('lyon');
  });

  it('answers a place nobody knows with "no place called" and the nearest names, on both routes', async () => {
    const body = await search('q=plumber&location=Berlinn%20Town');
    expect(body).toMatchObject({ hits: [], totalCount: 0, unknownPlace: { text: 'Berlinn Town' } });
    const typo = await search('q=plumber&location=Brlinx');
    expect(typo.unknownPlace).toEqual({ text: 'Brlinx', suggestions: expect.arrayContaining(['Berlin, Germany']) });
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: 'plumber', location: 'Brlinx' } }] });
    expect((results[0] as InstantSearchResult).unknownPlace).toEqual(typo.unknownPlace);
    expect((await search('q=plumber&location=lyon')).unknownPlace).toBeUndefined();
  });

  it('answers a real place without businesses with the nearest around it, on both routes, saying which place', async () => {
    // Grenoble has no business in the record; Lyon, 95 km away, has.
    const body = await search('q=bakery&location=Grenoble');
    expect(body.unknownPlace).toBeUndefined();
    expect(body.aroundPlace).toEqual({ text: 'Grenoble', name: 'Grenoble, France', lat: expect.closeTo(45.19, 1), lng: expect.closeTo(5.72, 1), radiusKm: 250, hasBusinesses: true });
    expect(body.hits.map((hit) => [hit.name, hit.city])).toEqual([['Boulangerie Saint-Jean', 'Lyon']]);
    expect(body.hits[0]!.distanceKm).toBeGreaterThan(80);
    expect(body.hits[0]!.distanceKm).toBeLessThan(110);
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE category = 'Bakery' AND city = 'Lyon'"));
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: 'bakery', location: 'Grenoble' } }] });
    const result = results[0] as InstantSearchResult;
    expect(result.aroundPlace).toEqual(body.aroundPlace);
    expect(result.hits.map((hit) => [hit.name, hit.distanceKm])).toEqual([['Boulangerie Saint-Jean', body.hits[0]!.distanceKm]]);
    expect((await search('q=bakery&location=Lyon')).aroundPlace).toBeUndefined();
  });

  it('answers a country without businesses around its main city, and a misspelt real place as corrected', async () => {
    const iceland = await search('q=bakery&location=Iceland');
    expect(iceland).toMatchObject({ hits: [], totalCount: 0 });
    expect(iceland.aroundPlace).toEqual({ text: 'Iceland', name: 'Reykjavík, Iceland', lat: expect.closeTo(64.15, 1), lng: expect.closeTo(-21.95, 1), radiusKm: 250, hasBusinesses: false, country: 'Iceland' });
    const typo = await search('q=bakery&location=Grenoblle');
    expect(typo.correctedLocation).toEqual({ typed: 'Grenoblle', used: 'Grenoble, France' });
    expect(typo.aroundPlace).toMatchObject({ text: 'Grenoblle', name: 'Grenoble, France', hasBusinesses: true });
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: 'bakery', location: 'Iceland' } }] });
    expect((results[0] as InstantSearchResult).aroundPlace).toEqual(iceland.aroundPlace);
  });

  it('says which place it searched when the location had a typo, on both routes', async () => {
    const body = await search('q=bakery&location=Berln');
    expect(body.correctedLocation).toEqual({ typed: 'Berln', used: 'Berlin' });
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE category = 'Bakery' AND city = 'Berlin'"));
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: 'bakery', location: 'Berln' } }] });
    expect((results[0] as InstantSearchResult).correctedLocation).toEqual({ typed: 'Berln', used: 'Berlin' });
    expect((await search('q=bakery&location=Berlin')).correctedLocation).toBeUndefined();
  });

  it('names the real city a state chose among several of its name, on both routes', async () => {
    const body = await search('location=Springfield,%20MO');
    expect(body.hits.map((hit) => hit.name)).toEqual(['Ozark Fuel']);
    expect(body.chosenCity).toEqual({ name: 'Springfield, Missouri, United States', lat: expect.closeTo(37.18, 1), lng: expect.closeTo(-93.32, 1), radiusKm: CHOSEN_CITY_RADIUS_KM });
    const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: '', location: 'Springfield, MO' } }] });
    expect((results[0] as InstantSearchResult).chosenCity).toEqual(body.chosenCity);
    const both = await search('location=Springfield');
    expect(both.hits.map((hit) => hit.name).sort()).toEqual(['Ozark Fuel', 'Springfield Petrol']);
    expect(both.chosenCity).toBeUndefined();
  });

  it('names the part of the location it could not apply, and searches the city without it, on both routes', async () => {
    for (const [location, text, isKnownPlace] of [
      ['Springfield, Vermont', 'Vermont', true],
      ['Springfield, Narnia', 'Narnia', false],
    ] as const) {
      const body = await search(`location=${encodeURIComponent(location)}`);
      expect(body.hits.map((hit) => hit.name).sort(), location).toEqual(['Ozark Fuel', 'Springfield Petrol']);
      expect(body.unmatchedPlace, location).toEqual({ text, isKnownPlace, city: 'Springfield', searched: 'Springfield, United States' });
      expect(body.chosenCity, location).toBeUndefined();
      const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: '', location } }] });
      expect((results[0] as InstantSearchResult).unmatchedPlace, location).toEqual(body.unmatchedPlace);
    }
    expect((await search('location=Springfield,%20MO')).unmatchedPlace).toBeUndefined();
  });

  it('names the part it could not apply beside a real city without businesses it looked around, on both routes', async () => {
    // Grenoble has no business in the record (Lyon's lie around it); Eugene neither (Oregon's Springfield lies beside it), and Vermont holds no Eugene.
    for (const [location, text, isKnownPlace, searched, names] of [
      ['Grenoble, Narnia', 'Narnia', false, 'Grenoble, France', null],
      ['Eugene, Vermont', 'Vermont', true, 'Eugene, United States', ['Springfield Petrol']],
    ] as const) {
      const body = await search(`location=${encodeURIComponent(location)}`);
      expect(body.aroundPlace, location).toMatchObject({ text: location, name: searched, hasBusinesses: true });
      expect(body.unmatchedPlace, location).toEqual({ text, isKnownPlace, city: location.split(',')[0], searched });
      if (names) expect(body.hits.map((hit) => hit.name)).toEqual(names);
      else expect(body.hits.every((hit) => hit.city === 'Lyon'), location).toBe(true);
      const { results } = await multi({ requests: [{ indexName: 'businesses', params: { query: '', location } }] });
      expect((results[0] as InstantSearchResult).unmatchedPlace, location).toEqual(body.unmatchedPlace);
    }
    expect((await search('location=Grenoble')).unmatchedPlace).toBeUndefined();
  });

  it('filters by category and country with counts and facets of the record', async () => {
    const body = await search('category=plumber,dentist&country=fr');
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE category IN ('Plumber', 'Dentist') AND country_code = 'FR'"));
    expect(body.facets.category).toEqual([
      { value: 'dentist', label: 'Dentist', count: count("SELECT count(*) FROM businesses WHERE category = 'Dentist' AND country_code = 'FR'") },
      { value: 'plumber', label: 'Plumber', count: count("SELECT count(*) FROM businesses WHERE category = 'Plumber' AND country_code = 'FR'") },
    ]);
    expect(body.facets.city.map((city) => city.value).sort()).toEqual(['FR:lyon', 'FR:paris']);
  });

  it('keeps a radius around a point, nearest first', async () => {
    const { latitude, longitude } = PLACES.paris;
    const body = await search(`lat=${latitude}&lng=${longitude}&radiusKm=3&sort=distance&perPage=100`);
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Paris'"));
    const distances = body.hits.map((hit) => hit.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('keeps a bounding box', async () => {
    const body = await search('bbox=-100,29,-95,31&perPage=100');
    expect(body.hits.every((hit) => hit.city === 'Austin')).toBe(true);
    expect(body.totalCount).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Austin'"));
  });

  it.each([
    ['perPage=101', 'perPage', /100 or less/],
    ['sort=distance', 'sort', /needs lat and lng/],
    ['bbox=1,2,3', 'bbox', /west,south,east,north/],
    ['country=FRA', 'country.0', /two-letter/],
    ['radiusKm=5', 'radiusKm', /needs lat and lng/],
    ['lat=91&lng=0', 'lat', /between -90 and 90/],
    ['openNow=maybe', 'openNow', /true or false/],
    ['city=lyon', 'city.0', /FR:lyon/],
    ['facets=rating', 'facets.0', /category, country or city/],
  ])('rejects %s naming the field', async (query, field, reason) => {
    await expectBadRequest(await app.get(`/api/search?${query}`), field, reason);
  });
});

describe('POST /api/search/multi', () => {
  it('answers InstantSearch queries in the Algolia shape', async () => {
    const { results } = await multi({
      requests: [
        {
          indexName: 'businesses',
          params: {
            query: 'resturant',
            facets: ['category', 'country'],
            facetFilters: [['country:FR', 'country:DE']],
            hitsPerPage: 2,
            page: 0,
            highlightPreTag: '__ais-highlight__',
            highlightPostTag: '__/ais-highlight__',
          },
        },
      ],
    });
    const result = results[0] as InstantSearchResult;
    const expected = count("SELECT count(*) FROM businesses WHERE category LIKE '%restaurant%' AND country_code IN ('FR', 'DE')");
    expect(result).toMatchObject({ index: 'businesses', query: 'resturant', nbHits: expected, page: 0, hitsPerPage: 2, nbPages: Math.ceil(expected / 2) });
    expect(result.exhaustiveFacetsCount).toBe(true);
    expect(result.hits[0]).toMatchObject({ objectID: String(result.hits[0]!.id), _geoloc: expect.any(Object) });
    expect(result.hits.some((hit) => hit._highlightResult.category.value.includes('__ais-highlight__Restaurant__/ais-highlight__'))).toBe(true);
    expect(result.facets.country).toEqual({
      FR: count("SELECT count(*) FROM businesses WHERE category LIKE '%restaurant%' AND country_code = 'FR'"),
      DE: count("SELECT count(*) FROM businesses WHERE category LIKE '%restaurant%' AND country_code = 'DE'"),
    });
    expect(result.facetLabels.country).toEqual({ FR: 'France', DE: 'Germany' });
  });

  it('reads URL-encoded params, sort replicas, numeric filters and hitsPerPage=0', async () => {
    const params = new URLSearchParams({
      query: '',
      facets: JSON.stringify(['city']),
      numericFilters: JSON.stringify(['rating>=4.5']),
      hitsPerPage: '0',
    }).toString();
    const { results } = await multi({
      requests: [
        { indexName: 'businesses_rating', params },
        { indexName: 'businesses_rating', params: { numericFilters: ['rating>=4.5'], hitsPerPage: 3 } },
      ],
    });
    const facetsOnly = results[0] as InstantSearchResult;
    expect(facetsOnly.hits).toEqual([]);
    expect(facetsOnly.nbHits).toBe(count('SELECT count(*) FROM businesses WHERE rating >= 4.5'));
    expect(Object.values(facetsOnly.facets.city!).reduce((a, b) => a + b, 0)).toBe(facetsOnly.nbHits);
    const ratings = (results[1] as InstantSearchResult).hits.map((hit) => hit.rating);
    expect(ratings).toEqual([5, 4.9, 4.9]);
  });

  it('searches facet values with type "facet"', async () => {
    const { results } = await multi({ requests: [{ indexName: 'businesses', type: 'facet', facet: 'city', params: { facetQuery: 'ber' } }] });
    expect((results[0] as InstantSearchFacetResult).facetHits).toEqual([
      { value: 'DE:berlin', label: 'Berlin', count: count("SELECT count(*) FROM businesses WHERE city = 'Berlin'"), highlighted: '<em>Ber</em>lin' },
    ]);
  });

  it.each([
    [{ requests: [] }, 'requests', /at least one/],
    [{ requests: Array.from({ length: 5 }, () => ({ indexName: 'businesses', params: { query: 'pizza' } })) }, 'requests', /4 requests or fewer/],
    [{ requests: [{ indexName: 'users', params: {} }] }, 'requests.0.indexName', /must be businesses/],
    [{ requests: [{ indexName: 'businesses', params: { hitsPerPage: 500 } }] }, 'requests.0.params.hitsPerPage', /100 or less/],
    [{ requests: [{ indexName: 'businesses', params: { facetFilters: ['color:red'] } }] }, 'requests.0.params.facetFilters', /attribute:value/],
    [{ requests: [{ indexName: 'businesses', params: { numericFilters: ['reviews>3'] } }] }, 'requests.0.params.numericFilters', /rating>=N/],
    [{ requests: [{ indexName: 'businesses', type: 'facet', params: {} }] }, 'requests.0.facet', /required/],
  ])('rejects a bad body naming the field (%#)', async (body, field, reason) => {
    await expectBadRequest(await app.post('/api/search/multi', body), field, reason);
  });
});

describe('POST /api/search/facet-values', () => {
  it('finds facet values by their first letters, accents folded', async () => {
    const response = await app.post('/api/search/facet-values', { facet: 'city', facetQuery: 'mun' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as FacetValuesResults;
    expect(body).toEqual({
      facet: 'city',
      facetHits: [{ value: 'DE:munchen', label: 'München', count: count("SELECT count(*) FROM businesses WHERE city = 'München'") }],
      isFacetExact: true,
    });
  });

  it('rejects an unknown facet', async () => {
    await expectBadRequest(await app.post('/api/search/facet-values', { facet: 'rating' }), 'facet', /category, country or city/);
  });
});
