/**
 * One contract for every engine: the same record, the same questions, the same answers.
 * `sqlite` always runs; `meilisearch` runs against MEILI_URL when it is set, otherwise in a
 * Meilisearch container started with testcontainers when a Docker engine is reachable. The
 * engines exercised are printed, and an engine that could not run shows as skipped, with why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from './engine.ts';
import type { SearchRequest, SearchResponse } from './search-types.ts';
import { distanceKm } from './geo-distance.ts';
import { AROUND_RADIUS_KM, CHOSEN_CITY_RADIUS_KM } from './search-location.ts';
import { worldCitiesNamed } from './places/world-cities.ts';
import { PLACES, buildSearchWorld } from './sqlite/search-test-world.ts';
import { testEngines } from './testing/test-engines.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { changeLogHighWater } from './change-log.ts';
import { readChanges } from './record-source.ts';
import { IndexSync, rebuildIndex } from './sync.ts';
import { verifyIndex } from './verify.ts';

// Two aggregate documents per read on Meilisearch: every list and city page below spans several bounded reads.
const { factories: FACTORIES, summary, stop } = await testEngines('contract', { aggregatePageSize: 2 });

const exercised: string[] = [];
afterAll(async () => {
  await stop();
  console.log(`engine contract suite ${summary(exercised)}`);
});

const insert = insertBusiness;

const names = (response: SearchResponse) => response.hits.map((hit) => hit.name);
const page = (overrides: Partial<SearchRequest>): SearchRequest => ({ page: 1, perPage: 20, ...overrides });
/** Wednesday 15 January 2025, 10:00 UTC: 11:00 in Lyon and Berlin, 04:00 in Austin. */
const WEDNESDAY_MORNING = new Date('2025-01-15T10:00:00Z');

