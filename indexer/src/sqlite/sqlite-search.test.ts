import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import type { BusinessInput } from '@directory/data/business.ts';
import { type RecordDatabase } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { IndexSync, rebuildIndex } from '../sync.ts';
import { highlight } from './search-text.ts';
import { CANDIDATE_LIMIT, CELL_MATCH_SQL, searchIndex, traceSearchStatements } from './sqlite-search.ts';
import { openIndexDatabase } from './index-file.ts';
import { PLACES, buildSearchWorld } from './search-test-world.ts';
import { MAX_PREFIX_TERMS, VOCABULARY_QUERIES } from './search-vocabulary.ts';
import { distanceKm } from '../geo-distance.ts';
import { worldCitiesNamed } from '../places/world-cities.ts';
import type { SearchRequest } from '../search-types.ts';
import type { SqliteEngine } from './sqlite-engine.ts';

describe('highlighting', () => {
  it('marks words by prefix or by typo correction, accents folded', () => {
    expect(highlight('Café de Flore', { prefixes: ['caf'], exact: new Set() })).toBe('<mark>Café</mark> de Flore');
    expect(highlight('Le Restaurant', { prefixes: [], exact: new Set(['restaurant']) })).toBe('Le <mark>Restaurant</mark>');
  });

  it('marks a word written with a hyphen or an apostrophe whole when the query matched it joined, else part by part', () => {
    expect(highlight('Free Wi-Fi', { prefixes: ['wifi'], exact: new Set() })).toBe('Free <mark>Wi-Fi</mark>');
    expect(highlight("Mike’s Café", { prefixes: ['mikes'], exact: new Set() })).toBe('<mark>Mike’s</mark> Café');
    expect(highlight('Free Wi-Fi', { prefixes: ['fi'], exact: new Set() })).toBe('Free Wi-<mark>Fi</mark>');
    expect(highlight('Gym Part-Dieu', { prefixes: ['dieu'], exact: new Set(['gym']) })).toBe('<mark>Gym</mark> Part-<mark>Dieu</mark>');
  });
});

