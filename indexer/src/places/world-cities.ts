/**
 * Every city `city-timezones` knows (about 7,300, each with its coordinates, province and
 * population), by folded name and by the other names of `city-aliases.ts`: what the where box
 * falls back to when it names a real place the index has no business in ("Lyon" in a directory
 * without one), so that the search looks around it instead of answering "No place called Lyon".
 * Built once per process, at the first such look-up; a look-up is one map read. A name typed
 * with a typo ("Lyonn") is found through a deletion neighbourhood of the names, also built once.
 */
import cityTimezones from 'city-timezones';
import { countryName } from '@directory/data/countries.ts';
import { typoDistance } from '../text/typo-distance.ts';
import { CITY_ALIASES } from './city-aliases.ts';
import { MIN_TYPO_LETTERS } from './place-index.ts';
import { deletionsOf, letterCount, placeKey } from './place-key.ts';

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

/** A name typed with two typos is read from this many letters (one typo from {@link MIN_TYPO_LETTERS}), as the engines count typos in words. */
export const MIN_TWO_TYPO_LETTERS = 9;

/** A real city a text is a typo or two from. */
export interface WorldCityNear {
  city: WorldCity;
  typos: number;
}

interface WorldTable {
  byKey: ReadonlyMap<string, readonly WorldCity[]>;
  /** Country code → its most populous city. */
  mainByCountry: ReadonlyMap<string, WorldCity>;
}

let table: WorldTable | null = null;
/** Each name and each name less one letter → the names: built at the first typo look-up. */
let deletionIndex: ReadonlyMap<string, readonly string[]> | null = null;

/** The cities with this folded name or alias, the most populous first. */
export function worldCitiesNamed(key: string): readonly WorldCity[] {
  table ??= buildWorldCities();
  return table.byKey.get(key) ?? [];
}

/** The most populous city of a country ("Reykjavík" for IS); undefined when the table has none. */
export function mainWorldCityOf(countryCode: string): WorldCity | undefined {
  table ??= buildWorldCities();
  return table.mainByCountry.get(countryCode);
}

/**
 * The real cities whose name a text is one typo from (two from {@link MIN_TWO_TYPO_LETTERS}
 * letters; none under {@link MIN_TYPO_LETTERS}), the fewest typos and then the most populous
 * first: a few dozen map reads of the deletion neighbourhood, not a scan of the names.
 */
export function worldCitiesNear(key: string): WorldCityNear[] {
  const letters = letterCount(key);
  if (letters < MIN_TYPO_LETTERS) return [];
  const maxTypos = letters >= MIN_TWO_TYPO_LETTERS ? 2 : 1;
  table ??= buildWorldCities();
  deletionIndex ??= buildDeletions(table.byKey.keys());
  const once = deletionsOf(key);
  const variants = new Set([key, ...once, ...(maxTypos > 1 ? once.flatMap(deletionsOf) : [])]);
  const names = new Set<string>();
  for (const variant of variants) for (const name of deletionIndex.get(variant) ?? []) names.add(name);
  names.delete(key);
  // A city found by several of its names (alias, ASCII form) counts by the nearest of them.
  const typosOf = new Map<WorldCity, number>();
  for (const name of names) {
    const typos = typoDistance(key, name, maxTypos);
    if (typos > maxTypos) continue;
    for (const city of table.byKey.get(name) ?? []) typosOf.set(city, Math.min(typos, typosOf.get(city) ?? typos));
  }
  return [...typosOf]
    .map(([city, typos]) => ({ city, typos }))
    .sort((a, b) => a.typos - b.typos || b.city.population - a.city.population);
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

function buildWorldCities(): WorldTable {
  const byKey = new Map<string, WorldCity[]>();
  const mainByCountry = new Map<string, WorldCity>();
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
    if (city.population > (mainByCountry.get(countryCode)?.population ?? -1)) mainByCountry.set(countryCode, city);
    if (typeof record.city_ascii === 'string') add(placeKey(record.city_ascii), city);
  }
  // "Köln", "Bombay", "Kiev": each name of an alias group stands for the group's city of that country.
  for (const group of CITY_ALIASES) {
    const keys = new Set(group.names.map(placeKey));
    const cities = [...keys].flatMap((key) => (byKey.get(key) ?? []).filter((city) => city.countryCode === group.country));
    for (const key of keys) for (const city of cities) add(key, city);
  }
  for (const cities of byKey.values()) cities.sort((a, b) => b.population - a.population);
  return { byKey, mainByCountry };
}

/** Every name and every name less one letter (names of too few letters to be corrected: themselves only) → the names. */
function buildDeletions(names: Iterable<string>): Map<string, string[]> {
  const deletions = new Map<string, string[]>();
  for (const name of names) {
    const variants = letterCount(name) >= MIN_TYPO_LETTERS - 1 ? new Set([name, ...deletionsOf(name)]) : [name];
    for (const variant of variants) {
      const known = deletions.get(variant);
      if (!known) deletions.set(variant, [name]);
      else if (!known.includes(name)) known.push(name);
    }
  }
  return deletions;
}
