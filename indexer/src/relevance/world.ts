/**
 * The world the relevance set is judged in: the demo generator's first {@link WORLD_SIZE}
 * businesses (the same every run: business n is always the same), the fixture businesses the
 * word queries need (names in other scripts, phone numbers, streets, plural names, a public
 * toilet) and those of `places.fixtures.ts`, saved to a temporary record and indexed by the
 * engine under test.
 */
import type { BusinessInput } from '@directory/data/business.ts';
import { demoBusinessAt } from '@directory/data/demo/generate.ts';
import { join } from 'node:path';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import { businessSlug } from '@directory/data/slug.ts';
import { rebuildIndex } from '../sync.ts';
import type { SearchEngine } from '../engine.ts';
import { SqliteEngine } from '../sqlite/sqlite-engine.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import { placeFixtures } from './places.fixtures.ts';

/** Demo businesses in the world: enough for a few busy cities per category, indexed in about a second. */
export const WORLD_SIZE = 4000;

let demo: BusinessInput[] | null = null;

/** The demo part of the world (generated once per process). */
export function demoWorld(): BusinessInput[] {
  demo ??= Array.from({ length: WORLD_SIZE }, (_, index) => demoBusinessAt(index));
  return demo;
}

interface FixturePlace {
  city: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

const ATHENS: FixturePlace = { city: 'Athens', country: 'Greece', countryCode: 'GR', latitude: 37.9838, longitude: 23.7275, timeZone: 'Europe/Athens' };
const MOSCOW: FixturePlace = { city: 'Moscow', country: 'Russia', countryCode: 'RU', latitude: 55.7558, longitude: 37.6173, timeZone: 'Europe/Moscow' };
const CAIRO: FixturePlace = { city: 'Cairo', country: 'Egypt', countryCode: 'EG', latitude: 30.0444, longitude: 31.2357, timeZone: 'Africa/Cairo' };
const HANOI: FixturePlace = { city: 'Hanoi', country: 'Vietnam', countryCode: 'VN', latitude: 21.0278, longitude: 105.8342, timeZone: 'Asia/Ho_Chi_Minh' };
const TOKYO: FixturePlace = { city: 'Tokyo', country: 'Japan', countryCode: 'JP', latitude: 35.6762, longitude: 139.6503, timeZone: 'Asia/Tokyo' };
const SHANGHAI: FixturePlace = { city: 'Shanghai', country: 'China', countryCode: 'CN', latitude: 31.2304, longitude: 121.4737, timeZone: 'Asia/Shanghai' };
const SEOUL: FixturePlace = { city: 'Seoul', country: 'South Korea', countryCode: 'KR', latitude: 37.5665, longitude: 126.978, timeZone: 'Asia/Seoul' };
const LONDON: FixturePlace = { city: 'London', country: 'United Kingdom', countryCode: 'GB', latitude: 51.5074, longitude: -0.1278, timeZone: 'Europe/London' };
const ROME: FixturePlace = { city: 'Rome', country: 'Italy', countryCode: 'IT', latitude: 41.9028, longitude: 12.4964, timeZone: 'Europe/Rome' };
const HAMBURG: FixturePlace = { city: 'Hamburg', country: 'Germany', countryCode: 'DE', latitude: 53.5511, longitude: 9.9937, timeZone: 'Europe/Berlin' };
const CHICAGO: FixturePlace = { city: 'Chicago', country: 'United States', countryCode: 'US', latitude: 41.8781, longitude: -87.6298, timeZone: 'America/Chicago' };

type Fixture = [name: string, category: string, place: FixturePlace, street: string, phone: string | null, about?: string];

/** Names in other scripts, as the real exports hold them, and the phones and streets the word queries look for. */
const FIXTURES: Fixture[] = [
  ['Ταβέρνα Ο Θανάσης', 'Greek restaurant', ATHENS, 'Μητροπόλεως 69', '+30 21 0324 4705'],
  ['Καφενείο Η Ωραία Ελλάς', 'Café', ATHENS, 'Πανδρόσου 59', '+30 21 0321 3765'],
  ['Φαρμακείο Παπαδόπουλος', 'Pharmacy', ATHENS, 'Ερμού 12', '+30 21 0322 1100'],
  ['Кафе Пушкин', 'Restaurant', MOSCOW, 'Тверской бульвар 26А', '+7 495 739-00-33'],
  ['Книжный магазин Москва', 'Book store', MOSCOW, 'Тверская улица 8', '+7 495 797-87-17'],
  ['Аптека Здоровье', 'Pharmacy', MOSCOW, 'Арбат 25', '+7 495 241-41-41'],
  ['مطعم أبو طارق', 'Egyptian restaurant', CAIRO, 'شارع شامبليون 16', '+20 2 25775935'],
  ['صيدلية العزبي', 'Pharmacy', CAIRO, 'شارع التحرير 10', '+20 2 23901234'],
  ['مقهى الفيشاوي', 'Café', CAIRO, 'خان الخليلي 5', '+20 2 25906755'],
  ['Phở Thìn Lò Đúc', 'Vietnamese restaurant', HANOI, '13 Lò Đúc', '+84 24 3821 2709'],
  ['Bánh Mì Phượng', 'Sandwich shop', HANOI, '2B Phan Châu Trinh', '+84 235 3862 2234'],
  ['Cà Phê Giảng', 'Café', HANOI, '39 Nguyễn Hữu Huân', '+84 98 989 2298'],
  ['東京ラーメン横丁', 'Ramen restaurant', TOKYO, '丸の内1-9-1', '+81 3-3211-1111'],
  ['すし匠 銀座本店', 'Sushi restaurant', TOKYO, '銀座4-2-15', '+81 3-3563-0505'],
  ['上海小笼包馆', 'Dumpling restaurant', SHANGHAI, '南京东路 300号', '+86 21 6321 4567'],
  ['老正兴菜馆', 'Chinese restaurant', SHANGHAI, '福州路 556号', '+86 21 6322 2624'],
  ['서울식당 명동점', 'Korean restaurant', SEOUL, '명동길 14', '+82 2-776-5348'],
  ['The Old Bell Tavern', 'Pub', LONDON, '95 Fleet Street', '+44 20 7583 0216'],
  ['Quills Stationery', 'Stationery store', LONDON, '17 Marchmont Street', '+44 20 7837 4422'],
  ['Lakeside Hardware', 'Hardware store', CHICAGO, '4455 North Sheridan Road', '(773) 555-0142'],
  ['Windy City Locksmiths', 'Locksmith', CHICAGO, '1200 West Armitage Avenue', '+1 312-555-0199'],
  ['Sweet Bakeries Outlet', 'Food products supplier', CHICAGO, '880 Wabash Avenue', '+1 312-555-0107', 'Bread and cakes from three bakeries.'],
  // Category names in Italian and German, as local exports hold them, and a plural in a name.
  ['Da Michele', 'Pizzeria', ROME, 'Via dei Tribunali 1', '+39 06 553 9204'],
  ['Gelateria del Teatro', 'Gelateria', ROME, 'Via dei Coronari 65', '+39 06 4547 4880'],
  ['Farmacia Centrale', 'Farmacia', ROME, 'Via del Corso 120', '+39 06 678 5121'],
  ['Ristoranti Riuniti', 'Catering', ROME, 'Via Appia Nuova 40', '+39 06 700 1234'],
  ['Praxis Dr. Weber', 'Zahnarzt', HAMBURG, 'Mönckebergstraße 7', '+49 40 3250 1100'],
  ['Schmidt Backstube', 'Bäckerei', HAMBURG, 'Lange Reihe 12', '+49 40 2800 4411'],
  ['Apotheke am Rathaus', 'Apotheke', HAMBURG, 'Rathausmarkt 5', '+49 40 3609 8800'],
  ['Credito Romano', 'Banca', ROME, 'Via Nazionale 91', '+39 06 4791 1111'],
  ['Kunsthalle am Wall', 'Museum', HAMBURG, 'Glockengießerwall 5', '+49 40 4281 3120'],
  // Names written with a hyphen or an apostrophe, which visitors type joined.
  ['Kwik-Fit Wandsworth', 'Tire shop', LONDON, '52 Garratt Lane', '+44 20 8870 1122'],
  ['Rosie’s Corner Café', 'Café', LONDON, '3 Exmouth Market', '+44 20 7837 9911'],
  // A public toilet, which no demo category is: the synonym query "restroom" looks for it.
  ['Covent Garden Public Toilets', 'Public bathroom', LONDON, 'The Piazza', null],
];

/** The fixture businesses: unpopular enough (few reviews) that only the right words can rank them. */
export function wordFixtures(): BusinessInput[] {
  return FIXTURES.map(([name, category, place, street, phone, about], index) =>
    buildBusiness({
      name,
      category,
      type: category,
      street,
      fullAddress: `${street}, ${place.city}, ${place.country}`,
      city: place.city,
      country: place.country,
      countryCode: place.countryCode,
      postalCode: null,
      phone,
      latitude: place.latitude + index * 0.001,
      longitude: place.longitude + index * 0.001,
      timeZone: place.timeZone,
      reviews: 3 + index,
      rating: 4.2,
      about: about ?? null,
      placeId: `fixture-words-${index}`,
    }),
  );
}

export type RelevanceWorld = TempIndex<SearchEngine>;

/** Saves the world to a temporary record and indexes it with the engine `createEngine` makes (the sqlite engine by default). */
export async function buildRelevanceWorld(createEngine: (dir: string) => SearchEngine = (dir) => new SqliteEngine(join(dir, 'index'))): Promise<RelevanceWorld> {
  const world = createTempIndex('relevance', createEngine);
  const businesses = [...demoWorld(), ...wordFixtures(), ...placeFixtures];
  // One prepared insert for thousands of rows (the test helper prepares one per row).
  const names = Object.keys(toBusinessColumns(businesses[0]!));
  const insert = world.record.prepare(`INSERT INTO businesses (slug, ${names.join(', ')}) VALUES (@slug, ${names.map((name) => `@${name}`).join(', ')})`);
  world.record.transaction(() => {
    for (const business of businesses) insert.run({ ...toBusinessColumns(business), slug: businessSlug(business.name, business.placeId ?? business.name) });
  })();
  await rebuildIndex(world.recordFile, world.engine, 'all');
  return world;
}