describe('sqlite search: bounded work', () => {
  let recordFile: string;
  let record: RecordDatabase;
  let engine: SqliteEngine;

  const insert = (business: BusinessInput) => insertBusiness(record, business);

  let temp: TempIndex;

  beforeEach(() => {
    temp = createTempIndex('search-test');
    ({ recordFile, record, engine } = temp);
  });

  afterEach(() => temp.dispose());

  it('ranks at most the first 1,000 matches of a broad query and says the total is a lower bound', async () => {
    const insertMany = record.transaction(() => {
      for (let i = 0; i < CANDIDATE_LIMIT + 200; i += 1) insert(buildBusiness({ name: `Plumber ${i}`, reviews: 5000 - i }));
    });
    insertMany();
    await rebuildIndex(recordFile, engine, 'all');
    const started = performance.now();
    const response = await engine.search({ query: 'plu', page: 1, perPage: 20, facets: ['city'] });
    const elapsed = performance.now() - started;
    expect(response).toMatchObject({ total: CANDIDATE_LIMIT, isTotalExact: false, isFacetExact: false });
    expect(response.hits[0]!.name).toBe('Plumber 0');
    expect(elapsed).toBeLessThan(1000);
    const browse = await engine.search({ page: 1, perPage: 20, facets: ['city'] });
    expect(browse).toMatchObject({ total: CANDIDATE_LIMIT + 200, isTotalExact: true, isFacetExact: true });
    expect(browse.facets.city).toEqual([{ value: 'FR:lyon', label: 'Lyon', count: CANDIDATE_LIMIT + 200 }]);
    const category = await engine.search({ page: 1, perPage: 20, filters: { categorySlugs: ['plumber'] } });
    expect(category).toMatchObject({ total: CANDIDATE_LIMIT + 200, isTotalExact: true });
  });

  it('never counts the Springfield a region did not choose into a total past the candidate bound', async () => {
    const springfield = (state: string) => worldCitiesNamed('springfield').find((city) => city.countryCode === 'US' && city.region === state)!;
    const inSpringfield = (state: string, i: number) =>
      buildBusiness({ name: `${state} Shop ${i}`, city: 'Springfield', country: 'United States', countryCode: 'US', latitude: springfield(state).lat, longitude: springfield(state).lng });
    const insertMany = record.transaction(() => {
      for (let i = 0; i < CANDIDATE_LIMIT + 50; i += 1) insert(inSpringfield('Missouri', i));
      for (let i = 0; i < 300; i += 1) insert(inSpringfield('Oregon', i));
    });
    insertMany();
    await rebuildIndex(recordFile, engine, 'all');
    const missouri = CANDIDATE_LIMIT + 50;
    const response = await engine.search({ location: 'Springfield, MO', page: 1, perPage: 20, facets: ['city'] });
    // More than a search keeps: a lower bound, flagged, never the aggregate count of every Springfield.
    expect(response.total).toBeLessThanOrEqual(missouri);
    expect(response.isTotalExact).toBe(response.total === missouri);
    expect(response.facets.city![0]!.count).toBeLessThanOrEqual(missouri);
    expect(response.hits.every((hit) => hit.name.startsWith('Missouri'))).toBe(true);
  });

  it('sorts by distance from the nearest, whatever their popularity, past the candidate bound', async () => {
    const center = { lat: 45.764, lng: 4.8357 };
    const insertMany = record.transaction(() => {
      // Popularity falls with i, distance from the centre grows and shrinks again: the nearest are not the most popular.
      for (let i = 0; i < CANDIDATE_LIMIT + 300; i += 1) {
        const offset = ((i * 7919) % 1300) * 0.0004;
        insert(buildBusiness({ name: `Shop ${i}`, latitude: center.lat + offset, longitude: center.lng, reviews: 5000 - i }));
      }
    });
    insertMany();
    await rebuildIndex(recordFile, engine, 'all');
    const rows = record.prepare('SELECT name, latitude, longitude FROM businesses').all() as { name: string; latitude: number; longitude: number }[];
    const nearest = rows
      .map((row) => ({ name: row.name, km: distanceKm(center.lat, center.lng, row.latitude, row.longitude) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 10)
      .map((row) => row.name);
    const response = await engine.search({ sort: 'distance', aroundPoint: center, page: 1, perPage: 10 });
    expect(response.hits.map((hit) => hit.name)).toEqual(nearest);
    const withinRadius = await engine.search({ filters: { geo: { ...center, radiusKm: 20 } }, sort: 'distance', page: 1, perPage: 10 });
    expect(withinRadius.hits.map((hit) => hit.name)).toEqual(nearest);
    expect(withinRadius.total).toBe(rows.filter((row) => distanceKm(center.lat, center.lng, row.latitude, row.longitude) <= 20).length);
  });

  it('sorts the matches of words by distance within a radius through the grid cells, exactly, however many match elsewhere', async () => {
    const center = { lat: 45.764, lng: 4.8357 };
    const insertMany = record.transaction(() => {
      // 1,200 plumbers, the most popular far away (about 1 to 100 km north), a few near.
      for (let i = 0; i < 1200; i += 1) {
        const offset = i < 1180 ? 0.01 + ((i * 7919) % 1000) * 0.0009 : (i - 1180) * 0.0001;
        insert(buildBusiness({ name: `Plumber ${i}`, category: 'Plumber', latitude: center.lat + offset, longitude: center.lng, reviews: 5000 - i }));
      }
    });
    insertMany();
    await rebuildIndex(recordFile, engine, 'all');
    const trace = traceSearchStatements(engine.database);
    const radiusKm = 5;
    const response = await engine.search({ query: 'plumber', filters: { geo: { ...center, radiusKm } }, sort: 'distance', page: 1, perPage: 10 });
    const rows = record.prepare('SELECT name, latitude, longitude FROM businesses').all() as { name: string; latitude: number; longitude: number }[];
    const within = rows
      .map((row) => ({ name: row.name, km: distanceKm(center.lat, center.lng, row.latitude, row.longitude) }))
      .filter((row) => row.km <= radiusKm)
      .sort((a, b) => a.km - b.km);
    expect(response.hits.map((hit) => hit.name)).toEqual(within.slice(0, 10).map((row) => row.name));
    expect(response.total).toBe(within.length);
    // A match of more than 1,000 with a filter is intersected with the cells around the point inside FTS5, not read whole.
    expect(trace.has(CELL_MATCH_SQL)).toBe(true);
  });

  it('expands a long prefix to its most frequent terms and then says the total is a lower bound', async () => {
    // Thirteen terms start with "zeph": the rarest one falls outside the expansion.
    for (let i = 0; i < MAX_PREFIX_TERMS + 1; i += 1) {
      const term = `zeph${String.fromCharCode(97 + i)}`;
      for (let copy = 0; copy <= MAX_PREFIX_TERMS - i; copy += 1) insert(buildBusiness({ name: `${term} ${copy}`, reviews: 100 + i }));
    }
    await rebuildIndex(recordFile, engine, 'all');
    const response = await engine.search({ query: 'zeph', page: 1, perPage: 100 });
    expect(response.isTotalExact).toBe(false);
    expect(response.hits.some((hit) => hit.name.startsWith(`zeph${String.fromCharCode(97 + MAX_PREFIX_TERMS)}`))).toBe(false);
    expect(response.hits.some((hit) => hit.name.startsWith('zepha'))).toBe(true);
    // The full word is still found, and a short prefix goes through the prefix index, whole.
    const rarest = `zeph${String.fromCharCode(97 + MAX_PREFIX_TERMS)}`;
    expect((await engine.search({ query: rarest, page: 1, perPage: 5 })).hits[0]!.name).toBe(`${rarest} 0`);
    const short = await engine.search({ query: 'zep', page: 1, perPage: 100 });
    expect(short).toMatchObject({ total: response.total + 1, isTotalExact: true });
  });

  describe('a prefix of more words than one range read takes (400)', () => {
    const CONSONANTS = 'bcdfghjklmnpqrtvwxz';
    /** The i-th rare word ("restabbb", "restabbc", …): all of them sort before "restaurant". */
    const rareWord = (i: number) => `Resta${[Math.floor(i / 361), Math.floor(i / 19) % 19, i % 19].map((at) => CONSONANTS[at]).join('')}`;
    const RARE_WORDS = 450;
    /** No house number: the digit words of these tests are the postal codes and phone numbers. */
    const address = { street: 'Quai Saint-Antoine', fullAddress: 'Quai Saint-Antoine, 69002 Lyon, France' };
    const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);
    const search = (query: string) => engine.search({ query, page: 1, perPage: 50 });
    /** 450 businesses each with a word of its own starting with "resta", and a phone number starting with 4700 in its national form. */
    const insertRare = () =>
      record.transaction(() => {
        for (let i = 0; i < RARE_WORDS; i += 1) {
          insert(buildBusiness({ name: rareWord(i), phone: `+33 4 70 00 ${String(i).padStart(4, '0')}`, ...address, reviews: 100 }));
        }
      })();

    it('expands a word of four letters, and a longer one, to its most frequent words, not the first in alphabetical order', async () => {
      insertRare();
      for (const name of ['Restaurant Alpha', 'Restaurant Bravo', 'Restaurant Charlie']) insert(buildBusiness({ name, category: 'Bistro', ...address, reviews: 300 }));
      for (let i = 1; i <= 5; i += 1) insert(buildBusiness({ name: `Restoration Works ${i}`, category: 'Carpenter', ...address, reviews: 200 }));
      await rebuildIndex(recordFile, engine, 'all');
      const restaurants = ['Restaurant Alpha', 'Restaurant Bravo', 'Restaurant Charlie'];
      const restorations = [1, 2, 3, 4, 5].map((i) => `Restoration Works ${i}`);

      // "rest": restoration (5 businesses), restaurant (3), then ten of the 450 words held by one.
      const rest = await search('rest');
      expect(names(rest.hits).slice(0, 8)).toEqual([...restaurants, ...restorations]);
      expect(names(rest.hits).slice(8)).toEqual(Array.from({ length: MAX_PREFIX_TERMS - 2 }, (_, i) => rareWord(i)));
      expect(rest).toMatchObject({ total: 8 + MAX_PREFIX_TERMS - 2, isTotalExact: false });
      // "resta": restaurant, then eleven of the words held by one; never "restoration", which its head also holds.
      const resta = await search('resta');
      expect(names(resta.hits)).toEqual([...restaurants, ...Array.from({ length: MAX_PREFIX_TERMS - 1 }, (_, i) => rareWord(i))]);
      expect(resta).toMatchObject({ total: 3 + MAX_PREFIX_TERMS - 1, isTotalExact: false });
      // A prefix of fewer terms than a range read takes is still chosen from all of them, and exact.
      expect(await search('restor')).toMatchObject({ total: 5, isTotalExact: true });
    });

    it('expands a prefix of digits to its most frequent terms, before the phone numbers each held by one business', async () => {
      insertRare();
      for (const name of ['Taller Norte', 'Taller Sur', 'Taller Este']) insert(buildBusiness({ name, postalCode: '47009', ...address, reviews: 300 }));
      await rebuildIndex(recordFile, engine, 'all');
      // 47009 sorts after the 450 phone numbers 470000000…470000449; the index leaves those out (one business each).
      const response = await search('4700');
      expect(names(response.hits)).toEqual(['Taller Norte', 'Taller Sur', 'Taller Este', ...Array.from({ length: MAX_PREFIX_TERMS - 1 }, (_, i) => rareWord(i))]);
      expect(response.isTotalExact).toBe(false);
    });

    it('chooses a word that the change log makes frequent, as a rebuild would', async () => {
      insertRare();
      insert(buildBusiness({ name: 'Restaurant Alpha', category: 'Bistro', postalCode: '47009', ...address, reviews: 300 }));
      await rebuildIndex(recordFile, engine, 'all');
      // Held by one business, "restaurant" and "47009" are as frequent as the words sorting before them.
      expect(names((await search('rest')).hits)).not.toContain('Restaurant Alpha');
      expect(names((await search('4700')).hits)).not.toContain('Restaurant Alpha');
      insert(buildBusiness({ name: 'Restaurant Bravo', category: 'Bistro', postalCode: '47009', ...address, reviews: 200 }));
      insert(buildBusiness({ name: 'Restaurant Charlie', category: 'Bistro', postalCode: '47009', ...address, reviews: 150 }));
      await new IndexSync(record, engine, 'all').catchUp();
      // Now held by three: the most frequent term, beside eleven of those held by one. In the name, the
      // businesses the change log added come after those the rebuild held; a postal code ranks before a phone number.
      const rare = Array.from({ length: MAX_PREFIX_TERMS - 1 }, (_, i) => rareWord(i));
      for (const query of ['rest', 'resta']) expect(names((await search(query)).hits), query).toEqual(['Restaurant Alpha', ...rare, 'Restaurant Bravo', 'Restaurant Charlie']);
      expect(names((await search('4700')).hits)).toEqual(['Restaurant Alpha', 'Restaurant Bravo', 'Restaurant Charlie', ...rare]);
    });
  });

  it('keeps every spelling of a city or category when a filter narrows a word search', async () => {
    const city = (name: string) => ({ city: name, country: 'Denmark', countryCode: 'DK', timeZone: 'Europe/Copenhagen' });
    insert(buildBusiness({ name: 'Bager Nord', category: 'Bakery', ...city('Kobenhavn'), reviews: 30 }));
    insert(buildBusiness({ name: 'Bager Syd', category: 'Bakery', ...city('København'), reviews: 20 }));
    insert(buildBusiness({ name: 'Bager Vest', category: 'Smørrebrød', ...city('Aarhus'), reviews: 10 }));
    insert(buildBusiness({ name: 'Bager Øst', category: 'Smorrebrod', ...city('Aarhus'), reviews: 5 }));
    await rebuildIndex(recordFile, engine, 'all');
    const inCity = await engine.search({ query: 'bager', filters: { cities: [{ countryCode: 'DK', citySlug: 'kobenhavn' }] }, page: 1, perPage: 10 });
    expect(inCity.hits.map((hit) => hit.name)).toEqual(['Bager Nord', 'Bager Syd']);
    expect(inCity).toMatchObject({ total: 2, isTotalExact: true });
    const byLocation = await engine.search({ query: 'bager', location: 'København', page: 1, perPage: 10 });
    expect(byLocation.hits.map((hit) => hit.name)).toEqual(['Bager Nord', 'Bager Syd']);
    const inCategory = await engine.search({ query: 'bager', filters: { categorySlugs: ['smorrebrod'] }, page: 1, perPage: 10 });
    expect(inCategory.hits.map((hit) => hit.name)).toEqual(['Bager Vest', 'Bager Øst']);
  });

  it('keeps a spelling with ø, ß or æ that the change log brings, for a search thread that has already searched', async () => {
    const city = (name: string, countryCode: string, country: string) => ({ city: name, country, countryCode });
    insert(buildBusiness({ name: 'Bager Nord', category: 'Bakery', ...city('Kobenhavn', 'DK', 'Denmark'), reviews: 30 }));
    insert(buildBusiness({ name: 'Bäckerei Eck', category: 'Bakery', ...city('Giessen', 'DE', 'Germany'), reviews: 30 }));
    await rebuildIndex(recordFile, engine, 'all');
    // A search thread's own read-only connection, which has searched these filters before the change.
    const thread = openIndexDatabase(engine.livePath()!, { readonly: true });
    try {
      const inKobenhavn = { query: 'ba', filters: { cities: [{ countryCode: 'DK', citySlug: 'kobenhavn' }] }, page: 1, perPage: 10 };
      const inGiessen = { query: 'ba', filters: { cities: [{ countryCode: 'DE', citySlug: 'giessen' }] }, page: 1, perPage: 10 };
      const inSmorrebrod = { query: 'ba', filters: { categorySlugs: ['smorrebrod'] }, page: 1, perPage: 10 };
      expect((await searchIndex(thread, inKobenhavn)).hits.map((hit) => hit.name)).toEqual(['Bager Nord']);
      expect((await searchIndex(thread, inGiessen)).hits.map((hit) => hit.name)).toEqual(['Bäckerei Eck']);
      expect((await searchIndex(thread, inSmorrebrod)).hits).toEqual([]);
      insert(buildBusiness({ name: 'Bager Syd', category: 'Bakery', ...city('København', 'DK', 'Denmark'), reviews: 20 }));
      insert(buildBusiness({ name: 'Bäckerei Groß', category: 'Bakery', ...city('Gießen', 'DE', 'Germany'), reviews: 20 }));
      insert(buildBusiness({ name: 'Bager Øst', category: 'Smørrebrød', ...city('Aarhus', 'DK', 'Denmark'), reviews: 10 }));
      insert(buildBusiness({ name: 'Bager Vest', category: 'Smorrebrod', ...city('Aarhus', 'DK', 'Denmark'), reviews: 5 }));
      await new IndexSync(record, engine, 'all').catchUp();
      expect((await searchIndex(thread, inKobenhavn)).hits.map((hit) => hit.name)).toEqual(['Bager Nord', 'Bager Syd']);
      expect((await searchIndex(thread, inGiessen)).hits.map((hit) => hit.name)).toEqual(['Bäckerei Eck', 'Bäckerei Groß']);
      expect((await searchIndex(thread, inSmorrebrod)).hits.map((hit) => hit.name)).toEqual(['Bager Øst', 'Bager Vest']);
      // The same answers as after a rebuild.
      await rebuildIndex(recordFile, engine, 'all');
      expect((await engine.search(inKobenhavn)).hits.map((hit) => hit.name)).toEqual(['Bager Nord', 'Bager Syd']);
      expect((await engine.search(inSmorrebrod)).hits.map((hit) => hit.name)).toEqual(['Bager Øst', 'Bager Vest']);
    } finally {
      thread.close();
    }
  });

  it('finds a word written with a hyphen or an apostrophe as typed joined, after a rebuild and after a change', async () => {
    insert(buildBusiness({ name: 'Mike’s Coworking', category: 'Coworking space', about: 'Free Wi-Fi and meeting rooms.', reviews: 40 }));
    insert(buildBusiness({ name: 'Maison Claire', category: "Women's clothing store", reviews: 30 }));
    insert(buildBusiness({ name: 'Womens Fashion Outlet', category: 'Shoe store', reviews: 900 }));
    insert(buildBusiness({ name: 'Wiki Fitness', category: 'Gym', about: 'Fitness classes.', reviews: 50 }));
    insert(buildBusiness({ name: 'Pharmacie Saint-Jean', category: 'Pharmacy', reviews: 20 }));
    insert(buildBusiness({ name: 'Garage Saint Jean', category: 'Car repair', reviews: 10 }));
    insert(buildBusiness({ name: 'Kafe WiFi Corner', category: 'Internet cafe', reviews: 5 }));
    insert(buildBusiness({ name: 'McDonald’s Fleet Street', category: 'Fast food restaurant', reviews: 8 }));
    await rebuildIndex(recordFile, engine, 'all');
    const search = (query: string) => engine.search({ query, page: 1, perPage: 10 });

    expect((await search('wifi')).hits.map((hit) => hit.name)).toEqual(['Kafe WiFi Corner', 'Mike’s Coworking']);
    expect((await search('wi-fi')).hits.map((hit) => hit.name)).toEqual(['Kafe WiFi Corner', 'Mike’s Coworking']);
    const mikes = await search('mikes');
    expect(mikes.hits.map((hit) => hit.name)).toEqual(['Mike’s Coworking']);
    expect(mikes.hits[0]!._highlight.name).toBe('<mark>Mike’s</mark> Coworking');
    // The exact category comes first, though the shoe store is more popular and holds the word in its name.
    const womens = await search('womens clothing store');
    expect(womens.hits.map((hit) => hit.name)).toEqual(['Maison Claire']);
    expect(womens.hits[0]!._highlight.category).toBe('<mark>Women\'s</mark> <mark>clothing</mark> <mark>store</mark>');
    expect((await search('womens')).hits.map((hit) => hit.name)).toEqual(['Maison Claire', 'Womens Fashion Outlet']);
    // Typed with its hyphen, the word is also its parts, whole words.
    expect((await search('saint-jean')).hits.map((hit) => hit.name)).toEqual(['Pharmacie Saint-Jean', 'Garage Saint Jean']);
    // Typed as two words, a word the index holds as one is found too.
    expect((await search('wi fi')).hits.map((hit) => hit.name)).toEqual(expect.arrayContaining(['Mike’s Coworking', 'Kafe WiFi Corner']));
    expect((await search('mc donalds')).hits.map((hit) => hit.name)).toEqual(['McDonald’s Fleet Street']);
    // Typed joined, it is found joined and, split in two side by side, spaced.
    expect((await search('saintjean')).hits.map((hit) => hit.name)).toEqual(['Pharmacie Saint-Jean', 'Garage Saint Jean']);

    insert(buildBusiness({ name: 'Café Wi-Fi Lounge', category: 'Café', reviews: 10 }));
    await new IndexSync(record, engine, 'all').catchUp();
    const lounge = await search('wifi');
    // Names first, by popularity (a business added since the rebuild comes after those it held), then the about text.
    expect(lounge.hits.map((hit) => hit.name)).toEqual(['Kafe WiFi Corner', 'Café Wi-Fi Lounge', 'Mike’s Coworking']);
    expect(lounge.hits[1]!._highlight.name).toBe('Café <mark>Wi-Fi</mark> Lounge');
  });

  it('finds a word typed as one that the index holds as two, side by side: "bookstore" is "book store", "carpet" never "car … pet"', async () => {
    insert(buildBusiness({ name: 'Librairie Kléber', category: 'Book store', reviews: 30 }));
    insert(buildBusiness({ name: 'Page One', category: 'Book store', reviews: 20 }));
    insert(buildBusiness({ name: 'Shine Car Wash', category: 'Car wash', reviews: 60 }));
    insert(buildBusiness({ name: 'Speedy Car Wash', category: 'Car wash', reviews: 50 }));
    insert(buildBusiness({ name: 'Car Park Central', category: 'Parking', about: 'Pet friendly', reviews: 70 }));
    insert(buildBusiness({ name: 'Pet Corner', category: 'Pet store', about: 'Car park', reviews: 40 }));
    insert(buildBusiness({ name: 'Carpet World', category: 'Carpet store', reviews: 10 }));
    await rebuildIndex(recordFile, engine, 'all');
    const search = (query: string) => engine.search({ query, page: 1, perPage: 10 });

    const bookstores = await search('bookstore');
    expect(bookstores.hits.map((hit) => hit.name)).toEqual(['Librairie Kléber', 'Page One']);
    expect(bookstores.hits[0]!._highlight.category).toBe('<mark>Book</mark> <mark>store</mark>');
    expect((await search('carwash')).hits.map((hit) => hit.name)).toEqual(['Shine Car Wash', 'Speedy Car Wash']);
    // "car" and "pet" are both words of the index, never side by side: only the carpet store.
    expect((await search('carpet')).hits.map((hit) => hit.name)).toEqual(['Carpet World']);
    // Typed as two words, as before.
    expect((await search('car wash')).hits.map((hit) => hit.name)).toEqual(['Shine Car Wash', 'Speedy Car Wash']);
  });

  it('finds a new business with a typo once the change log is applied', async () => {
    insert(buildBusiness({ name: 'Pizza Roma' }));
    await rebuildIndex(recordFile, engine, 'all');
    insert(buildBusiness({ name: 'Locksmith Express', category: 'Locksmith' }));
    await new IndexSync(record, engine, 'all').catchUp();
    const response = await engine.search({ query: 'lcoksmith', page: 1, perPage: 5 });
    expect(response.hits.map((hit) => hit.name)).toEqual(['Locksmith Express']);
    expect(response.hits[0]!._highlight.name).toBe('<mark>Locksmith</mark> Express');
  });
});

describe('sqlite search: a word being typed reaches the synonyms of the word it starts', () => {
  let temp: TempIndex;

  beforeEach(async () => {
    temp = createTempIndex('search-completion');
    const add = (name: string, category: string, reviews: number) => insertBusiness(temp.record, buildBusiness({ name, category, type: category, reviews }));
    for (const [index, name] of ['Cabinet Martin', 'Docteur Roux', 'Sourire Plus'].entries()) add(name, 'Dentist', 10 + index);
    // More popular than the dentists, and named by a synonym of "dentist" only.
    for (const [index, name] of ['Clinique du Parc', 'Centre Bellecour'].entries()) add(name, 'Dental clinic', 100 + index);
    add('Pizza Roma', 'Pizza restaurant', 50);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
  });

  afterEach(() => temp.dispose());

  const search = (query: string) => temp.engine.search({ query, page: 1, perPage: 20 });
  const idsWhere = (where: string) => temp.record.prepare(`SELECT id FROM businesses WHERE ${where} ORDER BY id`).pluck().all() as number[];
  const ids = (hits: { id: number }[]) => hits.map((hit) => hit.id).sort((a, b) => a - b);

  it('finds as many businesses for "denti" as for "dentist": the dental clinics too, after the dentists', async () => {
    const whole = await search('dentist');
    const typing = await search('denti');
    expect(ids(whole.hits)).toEqual(idsWhere("category IN ('Dentist', 'Dental clinic')"));
    expect(typing.total).toBeGreaterThanOrEqual(whole.total);
    expect(ids(typing.hits)).toEqual(ids(whole.hits));
    // What the typed word starts comes first, its synonyms after, however popular.
    expect(typing.hits.map((hit) => hit.category)).toEqual(['Dentist', 'Dentist', 'Dentist', 'Dental clinic', 'Dental clinic']);
    // The last of several words too: "dental clin" is on its way to "dental clinic", a synonym of "dentist".
    expect(ids((await search('dental clin')).hits)).toEqual(ids(whole.hits));
  });

  it('looks for synonyms only from four letters, and for the last word only', async () => {
    const trace = traceSearchStatements(temp.engine.database);
    const matchOf = async (query: string) => {
      trace.clear();
      await search(query);
      return [...trace].filter(([sql]) => sql === 'SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?').map(([, params]) => String(params[0])).join(' ; ');
    };
    expect(await matchOf('denti')).toMatch(/"clinic"/);
    expect(await matchOf('den')).not.toMatch(/"clinic"|"surgery"/);
    expect(await matchOf('denti pizza')).not.toMatch(/"clinic"|"surgery"/);
  });
});

describe('sqlite search: query plans', () => {
  let temp: TempIndex;
  const plan = (sql: string, params: unknown[] = []) =>
    (temp.engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
  const lyon = { lat: PLACES.lyon.latitude, lng: PLACES.lyon.longitude };
  /** One request of every kind the visitor site sends. */
  const REQUESTS: Omit<SearchRequest, 'page' | 'perPage'>[] = [
    { query: 're', facets: ['category', 'country', 'city'] },
    { query: 'restaurant', facets: ['category'] },
    { query: 'pizza lyon' },
    { query: 'resturant' },
    { query: 'restaurant', filters: { categorySlugs: ['restaurant'], countryCodes: ['FR'], cities: [{ countryCode: 'FR', citySlug: 'lyon' }] } },
    { query: 'bakery', location: 'DE' },
    { query: 'plumber', location: 'lyon', sort: 'rating' },
    { query: 'bakery', filters: { geo: { north: 55, south: 47, east: 15, west: 6 } } },
    { filters: { categorySlugs: ['plumber', 'dentist'], minRating: 4 }, facets: ['country'] },
    { filters: { countryCodes: ['DE'] } },
    { filters: { categorySlugs: ['plumber'], cities: [{ countryCode: 'FR', citySlug: 'lyon' }] } },
    { filters: { categorySlugs: ['restaurant'], cities: [{ countryCode: 'FR', citySlug: 'lyon' }, { countryCode: 'FR', citySlug: 'paris' }] } },
    { filters: { categorySlugs: ['bakery'], countryCodes: ['DE'] }, sort: 'rating' },
    { filters: { cities: [{ countryCode: 'FR', citySlug: 'paris' }, { countryCode: 'DE', citySlug: 'berlin' }] } },
    { filters: { openNow: true }, now: new Date('2025-01-15T10:00:00Z') },
    { filters: { geo: { ...lyon, radiusKm: 5 } }, sort: 'distance' },
    { filters: { geo: { north: 55, south: 47, east: 15, west: 6 } } },
    { location: 'FR', sort: 'distance', aroundPoint: { lat: 48.85, lng: 2.35 } },
    { query: 'ba', sort: 'distance', aroundPoint: { lat: 48.85, lng: 2.35 } },
    { location: '69002' },
    { sort: 'rating' },
    { page: 3 } as Omit<SearchRequest, 'page' | 'perPage'>,
  ];

  beforeEach(async () => {
    temp = createTempIndex('search-plan');
    for (const business of buildSearchWorld()) insertBusiness(temp.record, business);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
  });

  afterEach(() => temp.dispose());

  it('answers a category in a city or a country through the pair index, counting like SQL', async () => {
    const count = (sql: string) => temp.record.prepare(sql).pluck().get() as number;
    const lyonPlumbers = await temp.engine.search({ filters: { categorySlugs: ['plumber'], cities: [{ countryCode: 'FR', citySlug: 'lyon' }] }, page: 1, perPage: 20 });
    expect(lyonPlumbers.hits.map((hit) => hit.name)).toEqual(['Plomberie Martin']);
    expect(lyonPlumbers).toMatchObject({ total: count("SELECT count(*) FROM businesses WHERE category = 'Plumber' AND city = 'Lyon'"), isTotalExact: true });
    const germanBakeries = await temp.engine.search({ filters: { categorySlugs: ['bakery'], countryCodes: ['DE'] }, page: 1, perPage: 20 });
    expect(germanBakeries.total).toBe(count("SELECT count(*) FROM businesses WHERE category = 'Bakery' AND country_code = 'DE'"));
  });

  it('runs every search from a bounded driver: no sort of all matches, no OFFSET walk, no unbounded scan', async () => {
    const trace = traceSearchStatements(temp.engine.database);
    for (const request of REQUESTS) await temp.engine.search({ page: 1, perPage: 20, ...request });
    const plans = [...trace].map(([sql, params]) => ({ sql, plan: plan(sql, params) }));
    expect(plans.length).toBeGreaterThan(8);
    for (const { sql, plan: detail } of plans) {
      expect(detail, sql).not.toMatch(/TEMP B-TREE/);
      expect(sql).not.toMatch(/OFFSET/);
      // A scan of the documents or of the full-text index only ever feeds a LIMIT.
      if (/SCAN (d|docs|docs_fts)\b/.test(detail)) expect(sql, detail).toMatch(/LIMIT \?\)?/);
    }
    const planOf = (fragment: string) => {
      const found = plans.filter((entry) => entry.sql.includes(fragment));
      expect(found.length, fragment).toBeGreaterThan(0);
      return found.map((entry) => entry.plan);
    };
    // Words: the first positions of the full-text match, under a LIMIT (their filters and sort keys come from the in-memory columns).
    for (const detail of planOf('SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?')) expect(detail).toMatch(/^SCAN docs_fts VIRTUAL TABLE INDEX \d+:M\d*$/);
    // Filters: the narrowest docs index, several values merged in pos order rather than sorted.
    expect(planOf('INDEXED BY docs_category').join(' || ')).toMatch(/MERGE \(UNION ALL\).*SEARCH docs USING COVERING INDEX docs_category \(category_slug=\?\)/);
    expect(planOf('INDEXED BY docs_country WHERE').join(' || ')).toMatch(/SEARCH docs USING COVERING INDEX docs_country \(country_code=\?\)/);
    // One category in one city or country: the pair's own index, counted by the pair tables.
    expect(planOf('INDEXED BY docs_city_category').join(' || ')).toMatch(/SEARCH docs USING COVERING INDEX docs_city_category \(country_code=\? AND city_slug=\? AND category_slug=\?\)/);
    // A category in several cities (a place name they share): the pair index of each, merged.
    expect(planOf('category_slug = ? UNION ALL SELECT pos FROM docs INDEXED BY docs_city_category').join(' || ')).toMatch(
      /MERGE \(UNION ALL\).*SEARCH docs USING COVERING INDEX docs_city_category \(country_code=\? AND city_slug=\? AND category_slug=\?\)/,
    );
    expect(planOf('INDEXED BY docs_category_country').join(' || ')).toMatch(/SEARCH docs USING COVERING INDEX docs_category_country \(category_slug=\? AND country_code=\?\)/);
    expect(planOf('INDEXED BY docs_country_city').join(' || ')).toMatch(/MERGE \(UNION ALL\).*docs_country_city \(country_code=\? AND city_slug=\?\)/);
    // A distance sort with words: the matches in the grid cells around the point, from the full-text index alone.
    const cellPlans = plans.filter((entry) => entry.sql === CELL_MATCH_SQL);
    expect(cellPlans.length).toBe(1);
    expect(cellPlans[0]!.plan).toMatch(/^SCAN docs_fts VIRTUAL TABLE INDEX \d+:M\d*$/);
    // Geo: the R*Tree.
    for (const detail of planOf('FROM docs_geo g')) expect(detail).toMatch(/^SCAN g VIRTUAL TABLE INDEX \d+:/);
    // Texts of the ranked candidates and rows of the page: documents by pos.
    for (const detail of planOf('FROM docs WHERE pos IN (SELECT value FROM json_each(?))')) expect(detail).toMatch(/SEARCH docs USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    // The vocabulary: one key range each, already in the order wanted.
    expect(plan(VOCABULARY_QUERIES.prefix, ['pizz', 'pizz{', 400])).toMatch(/^SEARCH vocab USING PRIMARY KEY \(term>\? AND term<\?\)$/);
    // A prefix of more terms than its range read takes: the terms of its head in frequency order, read lazily (no sort).
    expect(plan(VOCABULARY_QUERIES.frequentPrefix, ['pizz', 2000, 'pizze', 'pizzf', 12])).toMatch(
      /^CO-ROUTINE \(subquery-\d+\) \| SEARCH vocab USING COVERING INDEX vocab_prefix \(<expr>=\?\) \| SCAN \(subquery-\d+\)$/,
    );
    expect(plan(VOCABULARY_QUERIES.typo, ['r', 9, 100])).toMatch(/^SEARCH vocab USING COVERING INDEX vocab_typo \(head=\? AND len=\?\)$/);
    expect(plan(VOCABULARY_QUERIES.typoSecond, ['e', 9, 100])).toMatch(/^SEARCH vocab USING COVERING INDEX vocab_typo_second \(<expr>=\? AND len=\?\)$/);
    expect(plan(VOCABULARY_QUERIES.special, ['kobenhavn'])).toMatch(/^SEARCH special_terms USING PRIMARY KEY \(slug=\?\)$/);
  });
});
