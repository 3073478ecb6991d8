/**
 * Businesses the place queries of the relevance set need beyond the demo record: cities stored
 * under one of their names (so that another name must find them), namesakes in several
 * countries (London in GB, CA and US), a city whose name starts like a country (Americana,
 * Brazil) and one in Ukraine (which "UK" must never find), and postal codes written with a space
 * or a hyphen. The relevance world adds them; the place tests index them too.
 */
import type { BusinessInput } from '@directory/data/business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';

interface FixturePlace {
  city: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

const P = {
  londonGB: { city: 'London', country: 'United Kingdom', countryCode: 'GB', latitude: 51.5074, longitude: -0.1278, timeZone: 'Europe/London' },
  londonCA: { city: 'London', country: 'Canada', countryCode: 'CA', latitude: 42.9849, longitude: -81.2453, timeZone: 'America/Toronto' },
  edinburgh: { city: 'Edinburgh', country: 'United Kingdom', countryCode: 'GB', latitude: 55.9533, longitude: -3.1883, timeZone: 'Europe/London' },
  newYork: { city: 'New York', country: 'United States', countryCode: 'US', latitude: 40.7128, longitude: -74.006, timeZone: 'America/New_York' },
  portland: { city: 'Portland', country: 'United States', countryCode: 'US', latitude: 45.5152, longitude: -122.6784, timeZone: 'America/Los_Angeles' },
  losAngeles: { city: 'Los Angeles', country: 'United States', countryCode: 'US', latitude: 34.0522, longitude: -118.2437, timeZone: 'America/Los_Angeles' },
  toronto: { city: 'Toronto', country: 'Canada', countryCode: 'CA', latitude: 43.6532, longitude: -79.3832, timeZone: 'America/Toronto' },
  cologne: { city: 'Cologne', country: 'Germany', countryCode: 'DE', latitude: 50.9375, longitude: 6.9603, timeZone: 'Europe/Berlin' },
  mumbai: { city: 'Mumbai', country: 'India', countryCode: 'IN', latitude: 19.076, longitude: 72.8777, timeZone: 'Asia/Kolkata' },
  tokyo: { city: 'Tokyo', country: 'Japan', countryCode: 'JP', latitude: 35.6762, longitude: 139.6503, timeZone: 'Asia/Tokyo' },
  saoPaulo: { city: 'São Paulo', country: 'Brazil', countryCode: 'BR', latitude: -23.5505, longitude: -46.6333, timeZone: 'America/Sao_Paulo' },
  americana: { city: 'Americana', country: 'Brazil', countryCode: 'BR', latitude: -22.7374, longitude: -47.3331, timeZone: 'America/Sao_Paulo' },
  stPetersburg: { city: 'St. Petersburg', country: 'Russia', countryCode: 'RU', latitude: 59.9311, longitude: 30.3609, timeZone: 'Europe/Moscow' },
  kharkiv: { city: 'Kharkiv', country: 'Ukraine', countryCode: 'UA', latitude: 49.9935, longitude: 36.2304, timeZone: 'Europe/Kyiv' },
  istanbul: { city: 'Istanbul', country: 'Türkiye', countryCode: 'TR', latitude: 41.0082, longitude: 28.9784, timeZone: 'Europe/Istanbul' },
  madrid: { city: 'Madrid', country: 'Spain', countryCode: 'ES', latitude: 40.4168, longitude: -3.7038, timeZone: 'Europe/Madrid' },
  munich: { city: 'Munich', country: 'Germany', countryCode: 'DE', latitude: 48.1351, longitude: 11.582, timeZone: 'Europe/Berlin' },
  paris: { city: 'Paris', country: 'France', countryCode: 'FR', latitude: 48.8566, longitude: 2.3522, timeZone: 'Europe/Paris' },
  austin: { city: 'Austin', country: 'United States', countryCode: 'US', latitude: 30.2672, longitude: -97.7431, timeZone: 'America/Chicago' },
  warsaw: { city: 'Warsaw', country: 'Poland', countryCode: 'PL', latitude: 52.2297, longitude: 21.0122, timeZone: 'Europe/Warsaw' },
  amsterdam: { city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', latitude: 52.3676, longitude: 4.9041, timeZone: 'Europe/Amsterdam' },
} satisfies Record<string, FixturePlace>;

type Entry = [placeId: string, name: string, category: string, place: keyof typeof P, postalCode: string | null, reviews: number];

const ENTRIES: Entry[] = [
  ['ChIJplace0001london', 'Thames Side Cafe', 'Café', 'londonGB', 'SW1A 1AA', 410],
  ['ChIJplace0002london', 'Baker Street Pharmacy', 'Pharmacy', 'londonGB', 'NW1 6XE', 120],
  ['ChIJplace0003london', 'Forest City Diner', 'Restaurant', 'londonCA', 'N6A 3K7', 95],
  ['ChIJplace0004edinbu', 'Royal Mile Books', 'Book store', 'edinburgh', 'EH1 1RE', 77],
  ['ChIJplace0005newyor', 'Hudson Deli', 'Deli', 'newYork', '10001', 530],
  ['ChIJplace0006newyor', 'Brooklyn Bridge Dental', 'Dentist', 'newYork', '11201', 88],
  ['ChIJplace0007portla', 'Rose City Coffee', 'Coffee shop', 'portland', '97205', 61],
  ['ChIJplace0008losang', 'Sunset Tacos', 'Mexican restaurant', 'losAngeles', '90028', 240],
  ['ChIJplace0009toront', 'Queen West Barber', 'Barber shop', 'toronto', 'M5V 2T6', 150],
  ['ChIJplace0010cologn', 'Domblick Brauhaus', 'Brewpub', 'cologne', '50667', 300],
  ['ChIJplace0011mumbai', 'Marine Drive Chai', 'Tea house', 'mumbai', '400020', 190],
  ['ChIJplace0012tokyo0', 'Shinjuku Ramen Ichiban', 'Ramen restaurant', 'tokyo', '160-0022', 720],
  ['ChIJplace0013saopau', 'Padaria Paulista', 'Bakery', 'saoPaulo', '01310-100', 260],
  ['ChIJplace0014americ', 'Mercado Americana', 'Grocery store', 'americana', '13465-000', 45],
  ['ChIJplace0015stpete', 'Nevsky Prospekt Books', 'Book store', 'stPetersburg', '191186', 130],
  ['ChIJplace0016kharki', 'Kharkiv Kebab', 'Restaurant', 'kharkiv', '61000', 58],
  ['ChIJplace0017istanb', 'Galata Simit', 'Bakery', 'istanbul', '34421', 310],
  ['ChIJplace0018madrid', 'Churrería Sol', 'Café', 'madrid', '28013', 275],
  ['ChIJplace0019amster', 'Grachten Fietsen', 'Bicycle shop', 'amsterdam', '1012 AB', 99],
  ['ChIJplace0020munich', 'Viktualienmarkt Käse', 'Cheese shop', 'munich', '80331', 140],
  ['ChIJplace0021paris0', 'Boulangerie du Louvre', 'Bakery', 'paris', '75001', 380],
  ['ChIJplace0022austin', 'Congress Avenue Tacos', 'Mexican restaurant', 'austin', '78701', 205],
  ['ChIJplace0023warsaw', 'Pierogarnia Stare Miasto', 'Restaurant', 'warsaw', '00-950', 170],
];

export const placeFixtures: BusinessInput[] = ENTRIES.map(([placeId, name, category, key, postalCode, reviews], index) => {
  const place: FixturePlace = P[key];
  return buildBusiness({
    placeId,
    name,
    category,
    type: category,
    city: place.city,
    country: place.country,
    countryCode: place.countryCode,
    postalCode,
    fullAddress: `1 High Street, ${place.city}, ${postalCode ?? ''}, ${place.country}`,
    street: '1 High Street',
    // Apart from each other (two businesses of one city at one point would tie in a distance sort).
    latitude: place.latitude + (index + 1) * 0.0007,
    longitude: place.longitude - (index + 1) * 0.0005,
    timeZone: place.timeZone,
    reviews,
    rating: 4.2,
    about: null,
  });
});
