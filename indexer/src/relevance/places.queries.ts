/**
 * Judged queries of the where box and the distance sort: places as visitors write them
 * (countries in other languages and common forms, city aliases and endonyms, "City, ST",
 * one typo), postal codes typed without their space or hyphen, and the nearest businesses first
 * at any radius. Expected answers come from the record by SQL (and, for distances, the
 * haversine formula over the record's coordinates), never from an engine.
 */
import type Database from 'better-sqlite3';
import type { GeoPoint } from '../search-types.ts';
import type { JudgedAnswer, JudgedPoint, JudgedQuery } from './judged.ts';

/** The order documents are ranked in when nothing else tells them apart. */
const POPULARITY = 'reviews DESC, rating DESC, id';

function idsWhere(record: Database.Database, where: string, ...params: unknown[]): number[] {
  return record.prepare(`SELECT id FROM businesses WHERE ${where} ORDER BY ${POPULARITY}`).pluck().all(...params) as number[];
}

/** Businesses in the country. */
const country =
  (code: string) =>
  (record: Database.Database): JudgedAnswer => ({ relevant: idsWhere(record, 'country_code = ?', code), isOrdered: false });

/** Businesses in the city (any of its stored spellings), in one country or any. */
const city =
  (names: string[], code?: string) =>
  (record: Database.Database): JudgedAnswer => ({
    relevant: idsWhere(record, `city IN (${names.map(() => '?').join(', ')})${code ? ' AND country_code = ?' : ''}`, ...names, ...(code ? [code] : [])),
    isOrdered: false,
  });

/** Businesses whose postal code, without spaces and hyphens, is this one. */
const postal =
  (compact: string, where = '1 = 1', ...params: unknown[]) =>
  (record: Database.Database): JudgedAnswer => ({
    relevant: idsWhere(record, `replace(replace(upper(postal_code), ' ', ''), '-', '') = ? AND ${where}`, compact, ...params),
    isOrdered: false,
  });

const EARTH_RADIUS_KM = 6371.0088;

function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The `count` businesses nearest the point (within `radiusKm`, of a category when given), nearest first. */
const nearest =
  (point: GeoPoint, count: number, options: { radiusKm?: number; category?: string } = {}) =>
  (record: Database.Database): JudgedAnswer => {
    const rows = record
      .prepare(`SELECT id, latitude AS lat, longitude AS lng FROM businesses WHERE latitude IS NOT NULL AND longitude IS NOT NULL ${options.category ? 'AND category = ?' : ''}`)
      .all(...(options.category ? [options.category] : [])) as { id: number; lat: number; lng: number }[];
    const relevant = rows
      .map((row) => ({ id: row.id, km: haversineKm(point, row) }))
      .filter((row) => options.radiusKm === undefined || row.km <= options.radiusKm)
      .sort((a, b) => a.km - b.km || a.id - b.id)
      .slice(0, count)
      .map((row) => row.id);
    return { relevant, isOrdered: true };
  };

/**
 * Businesses filed under a city name of a country that lie within 100 km of one real city of the
 * name (a city and its suburbs; its namesakes lie hundreds of km away): "Portland, Oregon" is
 * not Portland, Maine, though the record files both under US:portland.
 */
const cityNear =
  (name: string, code: string, point: GeoPoint) =>
  (record: Database.Database): JudgedAnswer => {
    const rows = record
      .prepare(`SELECT id, latitude AS lat, longitude AS lng FROM businesses WHERE city = ? AND country_code = ? AND latitude IS NOT NULL ORDER BY ${POPULARITY}`)
      .all(name, code) as { id: number; lat: number; lng: number }[];
    return { relevant: rows.filter((row) => haversineKm(point, row) <= 100).map((row) => row.id), isOrdered: false };
  };