for (const factory of FACTORIES) {
  describe.runIf(factory.isAvailable)(`engine contract: ${factory.name}`, () => {
    let dir: string;
    let record: RecordDatabase;
    let engine: SearchEngine;
    const count = (sql: string, ...params: unknown[]) => record.prepare(sql).pluck().get(...params) as number;
    const search = (request: Partial<SearchRequest>) => engine.search(page(request));

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'contract-'));
      const recordFile = join(dir, 'directory.sqlite');
      record = openRecord(recordFile);
      for (const business of buildSearchWorld()) insert(record, business);
      engine = factory.create(dir);
      await rebuildIndex(recordFile, engine, 'all');
      exercised.push(factory.name);
    });

    afterAll(async () => {
      await engine?.close();
      record?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    describe('lists and aggregates', () => {
      it('counts what the record holds', async () => {
        expect(await engine.totals()).toEqual({
          businessCount: count('SELECT count(*) FROM businesses'),
          categoryCount: count('SELECT count(DISTINCT category) FROM businesses'),
          countryCount: count('SELECT count(DISTINCT country_code) FROM businesses'),
          cityCount: count('SELECT count(DISTINCT city) FROM businesses'),
        });
        const dentist = await engine.category('dentist', 10);
        expect(dentist?.category).toMatchObject({
          name: 'Dentist',
          businessCount: count("SELECT count(*) FROM businesses WHERE category = 'Dentist'"),
          countryCount: count("SELECT count(DISTINCT country_code) FROM businesses WHERE category = 'Dentist'"),
          averageRating: 4.6,
        });
        const germany = await engine.country('de', 5);
        expect(germany?.country).toMatchObject({ name: 'Germany', businessCount: count("SELECT count(*) FROM businesses WHERE country_code = 'DE'") });
        expect(germany?.cities.map((city) => city.name)).toEqual(['Berlin', 'München']);
      });

      it('lists businesses by popularity, filtered by category or city', async () => {
        const all = await engine.listBusinesses({}, { page: 1, perPage: 3 });
        expect(all.items.map((b) => b.name)).toEqual(['Café de Flore', 'Brico Dépôt Confluence', 'Hotel Adlon']);
        expect(all.total).toBe(count('SELECT count(*) FROM businesses'));
        const plumbers = await engine.listBusinesses({ categorySlug: 'plumber' }, { page: 1, perPage: 10 });
        expect(plumbers.items.map((b) => b.name)).toEqual(['Paris Plumbing', 'Berlin Rohrservice', 'Plomberie Martin', 'Joe Plumbing']);
        const lyon = await engine.listBusinesses({ countryCode: 'FR', citySlug: 'lyon' }, { page: 1, perPage: 50 });
        expect(lyon.total).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Lyon'"));
      });

      it('filters categories and cities by their first letter', async () => {
        expect((await engine.categories({ letter: 'p' })).map((c) => c.name)).toEqual(['Plumber', 'Pharmacy', 'Pizza restaurant']);
        expect((await engine.cities({ letter: 'M' })).map((c) => c.name)).toEqual(['München']);
      });
    });

    describe('city pages', () => {
      type CityCount = { city: string; count: number };
      const citiesBySize = (where = '1 = 1', ...params: unknown[]) =>
        record
          .prepare(`SELECT city, count(*) AS count FROM businesses WHERE ${where} GROUP BY country_code, city ORDER BY count DESC, city`)
          .all(...params) as CityCount[];
      const sumOf = (cities: CityCount[]) => cities.reduce((sum, city) => sum + city.count, 0);
      const cityNames = (page: { items: { name: string }[] }) => page.items.map((city) => city.name);

      it('pages through every city, biggest first, with the count and business total of them all', async () => {
        const expected = citiesBySize();
        const first = await engine.cityPage({ page: 1, perPage: 2 });
        expect(cityNames(first)).toEqual(expected.slice(0, 2).map((city) => city.city));
        expect(first.items[0]).toMatchObject({ businessCount: expected[0]!.count, countryName: expect.any(String) });
        expect(first.total).toBe(count('SELECT count(DISTINCT country_code || city) FROM businesses'));
        expect(first.businessTotal).toBe(count('SELECT count(*) FROM businesses'));
        const last = await engine.cityPage({ page: 3, perPage: 2 });
        expect(cityNames(last)).toEqual(expected.slice(4).map((city) => city.city));
        const beyond = await engine.cityPage({ page: 9, perPage: 2 });
        expect(beyond).toEqual({ items: [], total: first.total, businessTotal: first.businessTotal });
        expect(await engine.cityPage({ page: Number.MAX_SAFE_INTEGER, perPage: 12 })).toEqual(beyond);
      });

      it('filters by country and by first letter', async () => {
        const german = citiesBySize("country_code = 'DE'");
        const byCountry = await engine.cityPage({ countryCode: 'de', page: 1, perPage: 12 });
        expect(cityNames(byCountry)).toEqual(german.map((city) => city.city));
        expect(byCountry).toMatchObject({ total: german.length, businessTotal: count("SELECT count(*) FROM businesses WHERE country_code = 'DE'") });
        const byLetter = await engine.cityPage({ letter: 'm', page: 1, perPage: 12 });
        expect(cityNames(byLetter)).toEqual(['München']);
        expect(byLetter).toMatchObject({ total: 1, businessTotal: count("SELECT count(*) FROM businesses WHERE city = 'München'") });
      });

      it('matches text in a city name, case and accents folded, or in the country across countries', async () => {
        expect(cityNames(await engine.cityPage({ text: ' MUN ', page: 1, perPage: 12 }))).toEqual(['München']);
        const french = citiesBySize("country_code = 'FR'");
        const byCode = await engine.cityPage({ text: 'fr', page: 1, perPage: 12 });
        expect(cityNames(byCode)).toEqual(french.map((city) => city.city));
        expect(byCode.businessTotal).toBe(sumOf(french));
        expect(cityNames(await engine.cityPage({ text: 'germany', page: 1, perPage: 12 }))).toEqual(citiesBySize("country_code = 'DE'").map((c) => c.city));
        expect(cityNames(await engine.cityPage({ text: 'fr', letter: 'p', page: 1, perPage: 12 }))).toEqual(['Paris']);
      });

      it('matches only city names within one country', async () => {
        expect(await engine.cityPage({ countryCode: 'FR', text: 'france', page: 1, perPage: 12 })).toEqual({ items: [], total: 0, businessTotal: 0 });
        const lyon = await engine.cityPage({ countryCode: 'FR', text: 'yo', page: 1, perPage: 12 });
        expect(cityNames(lyon)).toEqual(['Lyon']);
        expect(lyon.businessTotal).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Lyon'"));
      });
    });

    describe('search: relevance', () => {
      it.each([
        ['pizz', /pizza/i],
        ['resturant', /restaurant/i],
        ['dentst', /^Dentist$/],
        ['cafe', /^Café$/],
      ])('"%s" puts matching businesses in the top 5', async (query, category) => {
        const top = (await search({ query, perPage: 5 })).hits;
        expect(top.length).toBeGreaterThan(0);
        expect(top[0]!.category).toMatch(category);
      });

      it('"resturant" and "dentst" answer only restaurants and dentists first', async () => {
        expect((await search({ query: 'resturant', perPage: 5 })).hits.every((hit) => /restaurant/i.test(hit.category ?? ''))).toBe(true);
        const dentists = (await search({ query: 'dentst', perPage: 4 })).hits;
        expect(dentists.map((hit) => hit.category)).toEqual(['Dentist', 'Dentist', 'Dentist', 'Dentist']);
      });

      it('"cafe" finds "Café …" names, accents folded, highlighted', async () => {
        const response = await search({ query: 'cafe', perPage: 5 });
        expect(names(response).slice(0, 2)).toEqual(['Café de Flore', 'Café des Arts']);
        const first = response.hits[0]!;
        expect(first._highlight.name).toContain('<mark>');
        expect(first._highlight.name.replace(/<\/?mark>/g, '')).toBe('Café de Flore');
      });

      it('puts the Lyon plumber first for "plumber" in "lyon"', async () => {
        const response = await search({ query: 'plumber', location: 'lyon' });
        expect(names(response)[0]).toBe('Plomberie Martin');
        expect(response.hits.every((hit) => hit.city === 'Lyon')).toBe(true);
      });

      it.each(['plumbing', 'plumber'])('ranks a business that only mentions "%s" below the plumbers', async (query) => {
        const found = names(await search({ query }));
        const plumbers = (await search({ query, filters: { categorySlugs: ['plumber'] } })).hits.map((hit) => hit.name);
        expect(plumbers.length).toBeGreaterThan(0);
        expect(found).toContain('Brico Dépôt Confluence');
        for (const plumber of plumbers) expect(found.indexOf(plumber)).toBeLessThan(found.indexOf('Brico Dépôt Confluence'));
      });

      it('reads a country code, a country name and a postal code as the location', async () => {
        const germans = count("SELECT count(*) FROM businesses WHERE country_code = 'DE'");
        const byCode = await search({ location: 'DE', perPage: 100 });
        expect(byCode.total).toBe(germans);
        expect(byCode.hits.every((hit) => hit.countryCode === 'DE')).toBe(true);
        expect((await search({ location: 'Germany' })).total).toBe(germans);
        const byPostalCode = await search({ location: '69002', perPage: 100 });
        expect(byPostalCode.total).toBe(count("SELECT count(*) FROM businesses WHERE postal_code = '69002'"));
        expect(byPostalCode.hits.every((hit) => hit.postalCode === '69002')).toBe(true);
      });

      it('reads places as visitors write them, and says when it knows none', async () => {
        const germans = count("SELECT count(*) FROM businesses WHERE country_code = 'DE'");
        expect((await search({ location: 'Deutschland' })).total).toBe(germans);
        expect((await search({ location: 'Munich' })).total).toBe(count("SELECT count(*) FROM businesses WHERE city = 'München'"));
        expect((await search({ location: 'Austin, TX' })).total).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Austin'"));
        expect((await search({ location: '690-02' })).total).toBe(count("SELECT count(*) FROM businesses WHERE postal_code = '69002'"));
        const nowhere = await search({ location: 'Brlinx' });
        expect(nowhere).toMatchObject({ total: 0, hits: [], unknownPlace: { text: 'Brlinx' } });
        expect(nowhere.unknownPlace?.suggestions).toContain('Berlin, Germany');
      });

      it('reads a city with its country or region as that city, and a city in a region it does not lie in as a place nobody knows', async () => {
        const parisians = count("SELECT count(*) FROM businesses WHERE city = 'Paris'");
        for (const location of ['Paris, France', 'Paris, Île-de-France', 'Paris, FR']) {
          const paris = await search({ location });
          expect(paris.total, location).toBe(parisians);
          expect(paris.unmatchedPlace, location).toBeUndefined();
        }
        // The index holds the Paris of France only, and the catalogue no Paris in Texas.
        const texas = await search({ location: 'Paris, Texas' });
        expect(texas).toMatchObject({ total: 0, unknownPlace: { text: 'Paris, Texas', suggestions: ['Paris, France'] } });
        expect(texas.unmatchedPlace).toBeUndefined();
        // A part naming no place leaves the city whole, and the answer says which part.
        const narnia = await search({ location: 'Paris, Narnia' });
        expect(narnia.total).toBe(parisians);
        expect(narnia.unmatchedPlace).toEqual({ text: 'Narnia', isKnownPlace: false, city: 'Paris', searched: 'Paris, France' });
      });
    });

    describe('search: words (plurals, synonyms, dropped words)', () => {
      const idsOf = (category: string) => record.prepare('SELECT id FROM businesses WHERE category = ? ORDER BY id').pluck().all(category) as number[];
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

      it.each([
        ['bakeries', 'Bakery'],
        ['pharmacies', 'Pharmacy'],
        ['chemist', 'Pharmacy'],
        ['auto repair', 'Car repair'],
        ['hotels', 'Hotel'],
      ])('"%s" answers every %s first', async (query, category) => {
        const expected = idsOf(category);
        const response = await search({ query });
        expect(sorted(response.hits.slice(0, expected.length).map((hit) => hit.id))).toEqual(expected);
      });

      it('matches a synonym’s words whole: "car repair" for "mechanic" is never "carpet repair"', async () => {
        expect(names(await search({ query: 'mechanic', perPage: 100 }))).toEqual(expect.arrayContaining(['Austin Auto Repair', 'Garage du Centre']));
        expect(names(await search({ query: 'mechanic', perPage: 100 }))).not.toContain('Carpet Repair Pros');
        expect(names(await search({ query: 'carpet repair' }))).toContain('Carpet Repair Pros');
      });

      it('drops words from the end when nothing matches them all, and says which', async () => {
        const response = await search({ query: 'bakery zzqxv' });
        expect(sorted(response.hits.map((hit) => hit.id))).toEqual(idsOf('Bakery'));
        expect(response.queryWords).toEqual({ used: ['bakery'], dropped: ['zzqxv'] });
        expect((await search({ query: 'bakery' })).queryWords).toBeUndefined();
      });
    });

    describe('search: filters, counts and facets', () => {
      it('browses everything with the totals and facet counts of the record', async () => {
        const response = await search({ facets: ['category', 'country', 'city'], maxFacetValues: 3 });
        expect(response.total).toBe(count('SELECT count(*) FROM businesses'));
        expect(response.isTotalExact).toBe(true);
        expect(response.totalPages).toBe(Math.ceil(response.total / 20));
        const topCountries = record
          .prepare('SELECT country_code AS value, count(*) AS count FROM businesses GROUP BY country_code ORDER BY count DESC, country_code LIMIT 3')
          .all();
        expect(response.facets.country?.map(({ value, count }) => ({ value, count }))).toEqual(topCountries);
        expect(response.facets.city?.[0]).toEqual({ value: 'FR:lyon', label: 'Lyon', count: count("SELECT count(*) FROM businesses WHERE city = 'Lyon'") });
        const topCategories = record
          .prepare('SELECT category AS label, count(*) AS count FROM businesses GROUP BY category ORDER BY count DESC, category LIMIT 3')
          .all();
        expect(response.facets.category?.map(({ label, count }) => ({ label, count }))).toEqual(topCategories);
      });

      it('filters by category, country and rating, counting like SQL', async () => {
        const response = await search({ filters: { categorySlugs: ['plumber', 'dentist'], minRating: 4 }, facets: ['country'] });
        const expected = count("SELECT count(*) FROM businesses WHERE category IN ('Plumber', 'Dentist') AND rating >= 4");
        expect(response.total).toBe(expected);
        expect(response.isFacetExact).toBe(true);
        const frenchCount = count("SELECT count(*) FROM businesses WHERE category IN ('Plumber', 'Dentist') AND rating >= 4 AND country_code = 'FR'");
        expect(response.facets.country?.find((value) => value.value === 'FR')).toEqual({ value: 'FR', label: 'France', count: frenchCount });
        const cities = await search({ filters: { cities: [{ countryCode: 'DE', citySlug: 'munchen' }] } });
        expect(cities.total).toBe(count("SELECT count(*) FROM businesses WHERE city = 'München'"));
      });

      it('finds what is open now in each business’s own time zone', async () => {
        const open = names(await search({ filters: { openNow: true }, now: WEDNESDAY_MORNING, perPage: 100 }));
        expect(open).toContain('Austin Diner'); // open 24 hours
        expect(open).toContain('Chez Paul'); // 9AM–5PM, 11:00 in Lyon
        expect(open).not.toContain('Café de Flore'); // closed on Wednesdays
        expect(open).not.toContain('Austin Dental Care'); // 04:00 in Austin
        expect(open).not.toContain('Le Comptoir Bar'); // evenings only
        expect(open).not.toContain('Gym Lyon Part-Dieu'); // unknown hours
        const late = names(await search({ filters: { openNow: true }, now: new Date('2025-01-16T00:30:00Z'), perPage: 100 }));
        expect(late).toContain('Le Comptoir Bar'); // 01:30 in Paris, open 6PM–2AM
        expect(late).not.toContain('Chez Paul');
      });

      it('searches inside a facet’s values', async () => {
        const browse = await search({ facetSearch: { facet: 'city', query: 'mu' } });
        expect(browse.facetHits).toEqual([{ value: 'DE:munchen', label: 'München', count: count("SELECT count(*) FROM businesses WHERE city = 'München'") }]);
        const filtered = await search({ filters: { countryCodes: ['DE'] }, facetSearch: { facet: 'category', query: 'ba' } });
        expect(filtered.facetHits).toEqual([{ value: 'bakery', label: 'Bakery', count: 2 }]);
      });

      it('pages through results', async () => {
        const first = await search({ location: 'lyon', perPage: 5 });
        const second = await search({ location: 'lyon', perPage: 5, page: 2 });
        expect(first.totalPages).toBe(Math.ceil(first.total / 5));
        expect(names(first).filter((name) => names(second).includes(name))).toEqual([]);
        expect(second.hits).toHaveLength(5);
      });
    });

    describe('search: geo', () => {
      const lyon = { lat: PLACES.lyon.latitude, lng: PLACES.lyon.longitude };
      const withinKm = (radiusKm: number) =>
        (record.prepare('SELECT latitude, longitude FROM businesses').all() as { latitude: number; longitude: number }[]).filter(
          (row) => distanceKm(lyon.lat, lyon.lng, row.latitude, row.longitude) <= radiusKm,
        ).length;

      it('keeps what lies within a radius, nearest first when asked', async () => {
        const response = await search({ filters: { geo: { ...lyon, radiusKm: 5 } }, sort: 'distance', perPage: 100 });
        expect(response.total).toBe(withinKm(5));
        expect(response.hits.every((hit) => hit.city === 'Lyon')).toBe(true);
        const distances = response.hits.map((hit) => hit._distanceKm!);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
        expect(distances.at(-1)).toBeLessThanOrEqual(5);
      });

      it('keeps what lies in a bounding box, with or without words', async () => {
        const germany = { north: 55, south: 47, east: 15, west: 6 };
        const inBox = await search({ filters: { geo: germany }, perPage: 100 });
        expect(inBox.total).toBe(count("SELECT count(*) FROM businesses WHERE country_code = 'DE'"));
        const bakeries = await search({ query: 'bakery', filters: { geo: germany } });
        expect(names(bakeries).sort()).toEqual(['Berliner Bäckerei', 'Hofpfisterei']);
      });

      it('looks around a real place that has no business, nearest first, and says which place', async () => {
        // Grenoble has no business here; Lyon, 95 km away, has; Paris, 480 km away, is too far.
        const response = await search({ location: 'Grenoble', perPage: 100 });
        expect(response.unknownPlace).toBeUndefined();
        expect(response.aroundPlace).toMatchObject({ text: 'Grenoble', name: 'Grenoble, France', radiusKm: AROUND_RADIUS_KM });
        const grenoble = response.aroundPlace!;
        const nearest = (category: string | null) =>
          (record.prepare('SELECT name, category, latitude, longitude FROM businesses').all() as { name: string; category: string; latitude: number; longitude: number }[])
            .filter((row) => category === null || row.category === category)
            .map((row) => ({ name: row.name, km: distanceKm(grenoble.lat, grenoble.lng, row.latitude, row.longitude) }))
            .filter((row) => row.km <= AROUND_RADIUS_KM)
            .sort((a, b) => a.km - b.km);
        const around = nearest(null);
        expect(around.length).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Lyon'"));
        expect(response.total).toBe(around.length);
        // Nearest first (businesses at the same distance in any order), each with its distance from the place.
        expect(names(response).sort()).toEqual(around.map((row) => row.name).sort());
        response.hits.forEach((hit, index) => expect(hit._distanceKm).toBeCloseTo(around[index]!.km, 1));
        // With words, the nearest that match them; another sort asked for is kept.
        const bakeries = await search({ query: 'bakery', location: 'Grenoble' });
        expect(names(bakeries)).toEqual(nearest('Bakery').map((row) => row.name));
        expect(bakeries.aroundPlace?.name).toBe('Grenoble, France');
        const byRating = await search({ location: 'Grenoble', sort: 'rating', perPage: 100 });
        const ratings = byRating.hits.map((hit) => hit.rating ?? -1);
        expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
        expect(byRating.total).toBe(around.length);
      });

      it('says whether any business lies around the place, whatever the words found', async () => {
        const grenoble = await search({ query: 'zzzzqx', location: 'Grenoble' });
        expect(grenoble.total).toBe(0);
        // Lyon's businesses lie within the radius: "all businesses near Grenoble" finds them.
        expect(grenoble.aroundPlace).toMatchObject({ name: 'Grenoble, France', hasBusinesses: true });
        expect((await search({ location: 'Grenoble' })).aroundPlace?.hasBusinesses).toBe(true);
        const reykjavik = await search({ location: 'Reykjavik' });
        const nearest = await engine.nearby({ point: reykjavik.aroundPlace!, excludeIds: [], limit: 1, maxKm: 5000 });
        expect(nearest[0]!.distanceKm).toBeGreaterThan(AROUND_RADIUS_KM);
        expect(reykjavik).toMatchObject({ total: 0, hits: [], aroundPlace: { name: 'Reykjavík, Iceland', hasBusinesses: false } });
      });

      it('looks around a real place typed with a typo, and says which place it searched', async () => {
        const typed = await search({ location: 'Grenoblle', perPage: 100 });
        const exact = await search({ location: 'Grenoble', perPage: 100 });
        expect(typed.correctedLocation).toEqual({ typed: 'Grenoblle', used: 'Grenoble, France' });
        expect(typed.aroundPlace).toEqual({ ...exact.aroundPlace, text: 'Grenoblle' });
        expect(names(typed)).toEqual(names(exact));
        expect(exact.correctedLocation).toBeUndefined();
      });

      it('looks around a real place written with a part that cannot apply, and names that part', async () => {
        const grenoble = await search({ location: 'Grenoble', perPage: 100 });
        const narnia = await search({ location: 'Grenoble, Narnia', perPage: 100 });
        expect(grenoble.total).toBeGreaterThan(0);
        expect(narnia.total).toBe(grenoble.total);
        expect(names(narnia)).toEqual(names(grenoble));
        expect(narnia.aroundPlace).toEqual({ ...grenoble.aroundPlace, text: 'Grenoble, Narnia' });
        expect(narnia.unmatchedPlace).toEqual({ text: 'Narnia', isKnownPlace: false, city: 'Grenoble', searched: 'Grenoble, France' });
        expect(grenoble.unmatchedPlace).toBeUndefined();
        // No Springfield here, and none of the real ones lies in Vermont: around the most populous of the United States' (nothing lies there either).
        const massachusetts = 'Springfield, Massachusetts, United States';
        const vermont = await search({ location: 'Springfield, Vermont' });
        expect(vermont).toMatchObject({ total: 0, hits: [], aroundPlace: { text: 'Springfield, Vermont', name: massachusetts, hasBusinesses: false } });
        expect(vermont.unmatchedPlace).toEqual({ text: 'Vermont', isKnownPlace: true, city: 'Springfield', searched: massachusetts });
        expect(vermont.unknownPlace).toBeUndefined();
      });

      it('looks around the main city of a country without businesses, naming the country', async () => {
        expect(count("SELECT count(*) FROM businesses WHERE country_code = 'IS'")).toBe(0);
        const iceland = await search({ query: 'bakery', location: 'Iceland' });
        expect(iceland).toMatchObject({ total: 0, hits: [], aroundPlace: { text: 'Iceland', name: 'Reykjavík, Iceland', country: 'Iceland', hasBusinesses: false } });
        expect(iceland.unknownPlace).toBeUndefined();
        // A country with businesses is searched as before.
        expect((await search({ location: 'France' })).aroundPlace).toBeUndefined();
      });

      it('finds the businesses nearest a point, of one category or of any, leaving some out', async () => {
        const rows = record.prepare('SELECT id, name, category, latitude, longitude FROM businesses').all() as {
          id: number;
          name: string;
          category: string;
          latitude: number;
          longitude: number;
        }[];
        const chezPaul = rows.find((row) => row.name === 'Chez Paul')!;
        const point = { lat: chezPaul.latitude, lng: chezPaul.longitude };
        const away = (row: (typeof rows)[number]) => distanceKm(point.lat, point.lng, row.latitude, row.longitude);
        /** The distances (to 10 m) of the nearest businesses SQL's rows hold: ties may come in either order, distances may not. */
        const expected = (keep: (row: (typeof rows)[number]) => boolean, limit: number, maxKm: number) =>
          rows.filter((row) => keep(row) && away(row) <= maxKm).map(away).sort((a, b) => a - b).slice(0, limit).map((km) => km.toFixed(2));
        const check = async (request: Parameters<SearchEngine['nearby']>[0], keep: (row: (typeof rows)[number]) => boolean) => {
          const hits = await engine.nearby(request);
          expect(hits.map((hit) => hit.distanceKm.toFixed(2))).toEqual(expected(keep, request.limit, request.maxKm));
          for (const hit of hits) {
            const row = rows.find((candidate) => candidate.id === hit.id)!;
            expect(keep(row), row.name).toBe(true);
            expect(hit.distanceKm).toBeCloseTo(away(row), 2);
          }
          return hits;
        };
        // Any category, the business itself left out: the nearest five of Lyon.
        const around = await check({ point, excludeIds: [chezPaul.id], limit: 5, maxKm: 50 }, (row) => row.id !== chezPaul.id);
        expect(around.every((hit) => hit.distanceKm < 5)).toBe(true);
        // One category, within a radius: the Lyon and Munich bakeries (580 km), not Berlin's (930 km).
        const bakeries = await check({ point, categorySlug: 'bakery', excludeIds: [], limit: 6, maxKm: 700 }, (row) => row.category === 'Bakery');
        expect(bakeries.map((hit) => rows.find((row) => row.id === hit.id)!.name)).toEqual(['Boulangerie Saint-Jean', 'Hofpfisterei']);
        // Those found already are left out of a second read.
        await check({ point, excludeIds: [chezPaul.id, ...around.map((hit) => hit.id)], limit: 3, maxKm: 50 }, (row) => row.id !== chezPaul.id && !around.some((hit) => hit.id === row.id));
        expect(await engine.nearby({ point, categorySlug: 'no-such-category', excludeIds: [], limit: 6, maxKm: 50 })).toEqual([]);
      });

      it('sorts by distance from a point across a whole country', async () => {
        const response = await search({ location: 'FR', sort: 'distance', aroundPoint: { lat: 48.85, lng: 2.35 }, perPage: 100 });
        const firstLyon = response.hits.findIndex((hit) => hit.city === 'Lyon');
        expect(response.hits.slice(0, firstLyon).every((hit) => hit.city === 'Paris')).toBe(true);
        expect(firstLyon).toBe(count("SELECT count(*) FROM businesses WHERE city = 'Paris'"));
      });
    });
  });
}

