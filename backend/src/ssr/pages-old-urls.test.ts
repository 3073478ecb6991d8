import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

// Addresses of the old directory, linked from around the web: each answers 301 where it names one page of ours.
let app: TestApp & { url: string };

const japan = { city: 'Tokyo', country: 'Japan', countryCode: 'JP', timeZone: 'Asia/Tokyo' };
const CATEGORIES = ['Hair salon', 'Café', "Women's clothing store", 'ATM'];

beforeAll(async () => {
  app = await startTestApp(
    [
      // 14 hair salons: two pages of the category.
      ...Array.from({ length: 14 }, (_, i) => buildBusiness({ name: `Salon ${i + 1}`, category: 'Hair salon' })),
      ...CATEGORIES.slice(1).map((category) => buildBusiness({ name: `Lyon ${category}`, category })),
      // 14 businesses in Tokyo: two pages of the city. Springfield is a city of two countries, none of them the US.
      ...Array.from({ length: 14 }, (_, i) => buildBusiness({ ...japan, name: `Tokyo Shop ${i + 1}` })),
      buildBusiness({ name: 'Springfield Bakery', city: 'Springfield', country: 'Canada', countryCode: 'CA', timeZone: 'America/Toronto' }),
      buildBusiness({ name: 'Springfield Books', city: 'Springfield', country: 'United Kingdom', countryCode: 'GB', timeZone: 'Europe/London' }),
      buildBusiness({ name: 'Boston Diner', city: 'Boston', country: 'United States', countryCode: 'US', timeZone: 'America/New_York' }),
      buildBusiness({ name: 'Harmony Dentistry', placeId: 'ChIJharmonyEJWG6I', category: 'Dentist' }),
      buildBusiness({ name: 'Boston Pub', city: 'Boston', country: 'United Kingdom', countryCode: 'GB', timeZone: 'Europe/London' }),
      buildBusiness({ name: 'Dubai Creek Cafe', city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE', timeZone: 'Asia/Dubai' }),
    ],
    { withPages: true },
  );
});

afterAll(() => app.close());

async function redirectOf(path: string): Promise<{ status: number; location: string | null }> {
  const response = await app.get(path);
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

describe('/categories/{name}', () => {
  it.each([
    ['/categories/Hair%20salon', '/categories/hair-salon'],
    ['/categories/caf%C3%A9', '/categories/cafe'],
    ['/categories/Caf%C3%A9', '/categories/cafe'],
    ["/categories/women's-clothing-store", '/categories/women-s-clothing-store'],
    ['/categories/ATM', '/categories/atm'],
  ])('moves %s to the slug the name makes with a 301', async (path, location) => {
    expect(await redirectOf(path)).toEqual({ status: 301, location });
  });

  it('keeps the page asked for', async () => {
    expect(await redirectOf('/categories/Hair%20Salon?page=2')).toEqual({ status: 301, location: '/categories/hair-salon?page=2' });
  });

  it('still shows the slug itself, and answers 404 for a name no category has', async () => {
    expect((await redirectOf('/categories/hair-salon')).status).toBe(200);
    expect(await redirectOf('/categories/Barber%20shop')).toEqual({ status: 404, location: null });
  });
});

describe('/cities/us/{slug} of the old home page', () => {
  it('moves a city of another country to its page with a 301 when it is the only city with that slug', async () => {
    expect(await redirectOf('/cities/us/tokyo')).toEqual({ status: 301, location: '/cities/jp/tokyo' });
    expect(await redirectOf('/cities/US/Tokyo?page=2')).toEqual({ status: 301, location: '/cities/jp/tokyo?page=2' });
    expect(await redirectOf('/cities/us/tokyo?page=9')).toEqual({ status: 301, location: '/cities/jp/tokyo?page=2' });
  });

  it('answers 404 when several cities have that slug, or none', async () => {
    expect(await redirectOf('/cities/us/springfield')).toEqual({ status: 404, location: null });
    expect(await redirectOf('/cities/us/atlantis')).toEqual({ status: 404, location: null });
  });

  it('keeps the US city of that slug, and moves no other country', async () => {
    expect((await redirectOf('/cities/us/boston')).status).toBe(200);
    expect(await redirectOf('/cities/fr/tokyo')).toEqual({ status: 404, location: null });
  });
});

describe('/countries/{code or name}', () => {
  it.each([
    // ISO alpha-2 and alpha-3 codes, in any case.
    ['/countries/us', '/countries/united-states'],
    ['/countries/US', '/countries/united-states'],
    ['/countries/usa', '/countries/united-states'],
    ['/countries/gbr', '/countries/united-kingdom'],
    ['/countries/JPN', '/countries/japan'],
    ['/countries/are', '/countries/united-arab-emirates'],
    // The famous short names, and names in other languages or longer forms.
    ['/countries/uk', '/countries/united-kingdom'],
    ['/countries/UK', '/countries/united-kingdom'],
    ['/countries/UAE', '/countries/united-arab-emirates'],
    ['/countries/england', '/countries/united-kingdom'],
    ['/countries/united-states-of-america', '/countries/united-states'],
    ['/countries/japon', '/countries/japan'],
    ['/countries/Deutschland', null],
  ])('moves %s to the country page with a 301', async (path, location) => {
    // Germany has no business here: an alias of a country without a page is not found, like its slug.
    expect(await redirectOf(path)).toEqual(location === null ? { status: 404, location: null } : { status: 301, location });
  });

  it("keeps the page asked for, and a country's cities", async () => {
    expect(await redirectOf('/countries/usa?page=2')).toEqual({ status: 301, location: '/countries/united-states?page=2' });
    expect(await redirectOf('/countries/uk/cities')).toEqual({ status: 301, location: '/countries/united-kingdom/cities' });
  });

  it('answers 404 for a code or name of no country, or of several', async () => {
    for (const path of ['/countries/xyz', '/countries/atlantis', '/countries/kongo', '/countries/qq']) {
      expect(await redirectOf(path), path).toEqual({ status: 404, location: null });
    }
  });
});

describe('/business/{slug} in capitals', () => {
  it('moves the slug in another case to its lower-case page with a 301', async () => {
    expect(await redirectOf('/business/HARMONY-DENTISTRY-EJWG6I')).toEqual({ status: 301, location: '/business/harmony-dentistry-ejwg6i' });
    expect(await redirectOf('/business/Harmony-Dentistry-Ejwg6i')).toEqual({ status: 301, location: '/business/harmony-dentistry-ejwg6i' });
    expect((await redirectOf('/business/harmony-dentistry-ejwg6i')).status).toBe(200);
  });

  it('answers 404 when no business has that slug in any case', async () => {
    expect(await redirectOf('/business/HARMONY-DENTISTRY-ZZZZZZ')).toEqual({ status: 404, location: null });
  });
});
