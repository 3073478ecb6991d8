/**
 * Every city `city-timezones` knows (about 7,300, each with its coordinates, province and
 * population), by folded name and by the other names of `city-aliases.ts`: what the where box
 * falls back to when it names a real place the index has no business in ("Lyon" in a directory
 * without one), so that the search looks around it instead of answering "No place called Lyon".
 * Built once per process, at the first such look-up; a look-up is one map read.
 */
import cityTimezones from 'city-timezones';
import { countryName } from '@directory/data/countries.ts';
import { CITY_ALIASES } from './city-aliases.ts';
import { placeKey } from './place-key.ts';

export interface WorldCity {
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** Its province or state as `city-timezones` names it ('' when it has none). */
  region: string;
  /** The folded name (see place-key.ts). */
  key: string;
  lat: number;
  lng: number;
  population: number;
}

let citiesByKey: ReadonlyMap<string, readonly WorldCity[]> | null = null;

/** The cities with this folded name or alias, the most populous first. */
export function worldCitiesNamed(key: string): readonly WorldCity[] {
  citiesByKey ??= buildWorldCities();
  return citiesByKey.get(key) ?? [];
}

/**
 * How the answer names a city: with its country, and with its region too when its country has
 * another city of the name ("Lyon, France", "Springfield, Massachusetts, United States").
 */
export function worldCityLabel(city: WorldCity): string {
  const namesakes = worldCitiesNamed(city.key).filter((other) => other.countryCode === city.countryCode);
  const region = namesakes.length > 1 && city.region !== '' && city.region !== city.name ? `${city.region}, ` : '';
  return `${city.name}, ${region}${countryName(city.countryCode)}`;
}

function buildWorldCities(): Map<string, WorldCity[]> {
  const byKey = new Map<string, WorldCity[]>();
  const add = (key: string, city: WorldCity) => {
    const cities = byKey.get(key);
    if (!cities) byKey.set(key, [city]);
    else if (!cities.includes(city)) cities.push(city);
  };
  for (const record of cityTimezones.cityMapping) {
    const countryCode = typeof record.iso2 === 'string' ? record.iso2.toUpperCase() : '';
    if (!/^[A-Z]{2}$/.test(countryCode) || typeof record.city !== 'string' || !Number.isFinite(record.lat) || !Number.isFinite(record.lng)) continue;
    const key = placeKey(record.city);
    if (key === '') continue;
    const city: WorldCity = {
      name: record.city,
      countryCode,
      region: typeof record.province === 'string' ? record.province : '',
      key,
      lat: record.lat,
      lng: record.lng,
      population: Number.isFinite(record.pop) ? record.pop : 0,
    };
    add(key, city);
    if (typeof record.city_ascii === 'string') add(placeKey(record.city_ascii), city);
  }
  // "Köln", "Bombay", "Kiev": each name of an alias group stands for the group's city of that country.
  for (const group of CITY_ALIASES) {
    const keys = new Set(group.names.map(placeKey));
    const cities = [...keys].flatMap((key) => (byKey.get(key) ?? []).filter((city) => city.countryCode === group.country));
    for (const key of keys) for (const city of cities) add(key, city);
  }
  for (const cities of byKey.values()) cities.sort((a, b) => b.population - a.population);
  return byKey;
}