/**
 * A name several real cities of one country share, filed under one city of the index
 * (`US:springfield`, as the spec's URLs name cities): each engine gets its own small record.
 */
for (const factory of FACTORIES) {
  describe.runIf(factory.isAvailable)(`engine contract: ${factory.name}: cities sharing a name`, () => {
    let dir: string;
    let record: RecordDatabase;
    let engine: SearchEngine;
    const search = (request: Partial<SearchRequest>) => engine.search(page({ perPage: 100, facets: ['city'], ...request }));
    /** The catalogue's Springfield of a state. */
    const springfield = (state: string) => worldCitiesNamed('springfield').find((city) => city.countryCode === 'US' && city.region === state)!;
    const at = (state: string, kmNorth: number) => ({ latitude: springfield(state).lat + kmNorth / 111.2, longitude: springfield(state).lng });
    const inUs = (city: string, category: string, point: { latitude: number; longitude: number }) =>
      buildBusiness({ city, category, type: category, country: 'United States', countryCode: 'US', postalCode: '00000', timeZone: 'America/Chicago', ...point });

    /** The names of the record's Springfield businesses (of a category) within the chosen-city radius of a state's Springfield, or all of them. */
    const expected = (state: string | null, category?: string) =>
      (record.prepare("SELECT name, category, latitude, longitude FROM businesses WHERE city = 'Springfield'").all() as { name: string; category: string; latitude: number; longitude: number }[])
        .filter((row) => category === undefined || row.category === category)
        .filter((row) => state === null || distanceKm(springfield(state).lat, springfield(state).lng, row.latitude, row.longitude) <= CHOSEN_CITY_RADIUS_KM)
        .map((row) => row.name)
        .sort();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'contract-namesakes-'));
      const recordFile = join(dir, 'directory.sqlite');
      record = openRecord(recordFile);
      const businesses = [
        { ...inUs('Springfield', 'Plumber', at('Missouri', 1)), name: 'Ozark Plumbing', reviews: 40, rating: 4.2 },
        // Filed under Springfield from a suburb 25 km out (Nixa), still Missouri's Springfield.
        { ...inUs('Springfield', 'Plumber', at('Missouri', -25)), name: 'Nixa Pipe Works', reviews: 90, rating: 4.8 },
        { ...inUs('Springfield', 'Bakery', at('Missouri', 2)), name: 'Queen City Bakery', reviews: 300, rating: 4.5 },
        { ...inUs('Springfield', 'Gas station', at('Oregon', 1)), name: 'Springfield Petrol', reviews: 500, rating: 3.9 },
        { ...inUs('Springfield', 'Plumber', at('Oregon', -2)), name: 'McKenzie Plumbing', reviews: 20, rating: 4.0 },
        { ...inUs('Springfield', 'Plumber', at('Illinois', 0)), name: 'Capitol Plumbing', reviews: 60, rating: 4.6 },
        // Tulsa is the only Tulsa of the United States: a business filed under it 150 km away is still Tulsa's.
        { ...inUs('Tulsa', 'Plumber', { latitude: 36.12 + 150 / 111.2, longitude: -95.93 }), name: 'Far Tulsa Plumbing', reviews: 5, rating: 4.0 },
      ];
      for (const business of businesses) insert(record, business);
      engine = factory.create(dir);
      await rebuildIndex(recordFile, engine, 'all');
    });

    afterAll(async () => {
      await engine?.close();
      record?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      ['Springfield, MO', 'Missouri'],
      ['Springfield, Missouri', 'Missouri'],
      ['Springfield, Oregon', 'Oregon'],
      ['Springfield, IL', 'Illinois'],
    ])('answers %s with the businesses of the Springfield of %s only, counted exactly, and names it', async (location, state) => {
      const wanted = expected(state);
      expect(wanted.length).toBeGreaterThan(0);
      expect(wanted.length).toBeLessThan(expected(null).length);
      const response = await search({ location });
      expect(names(response).sort()).toEqual(wanted);
      expect(response).toMatchObject({ total: wanted.length, isTotalExact: true, isFacetExact: true });
      expect(response.facets.city).toEqual([{ value: 'US:springfield', label: 'Springfield', count: wanted.length }]);
      expect(response.chosenCity).toEqual({
        name: `Springfield, ${state}, United States`,
        lat: springfield(state).lat,
        lng: springfield(state).lng,
        radiusKm: CHOSEN_CITY_RADIUS_KM,
      });
    });

    it('keeps the chosen Springfield with words, a category, another sort and a distance from elsewhere', async () => {
      const plumbers = await search({ query: 'plumber', location: 'Springfield, MO' });
      expect(names(plumbers).sort()).toEqual(expected('Missouri', 'Plumber'));
      expect(plumbers.total).toBe(expected('Missouri', 'Plumber').length);
      const byRating = await search({ location: 'Springfield, MO', filters: { categorySlugs: ['plumber'] }, sort: 'rating' });
      expect(names(byRating)).toEqual(['Nixa Pipe Works', 'Ozark Plumbing']);
      const oregon = { lat: springfield('Oregon').lat, lng: springfield('Oregon').lng };
      const byDistance = await search({ location: 'Springfield, MO', sort: 'distance', aroundPoint: oregon });
      expect(names(byDistance).sort()).toEqual(expected('Missouri'));
      const distances = byDistance.hits.map((hit) => hit._distanceKm!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    });

    it('answers the name alone, or with the country, with every Springfield, and a name one city has as before', async () => {
      for (const location of ['Springfield', 'Springfield, USA']) {
        const response = await search({ location });
        expect(names(response).sort()).toEqual(expected(null));
        expect(response.facets.city).toEqual([{ value: 'US:springfield', label: 'Springfield', count: expected(null).length }]);
        expect(response.chosenCity).toBeUndefined();
      }
      const tulsa = await search({ location: 'Tulsa, OK' });
      expect(names(tulsa)).toEqual(['Far Tulsa Plumbing']);
      expect(tulsa.chosenCity).toBeUndefined();
      expect(tulsa.unmatchedPlace).toBeUndefined();
    });

    it.each([
      ['Springfield, Vermont', 'Vermont', true],
      ['Springfield, VT', 'VT', true],
      ['Springfield, Narnia', 'Narnia', false],
    ] as const)('answers %s (a Springfield the catalogue has not, a place nobody knows) with every Springfield, and names the part it left out', async (location, text, isKnownPlace) => {
      const response = await search({ location });
      expect(names(response).sort()).toEqual(expected(null));
      expect(response).toMatchObject({ total: expected(null).length, isTotalExact: true });
      expect(response.facets.city).toEqual([{ value: 'US:springfield', label: 'Springfield', count: expected(null).length }]);
      expect(response.chosenCity).toBeUndefined();
      expect(response.unmatchedPlace).toEqual({ text, isKnownPlace, city: 'Springfield', searched: 'Springfield, United States' });
      const plumbers = await search({ query: 'plumber', location });
      expect(names(plumbers).sort()).toEqual(expected(null, 'Plumber'));
      expect(plumbers.unmatchedPlace).toEqual(response.unmatchedPlace);
    });

    it('looks around a real city without businesses written with a region holding none of its name, and names the region', async () => {
      // The catalogue's one Eugene lies in Oregon, 5 km from its Springfield.
      const eugene = worldCitiesNamed('eugene')[0]!;
      const around = (record.prepare('SELECT name, latitude, longitude FROM businesses').all() as { name: string; latitude: number; longitude: number }[])
        .map((row) => ({ name: row.name, km: distanceKm(eugene.lat, eugene.lng, row.latitude, row.longitude) }))
        .filter((row) => row.km <= AROUND_RADIUS_KM)
        .sort((a, b) => a.km - b.km);
      expect(around.map((row) => row.name).sort()).toEqual(expected('Oregon'));
      const vermont = await search({ location: 'Eugene, Vermont' });
      expect(names(vermont)).toEqual(around.map((row) => row.name));
      expect(vermont.aroundPlace).toMatchObject({ text: 'Eugene, Vermont', name: 'Eugene, United States', radiusKm: AROUND_RADIUS_KM, hasBusinesses: true });
      expect(vermont.unmatchedPlace).toEqual({ text: 'Vermont', isKnownPlace: true, city: 'Eugene', searched: 'Eugene, United States' });
      const oregon = await search({ location: 'Eugene, Oregon' });
      expect(names(oregon)).toEqual(names(vermont));
      expect(oregon.unmatchedPlace).toBeUndefined();
    });

    it('names the part it left out beside a city a region chose, and says nothing when every part applies', async () => {
      const missouri = await search({ location: 'Springfield, MO, Narnia' });
      expect(names(missouri).sort()).toEqual(expected('Missouri'));
      expect(missouri.chosenCity?.name).toBe('Springfield, Missouri, United States');
      expect(missouri.unmatchedPlace).toEqual({ text: 'Narnia', isKnownPlace: false, city: 'Springfield', searched: 'Springfield, Missouri, United States' });
      // Tulsa lies in Oklahoma only.
      const tulsa = await search({ location: 'Tulsa, Vermont' });
      expect(names(tulsa)).toEqual(['Far Tulsa Plumbing']);
      expect(tulsa.unmatchedPlace).toEqual({ text: 'Vermont', isKnownPlace: true, city: 'Tulsa', searched: 'Tulsa, United States' });
      for (const location of ['Springfield', 'Springfield, USA', 'Springfield, MO', 'Springfield, Missouri, USA']) {
        expect((await search({ location })).unmatchedPlace, location).toBeUndefined();
      }
    });
  });
}

