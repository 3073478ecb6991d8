/**
 * Test fixture, not used by the engine: a small world for search tests (~40 businesses in Lyon, Paris, Berlin, Munich and
 * Austin), shared by the engine contract suite and the /api/search tests.
 */
import type { BusinessInput } from '@directory/data/business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';

interface Place {
  city: string;
  country: string;
  countryCode: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export const PLACES = {
  lyon: { city: 'Lyon', country: 'France', countryCode: 'FR', postalCode: '69001', latitude: 45.764, longitude: 4.8357, timeZone: 'Europe/Paris' },
  paris: { city: 'Paris', country: 'France', countryCode: 'FR', postalCode: '75001', latitude: 48.8566, longitude: 2.3522, timeZone: 'Europe/Paris' },
  berlin: { city: 'Berlin', country: 'Germany', countryCode: 'DE', postalCode: '10115', latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' },
  munich: { city: 'München', country: 'Germany', countryCode: 'DE', postalCode: '80331', latitude: 48.137, longitude: 11.575, timeZone: 'Europe/Berlin' },
  austin: { city: 'Austin', country: 'United States', countryCode: 'US', postalCode: '78701', latitude: 30.2672, longitude: -97.7431, timeZone: 'America/Chicago' },
} satisfies Record<string, Place>;

type Entry = [name: string, category: string, place: keyof typeof PLACES, reviews: number, rating: number | null, extra?: Partial<BusinessInput>];

const ALWAYS_OPEN = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, 'Open 24 hours']));
const EVENINGS = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, '6PM–2AM']));

const ENTRIES: Entry[] = [
  ['Chez Paul', 'Restaurant', 'lyon', 500, 4.6, { about: 'Traditional bouchon lyonnais, family restaurant since 1950.' }],
  ['Le Bistrot du Marché', 'Restaurant', 'paris', 420, 4.2],
  ['Restaurant Zur Post', 'Restaurant', 'munich', 260, 4.4],
  ['Austin Diner', 'American restaurant', 'austin', 610, 4.1, { workingHours: ALWAYS_OPEN }],
  ['Pizzeria Napoli', 'Pizza restaurant', 'lyon', 350, 4.5],
  ['Bella Pizza', 'Pizza restaurant', 'paris', 90, 3.8],
  ['Café de Flore', 'Café', 'paris', 9000, 4.3, { workingHours: { ...ALWAYS_OPEN, Wednesday: 'Closed' } }],
  ['Café des Arts', 'Café', 'lyon', 140, 4.0],
  ['Kaffeehaus Mitte', 'Café', 'berlin', 230, 4.7],
  ['Lyon Dentaire', 'Dentist', 'lyon', 12, null, { postalCode: '69002' }],
  ['Austin Dental Care', 'Dentist', 'austin', 150, 4.4],
  ['Zahnarztpraxis Mitte', 'Dentist', 'berlin', 75, 4.6],
  ['Smile Studio', 'Dentist', 'paris', 60, 4.9],
  ['Plomberie Martin', 'Plumber', 'lyon', 40, 4.1, { postalCode: '69002' }],
  ['Paris Plumbing', 'Plumber', 'paris', 300, 3.9],
  ['Joe Plumbing', 'Plumber', 'austin', 7, 5],
  ['Berlin Rohrservice', 'Plumber', 'berlin', 55, 4.2],
  ['Brico Dépôt Confluence', 'Hardware store', 'lyon', 5000, 4.0, {
    about: 'Everything for plumbing and for the plumber: pipes, taps and tools.',
    postalCode: '69002',
  }],
  ['Boulangerie Saint-Jean', 'Bakery', 'lyon', 800, 4.8, { postalCode: '69005' }],
  ['Berliner Bäckerei', 'Bakery', 'berlin', 80, 4.8],
  ['Hofpfisterei', 'Bakery', 'munich', 120, 4.5],
  ['Pharmacie Bellecour', 'Pharmacy', 'lyon', 95, 3.6],
  ['Apotheke am Marienplatz', 'Pharmacy', 'munich', 45, 4.0],
  ['Hôtel des Célestins', 'Hotel', 'lyon', 700, 4.7, { workingHours: ALWAYS_OPEN }],
  ['Hotel Adlon', 'Hotel', 'berlin', 4000, 4.6, { workingHours: ALWAYS_OPEN }],
  ['The Driskill', 'Hotel', 'austin', 2500, 4.7, { workingHours: ALWAYS_OPEN }],
  ['Le Comptoir Bar', 'Bar', 'paris', 330, 4.1, { workingHours: EVENINGS }],
  ['Biergarten am See', 'Beer garden', 'munich', 1500, 4.5, { workingHours: EVENINGS }],
  ['Sixth Street Bar', 'Bar', 'austin', 210, 4.0, { workingHours: EVENINGS }],
  ['Gym Lyon Part-Dieu', 'Gym', 'lyon', 65, 3.9, { workingHours: null }],
  ['Fitness First Berlin', 'Gym', 'berlin', 180, 3.7],
  ['Austin Fitness Club', 'Gym', 'austin', 95, 4.3],
  ['Librairie du Rhône', 'Book store', 'lyon', 33, 4.6],
  ['Dussmann das KulturKaufhaus', 'Book store', 'berlin', 2100, 4.6],
  ['BookPeople', 'Book store', 'austin', 1900, 4.8],
  ['Garage du Centre', 'Car repair', 'lyon', 28, 4.2, { postalCode: '69003' }],
  ['Autowerkstatt Schmidt', 'Car repair', 'munich', 19, 4.4],
  ['Austin Auto Repair', 'Car repair', 'austin', 140, 4.6],
  ['Carpet Repair Pros', 'Carpet cleaning service', 'austin', 9, 4.1],
  ['Fleuriste des Terreaux', 'Florist', 'lyon', 21, 4.9],
  ['Blumen Berlin', 'Florist', 'berlin', 14, null],
];

/** The world's businesses, ready to be saved to a record. */
export function buildSearchWorld(): BusinessInput[] {
  return ENTRIES.map(([name, category, placeKey, reviews, rating, extra = {}]) => {
    const place: Place = PLACES[placeKey];
    const postalCode = extra.postalCode ?? place.postalCode;
    return buildBusiness({
      name,
      category,
      type: category,
      city: place.city,
      country: place.country,
      countryCode: place.countryCode,
      postalCode,
      fullAddress: `1 Main Street, ${place.city}, ${postalCode}, ${place.country}`,
      // Spread a little around the city centre so that distances differ.
      latitude: place.latitude + (reviews % 7) * 0.003,
      longitude: place.longitude + (reviews % 5) * 0.003,
      timeZone: place.timeZone,
      reviews,
      rating,
      about: null,
      ...extra,
    });
  });
}
