/**
 * Real cities from the `city-timezones` package, chosen in proportion to their population,
 * and coordinates scattered a few kilometres around them.
 */
import cityTimezones from 'city-timezones';
import { countryName } from '../countries.ts';
import { WeightedTable } from './random.ts';
import type { Random } from './random.ts';

export interface DemoPlace {
  readonly city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  readonly countryCode: string;
  readonly country: string;
  readonly timeZone: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
}

export interface Coordinates {
  readonly latitude: number | null;
  readonly longitude: number | null;
}

type CityRecord = (typeof cityTimezones.cityMapping)[number];

const MAX_OFFSET_KM = 5;
const KM_PER_DEGREE = 111.32;

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "Washington, D.C." would break the "city is the second-to-last part" rule of fullAddress. */
function cleanCityName(city: string): string {
  return city.replace(/\s*,\s*/g, ' ').trim();
}

function loadPlaces(records: readonly CityRecord[]): DemoPlace[] {
  const timeZoneValidity = new Map<string, boolean>();
  const countryNames = new Map<string, string>();
  const places: DemoPlace[] = [];
  for (const record of records) {
    const code = typeof record.iso2 === 'string' ? record.iso2.toUpperCase() : '';
    const timeZone = typeof record.timezone === 'string' ? record.timezone : '';
    const city = typeof record.city === 'string' ? cleanCityName(record.city) : '';
    if (!/^[A-Z]{2}$/.test(code) || !timeZone || !city) continue;
    if (!(record.pop > 0) || !Number.isFinite(record.lat) || !Number.isFinite(record.lng)) continue;
    let valid = timeZoneValidity.get(timeZone);
    if (valid === undefined) {
      valid = isValidTimeZone(timeZone);
      timeZoneValidity.set(timeZone, valid);
    }
    if (!valid) continue;
    let country = countryNames.get(code);
    if (country === undefined) {
      country = countryName(code);
      countryNames.set(code, country);
    }
    places.push({
      city,
      countryCode: code,
      country,
      timeZone,
      latitude: record.lat,
      longitude: record.lng,
      population: record.pop,
    });
  }
  return places;
}

/** Every usable city of `city-timezones` (valid country code and time zone, positive population). */
export const DEMO_PLACES: readonly DemoPlace[] = loadPlaces(cityTimezones.cityMapping);

const PLACES_BY_POPULATION = new WeightedTable(DEMO_PLACES, (place) => place.population);

/** A city chosen with probability proportional to its population. */
export function pickPlace(random: Random): DemoPlace {
  return PLACES_BY_POPULATION.pick(random);
}

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function wrapLongitude(longitude: number): number {
  if (longitude > 180) return longitude - 360;
  if (longitude < -180) return longitude + 360;
  return longitude;
}

/** A point within ~5 km of the city, rounded to 6 decimals. */
export function nearbyPoint(random: Random, place: DemoPlace): { latitude: number; longitude: number } {
  const distance = MAX_OFFSET_KM * Math.sqrt(random.next());
  const angle = 2 * Math.PI * random.next();
  const latitude = place.latitude + (distance * Math.cos(angle)) / KM_PER_DEGREE;
  const cosLatitude = Math.max(Math.cos((place.latitude * Math.PI) / 180), 0.01);
  const longitude = place.longitude + (distance * Math.sin(angle)) / (KM_PER_DEGREE * cosLatitude);
  return {
    latitude: roundCoordinate(Math.min(90, Math.max(-90, latitude))),
    longitude: roundCoordinate(wrapLongitude(longitude)),
  };
}

/** Coordinates near the city; ~5% have neither, ~1% only one of the two. */
export function demoCoordinates(random: Random, place: DemoPlace): Coordinates {
  const point = nearbyPoint(random, place);
  const roll = random.next();
  if (roll < 0.05) return { latitude: null, longitude: null };
  if (roll < 0.055) return { latitude: point.latitude, longitude: null };
  if (roll < 0.06) return { latitude: null, longitude: point.longitude };
  return point;
}