/** Writes, positions and swaps: each engine gets its own record and index, since these tests change them. */
for (const factory of FACTORIES) {
  describe.runIf(factory.isAvailable)(`engine contract: ${factory.name}: changes, positions and swaps`, () => {
    let dir: string;
    let recordFile: string;
    let record: RecordDatabase;
    let engine: SearchEngine;
    let sync: IndexSync;
    const count = (sql: string, ...params: unknown[]) => record.prepare(sql).pluck().get(...params) as number;
    const expectIndexEqualsRecord = async () => {
      const report = await verifyIndex(recordFile, engine, 'all');
      expect(report.differences).toEqual([]);
      expect(await engine.appliedSeq()).toBe(changeLogHighWater(record));
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'contract-changes-'));
      recordFile = join(dir, 'directory.sqlite');
      record = openRecord(recordFile);
      for (const business of buildSearchWorld()) insert(record, business);
      // Some businesses an operator has not approved: they may not be featured.
      record.prepare("UPDATE businesses SET is_approved = CASE WHEN name IN ('Hotel Adlon', 'Smile Studio') THEN 0 ELSE 1 END").run();
      engine = factory.create(dir);
      sync = new IndexSync(record, engine, 'all');
      await rebuildIndex(recordFile, engine, 'all');
    });

    afterAll(async () => {
      await sync?.stop();
      await engine?.close();
      record?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('holds the position of the record it was built from', async () => {
      expect(await engine.appliedSeq()).toBe(changeLogHighWater(record));
      await expectIndexEqualsRecord();
    });

    it('features approved businesses rated 4 or more, most popular first', async () => {
      const expected = record
        .prepare('SELECT name FROM businesses WHERE is_approved = 1 AND rating >= 4 ORDER BY reviews DESC, rating DESC, id LIMIT 4')
        .pluck()
        .all();
      expect((await engine.featuredBusinesses(4)).map((business) => business.name)).toEqual(expected);
      expect(expected).not.toContain('Hotel Adlon');
    });

    it('lists every country with its counts, biggest first', async () => {
      const expected = record
        .prepare(`SELECT country_code AS code, count(*) AS businessCount, count(DISTINCT city) AS cityCount,
          count(DISTINCT category) AS categoryCount FROM businesses GROUP BY country_code`)
        .all() as { code: string; businessCount: number; cityCount: number; categoryCount: number }[];
      const countries = await engine.countries();
      expect(countries.map(({ code, businessCount, cityCount, categoryCount }) => ({ code, businessCount, cityCount, categoryCount })).sort((a, b) => a.code.localeCompare(b.code))).toEqual(
        expected.sort((a, b) => a.code.localeCompare(b.code)),
      );
      const sizes = countries.map((country) => country.businessCount);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(countries.find((country) => country.code === 'DE')).toMatchObject({ name: 'Germany', slug: 'germany' });
    });

    it('answers one city with its counts and its biggest categories', async () => {
      const detail = await engine.city('fr', 'Lyon', 3);
      expect(detail?.city).toMatchObject({
        countryCode: 'FR',
        countryName: 'France',
        slug: 'lyon',
        name: 'Lyon',
        businessCount: count("SELECT count(*) FROM businesses WHERE city = 'Lyon'"),
        categoryCount: count("SELECT count(DISTINCT category) FROM businesses WHERE city = 'Lyon'"),
      });
      const expected = record
        .prepare("SELECT category AS name, count(*) AS count FROM businesses WHERE city = 'Lyon' GROUP BY category ORDER BY count DESC, category LIMIT 3")
        .all() as { name: string; count: number }[];
      expect(detail?.categories.map(({ name, count: n }) => ({ name, count: n }))).toEqual(expected);
      expect(await engine.city('FR', 'atlantis', 3)).toBeNull();
    });

    it('applies changes with their position, and applying them again changes nothing', async () => {
      const before = await engine.appliedSeq();
      insert(record, buildBusiness({ name: 'Lyon Fromagerie', category: 'Cheese shop', type: 'Cheese shop', city: 'Lyon', countryCode: 'FR', fullAddress: '2 Rue X, Lyon, France' }));
      record.prepare("UPDATE businesses SET category = 'Bakery' WHERE name = 'Café des Arts'").run();
      record.prepare("DELETE FROM businesses WHERE name = 'Joe Plumbing'").run();
      const changes = readChanges(record, before, 100, 'all')!;
      expect(changes).toMatchObject({ fromSeq: before, seq: before + 3 });
      expect(await engine.applyChanges(changes)).toBe(before + 3);
      expect(await engine.appliedSeq()).toBe(before + 3);
      const totals = await engine.totals();
      // A retry of the same batch (its acknowledgement was lost): nothing is counted twice.
      expect(await engine.applyChanges(changes)).toBe(before + 3);
      expect(await engine.totals()).toEqual(totals);
      await expectIndexEqualsRecord();

      // A batch that starts after the index's position would leave a gap: refused, position unchanged.
      record.prepare("UPDATE businesses SET rating = 1 WHERE name = 'Chez Paul'").run();
      record.prepare("UPDATE businesses SET rating = 2 WHERE name = 'Hotel Adlon'").run();
      const gap = readChanges(record, before + 4, 100, 'all')!;
      expect(await engine.applyChanges(gap)).toBe(before + 3);
      await sync.catchUp();
      await expectIndexEqualsRecord();
    });

    it('swaps in a rebuild that holds every write made while it ran', async () => {
      await rebuildIndex(recordFile, engine, 'all', {
        async afterSnapshot() {
          insert(record, buildBusiness({ name: 'Snapshot Sauna', category: 'Sauna', type: 'Sauna', city: 'Berlin', countryCode: 'DE', fullAddress: '1 Str, Berlin, Germany' }));
          await sync.catchUp();
        },
        async afterBulk() {
          record.prepare("UPDATE businesses SET slug = 'chez-paul-lyon' WHERE name = 'Chez Paul'").run();
          await sync.catchUp();
        },
        async beforePublish() {
          record.prepare("DELETE FROM businesses WHERE name = 'Bella Pizza'").run();
          await sync.catchUp();
        },
      });
      expect((await engine.category('sauna', 3))?.category.businessCount).toBe(1);
      expect((await engine.listBusinesses({ countryCode: 'FR', citySlug: 'lyon' }, { page: 1, perPage: 100 })).items.map((b) => b.slug)).toContain('chez-paul-lyon');
      expect((await engine.search({ query: 'bella', page: 1, perPage: 5 })).hits).toEqual([]);
      await expectIndexEqualsRecord();
    });

    it('carries a temporary closure to hits and lists, and never finds such a business open now, whatever its hours', async () => {
      const dinerId = count("SELECT id FROM businesses WHERE name = 'Austin Diner'");
      const openNow = async () => names(await engine.search(page({ filters: { openNow: true }, now: WEDNESDAY_MORNING, perPage: 100 })));
      const diner = async () => (await engine.search(page({ query: 'austin diner', perPage: 1 }))).hits[0]!;
      const listed = async () => (await engine.listBusinesses({ countryCode: 'US', citySlug: 'austin' }, { page: 1, perPage: 50 })).items.find((b) => b.name === 'Austin Diner')!;
      // Open 24 hours: open now, not marked.
      expect(await openNow()).toContain('Austin Diner');
      expect(await diner()).toMatchObject({ name: 'Austin Diner', isTemporarilyClosed: false });

      // Marked through the change log (the mark alone: no column of the business changes).
      record.prepare("INSERT INTO business_closures (business_id, status) VALUES (?, 'temporarily_closed')").run(dinerId);
      await sync.catchUp();
      const open = await openNow();
      expect(open).not.toContain('Austin Diner');
      expect(open).toContain('Chez Paul');
      expect(await diner()).toMatchObject({ name: 'Austin Diner', isTemporarilyClosed: true, workingHours: expect.stringContaining('Open 24 hours') });
      expect((await listed()).isTemporarilyClosed).toBe(true);
      await expectIndexEqualsRecord();

      // A rebuild reads the mark from its snapshot.
      await rebuildIndex(recordFile, engine, 'all');
      expect(await openNow()).not.toContain('Austin Diner');
      expect((await diner()).isTemporarilyClosed).toBe(true);

      // Cleared: open now again.
      record.prepare('DELETE FROM business_closures WHERE business_id = ?').run(dinerId);
      await sync.catchUp();
      expect(await openNow()).toContain('Austin Diner');
      expect((await diner()).isTemporarilyClosed).toBe(false);
      expect((await listed()).isTemporarilyClosed).toBe(false);
      await expectIndexEqualsRecord();
    });
  });
}
