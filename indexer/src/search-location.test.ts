import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { placeFixtures } from './relevance/places.fixtures.ts';
import type { SearchRequest } from './search-types.ts';
import { rebuildIndex } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';
import { buildSearchWorld } from './sqlite/search-test-world.ts';

/**
 * The where box as visitors write places, on the embedded engine, over the search test world
 * plus the place fixtures. Every expectation is the set of businesses the record holds there.
 */
describe('sqlite search: places as people write them', () => {
  let temp: TempIndex;

  beforeAll(async () => {
    temp = createTempIndex('search-location');
    for (const business of [...buildSearchWorld(), ...placeFixtures]) insertBusiness(temp.record, business);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
  });

  afterAll(() => temp.dispose());

  /** Business ids the record holds for a condition on `businesses`. */
  const idsWhere = (where: string, ...params: unknown[]): number[] =>
    (temp.record.prepare(`SELECT id FROM businesses WHERE ${where} ORDER BY id`).pluck().all(...params) as number[]).sort((a, b) => a - b);

  const found = async (location: string, extra: Partial<SearchRequest> = {}) => {
    const response = await temp.engine.search({ location, page: 1, perPage: 100, ...extra });
    return { ids: response.hits.map((hit) => hit.id).sort((a, b) => a - b), response };
  };

  it.each([
    ['USA', "country_code = 'US'"],
    ['United States of America', "country_code = 'US'"],
    ['America', "country_code = 'US'"],
    ['U.S.', "country_code = 'US'"],
    ['UK', "country_code = 'GB'"],
    ['Great Britain', "country_code = 'GB'"],
    ['England', "country_code = 'GB'"],
    ['Scotland', "country_code = 'GB'"],
    ['Deutschland', "country_code = 'DE'"],
    ['Allemagne', "country_code = 'DE'"],
    ['ドイツ', "country_code = 'DE'"],
    ['España', "country_code = 'ES'"],
    ['Espana', "country_code = 'ES'"],
    ['Turkey', "country_code = 'TR'"],
    ['Türkiye', "country_code = 'TR'"],
    ['Holland', "country_code = 'NL'"],
    ['Brasil', "country_code = 'BR'"],
    ['japan', "country_code = 'JP'"],
  ])('reads the country %s', async (location, where) => {
    const expected = idsWhere(where);
    expect(expected.length).toBeGreaterThan(0);
    expect((await found(location)).ids).toEqual(expected);
  });

  it('never reads a two-letter code or a country name as the start of a longer name', async () => {
    expect((await found('UK')).ids.some((id) => idsWhere("country_code = 'UA'").includes(id))).toBe(false);
    expect((await found('America')).ids.some((id) => idsWhere("city = 'Americana'").includes(id))).toBe(false);
    // The city that merely starts like the country is still found by its own name.
    expect((await found('Americana')).ids).toEqual(idsWhere("city = 'Americana'"));
  });

  it.each([
    ['NYC', "city = 'New York'"],
    ['New York City', "city = 'New York'"],
    ['New York, NY', "city = 'New York'"],
    ['Bombay', "city = 'Mumbai'"],
    ['Munich', "city IN ('München', 'Munich')"],
    ['München', "city IN ('München', 'Munich')"],
    ['Köln', "city = 'Cologne'"],
    ['Koeln', "city = 'Cologne'"],
    ['Tokio', "city = 'Tokyo'"],
    ['東京', "city = 'Tokyo'"],
    ['Saint Petersburg', "city = 'St. Petersburg'"],
    ['St Petersburg', "city = 'St. Petersburg'"],
    ['São Paulo, Brasil', "city = 'São Paulo'"],
    ['Sao Paulo', "city = 'São Paulo'"],
    ['Sao Paolo', "city = 'São Paulo'"],
    ['Londn, UK', "city = 'London' AND country_code = 'GB'"],
    ['London, UK', "city = 'London' AND country_code = 'GB'"],
    ['London, Ontario', "city = 'London' AND country_code = 'CA'"],
    ['London, ON', "city = 'London' AND country_code = 'CA'"],
    ['London', "city = 'London'"],
    ['Austin, Texas', "city = 'Austin'"],
    ['Austin, TX', "city = 'Austin'"],
    ['Los Angeles, CA', "city = 'Los Angeles'"],
    ['Toronto, CA', "city = 'Toronto'"],
    ['Paris, Île-de-France', "city = 'Paris'"],
    ['Paris, France', "city = 'Paris'"],
    ['Lyon, Rhône-Alpes-Provence', "city = 'Lyon'"],
    ['Berln', "city = 'Berlin'"],
    ['Amsterdm', "city = 'Amsterdam'"],
  ])('reads the city %s', async (location, where) => {
    const expected = idsWhere(where);
    expect(expected.length).toBeGreaterThan(0);
    expect((await found(location)).ids).toEqual(expected);
  });

  it('reads a region alone as its known cities', async () => {
    expect((await found('Bayern')).ids).toEqual(idsWhere("city IN ('München', 'Munich')"));
    expect((await found('Texas')).ids).toEqual(idsWhere("city = 'Austin'"));
  });

  it.each([
    ['SW1A1AA', "postal_code = 'SW1A 1AA'"],
    ['sw1a 1aa', "postal_code = 'SW1A 1AA'"],
    ['M5V2T6', "postal_code = 'M5V 2T6'"],
    ['1012AB', "postal_code = '1012 AB'"],
    ['1600022', "postal_code = '160-0022'"],
    ['160 0022', "postal_code = '160-0022'"],
    ['01310100', "postal_code = '01310-100'"],
    ['69002', "postal_code = '69002'"],
    ['690-02', "postal_code = '69002'"],
    ['75001 Paris', "postal_code = '75001' AND city = 'Paris'"],
    ['SW1A 1AA London', "postal_code = 'SW1A 1AA'"],
    ['69002, France', "postal_code = '69002'"],
    ['00950', "postal_code = '00-950'"],
    ['00 950', "postal_code = '00-950'"],
  ])('compares the postal code %s without spaces and hyphens', async (location, where) => {
    const expected = idsWhere(where);
    expect(expected.length).toBeGreaterThan(0);
    expect((await found(location)).ids).toEqual(expected);
  });

  it('reads the start of one place\'s name as that place, and says so', async () => {
    const lond = await found('Lond');
    expect(lond.ids).toEqual(idsWhere("city = 'London'"));
    expect(lond.response.correctedLocation).toEqual({ typed: 'Lond', used: 'London' });
    expect((await found('New Yo')).response.correctedLocation).toEqual({ typed: 'New Yo', used: 'New York' });
    expect((await found('Deutschl')).ids).toEqual(idsWhere("country_code = 'DE'"));
  });

  it.each([
    ['Berli', 'bakery', 'Berlin', "city = 'Berlin' AND category = 'Bakery'"],
    ['Pari', 'restaurant', 'Paris', "city = 'Paris' AND category LIKE '%Restaurant%'"],
    ['Lon', 'restaurant', 'London', "city = 'London' AND category = 'Restaurant'"],
    ['Mumba', 'bakery', 'Mumbai', "city = 'Mumbai' AND category = 'Bakery'"],
  ])('keeps a search for a category within the place %s starts (never everywhere)', async (location, query, used, where) => {
    const { ids, response } = await found(location, { query });
    expect(response.correctedLocation).toEqual({ typed: location, used });
    expect(ids).toEqual(idsWhere(where));
  });

  it('answers the start of several places\' names like a place nobody knows, offering them', async () => {
    const { response } = await found('New', { query: 'bakery' });
    expect(response).toMatchObject({ hits: [], total: 0 });
    expect(response.unknownPlace?.text).toBe('New');
    expect(response.unknownPlace?.suggestions).toContain('New York, United States');
  });

  it('answers a place nobody knows with "no place called" and the nearest names', async () => {
    const { response } = await found('Lodnon Towne', { facets: ['city'] });
    expect(response).toMatchObject({ hits: [], total: 0, isTotalExact: true, facets: { city: [] } });
    expect(response.unknownPlace?.text).toBe('Lodnon Towne');
    const nowhere = (await found('Qwxzv')).response;
    expect(nowhere.unknownPlace).toEqual({ text: 'Qwxzv', suggestions: [] });
    const typo = (await found('Brlinx')).response;
    expect(typo.total).toBe(0);
    expect(typo.unknownPlace?.suggestions).toContain('Berlin, Germany');
  });

  it('says which place it searched when it corrected a typo, and nothing when the place is written right', async () => {
    const cases: [typed: string, used: string][] = [
      ['Londn', 'London'],
      ['Berln', 'Berlin'],
      ['Londn, UK', 'London, UK'],
      ['Sao Paolo', 'São Paulo'],
    ];
    for (const [typed, used] of cases) {
      const { response } = await found(typed);
      expect(response.correctedLocation, typed).toEqual({ typed, used });
      expect(response.total, typed).toBeGreaterThan(0);
    }
    for (const written of ['London', 'London, UK', 'Berlin', 'Deutschland', '69002']) {
      expect((await found(written)).response.correctedLocation, written).toBeUndefined();
    }
  });

  it('says so when a city is not in the country or region named with it', async () => {
    const { response } = await found('Paris, Texas');
    expect(response.total).toBe(0);
    expect(response.unknownPlace).toEqual({ text: 'Paris, Texas', suggestions: ['Paris, France'] });
  });

  it('combines the place with the words of the query', async () => {
    const { response } = await found('Deutschland', { query: 'bakery' });
    const expected = idsWhere("country_code = 'DE' AND category = 'Bakery'");
    expect(response.hits.map((hit) => hit.id).sort((a, b) => a - b)).toEqual(expected);
  });
});