const TOKYO = { lat: 35.6762, lng: 139.6503 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const SAO_PAULO = { lat: -23.5505, lng: -46.6333 };

type Request = JudgedQuery['request'];

function judged(id: string, point: JudgedPoint, request: Request, expected: JudgedQuery['expected'], thresholds: { minRecall?: number; minNdcg?: number } = {}): JudgedQuery {
  return { id, point, request, expected, minRecall: thresholds.minRecall ?? 1, ...(thresholds.minNdcg !== undefined ? { minNdcg: thresholds.minNdcg } : {}) };
}

const place = (id: string, location: string, expected: JudgedQuery['expected'], query?: string) =>
  judged(`place-${id}`, 'place', { location, ...(query ? { query } : {}), perPage: 20 }, expected);

const postalCode = (id: string, location: string, expected: JudgedQuery['expected']) => judged(`postal-${id}`, 'postal', { location, perPage: 20 }, expected);

export const queries: JudgedQuery[] = [
  // Countries: English, their own languages, common forms; never a prefix of a longer name.
  place('usa', 'USA', country('US')),
  place('us', 'US', country('US')),
  place('united-states-of-america', 'United States of America', country('US')),
  place('america', 'America', country('US')),
  place('uk', 'UK', country('GB')),
  place('great-britain', 'Great Britain', country('GB')),
  place('england', 'England', country('GB')),
  place('cafe-in-uk', 'UK', (record) => ({ relevant: idsWhere(record, "country_code = 'GB' AND category = 'Café'"), isOrdered: false }), 'cafe'),
  place('deutschland', 'Deutschland', country('DE')),
  place('allemagne', 'Allemagne', country('DE')),
  place('doitsu-in-japanese', 'ドイツ', country('DE')),
  place('espana', 'España', country('ES')),
  place('turkey', 'Turkey', country('TR')),
  place('turkiye', 'Türkiye', country('TR')),
  place('holland', 'Holland', country('NL')),
  place('brasil', 'Brasil', country('BR')),
  // Cities: aliases, endonyms, abbreviations, "City, Region", one typo.
  place('nyc', 'NYC', city(['New York'], 'US')),
  place('new-york-city', 'New York City', city(['New York'], 'US')),
  place('new-york-ny', 'New York, NY', city(['New York'], 'US')),
  place('london-uk', 'London, UK', city(['London'], 'GB')),
  place('london-ontario', 'London, Ontario', city(['London'], 'CA')),
  place('london-typo', 'Londn, UK', city(['London'], 'GB')),
  place('bombay', 'Bombay', city(['Mumbai'], 'IN')),
  place('munchen', 'München', city(['Munich', 'München'], 'DE')),
  place('koln', 'Köln', city(['Cologne', 'Köln'], 'DE')),
  place('tokio', 'Tokio', city(['Tokyo'], 'JP')),
  place('tokyo-in-kanji', '東京', city(['Tokyo'], 'JP')),
  place('saint-petersburg-russia', 'Saint Petersburg, Russia', city(['St. Petersburg', 'Saint Petersburg'], 'RU')),
  place('sao-paulo-brasil', 'São Paulo, Brasil', city(['São Paulo', 'Sao Paulo'], 'BR')),
  place('sao-paolo', 'Sao Paolo', city(['São Paulo', 'Sao Paulo'], 'BR')),
  place('austin-tx', 'Austin, TX', city(['Austin'], 'US')),
  place('los-angeles-ca', 'Los Angeles, CA', city(['Los Angeles'], 'US')),
  place('toronto-ca', 'Toronto, CA', city(['Toronto'], 'CA')),
  // Cities of one name in several states, filed under one city: the state chooses.
  place('portland-oregon', 'Portland, Oregon', cityNear('Portland', 'US', { lat: 45.5152, lng: -122.6784 })),
  place('portland-me', 'Portland, ME', cityNear('Portland', 'US', { lat: 43.6591, lng: -70.2568 })),
  place('springfield-mo', 'Springfield, MO', cityNear('Springfield', 'US', { lat: 37.2090, lng: -93.2923 })),
  place('springfield-ohio', 'Springfield, Ohio', cityNear('Springfield', 'US', { lat: 39.9242, lng: -83.8088 })),
  place('paris-ile-de-france', 'Paris, Île-de-France', city(['Paris'], 'FR')),
  place('bakery-in-paris-typo', 'Pariss', (record) => ({ relevant: idsWhere(record, "city = 'Paris' AND category = 'Bakery'"), isOrdered: false }), 'bakery'),
  // Postal codes compared without spaces and hyphens, on both sides.
  postalCode('gb-compact', 'SW1A1AA', postal('SW1A1AA')),
  postalCode('gb-lower-case', 'sw1a 1aa', postal('SW1A1AA')),
  postalCode('ca-compact', 'M5V2T6', postal('M5V2T6')),
  postalCode('nl-compact', '1012AB', postal('1012AB')),
  postalCode('jp-compact', '1600022', postal('1600022')),
  postalCode('br-compact', '01310100', postal('01310100')),
  postalCode('pl-compact', '00950', postal('00950')),
  postalCode('pl-with-space', '00 950', postal('00950')),
  postalCode('with-city', '75001 Paris', postal('75001', "city = 'Paris'")),
  // Distance: the nearest first, at any radius, whatever their popularity.
  judged('distance-tokyo-5000km', 'distance', { sort: 'distance', filters: { geo: { ...TOKYO, radiusKm: 5000 } }, perPage: 20 }, nearest(TOKYO, 20, { radiusKm: 5000 }), { minNdcg: 0.99 }),
  judged('distance-around-london', 'distance', { sort: 'distance', aroundPoint: LONDON, perPage: 20 }, nearest(LONDON, 20), { minNdcg: 0.99 }),
  judged(
    'distance-restaurants-new-york',
    'distance',
    { sort: 'distance', aroundPoint: NEW_YORK, filters: { categorySlugs: ['restaurant'] }, perPage: 10 },
    nearest(NEW_YORK, 10, { category: 'Restaurant' }),
    { minNdcg: 0.99 },
  ),
  judged(
    'distance-sao-paulo-100km',
    'distance',
    { sort: 'distance', filters: { geo: { ...SAO_PAULO, radiusKm: 100 } }, perPage: 20 },
    nearest(SAO_PAULO, 20, { radiusKm: 100 }),
    { minNdcg: 0.99 },
  ),
  judged('distance-page-of-50-tokyo', 'distance', { sort: 'distance', aroundPoint: TOKYO, perPage: 50 }, nearest(TOKYO, 50), { minNdcg: 0.99 }),
];
