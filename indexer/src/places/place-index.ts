/**
 * What the where box knows, precomputed once per index generation from the engine's own city
 * and country aggregates plus the static tables of this folder: folded name → cities, countries
 * and regions; a deletion neighbourhood for one typo in a name; the words of every place name
 * for prefix typing. A lookup is a few map reads (microseconds); only a place nobody knows pays
 * for a scan (its suggestions).
 */
import { countryName } from '@directory/data/countries.ts';
import type { CityRef } from '../search-types.ts';
import { typoDistance } from '../text/typo-distance.ts';
import { CITY_ALIASES } from './city-aliases.ts';
import { countryNameKeys, isCountryCode } from './country-names.ts';
import { deletionsOf, letterCount, placeKey } from './place-key.ts';
import { REGION_ABBREVIATIONS, regionNameKeys, type Region } from './regions.ts';

/** The engine's places, as its aggregates hold them. */
export interface PlaceCatalogue {
  countries: readonly { code: string; name: string; businessCount: number }[];
  cities: readonly { countryCode: string; slug: string; name: string; businessCount: number }[];
}

export interface KnownCity extends CityRef {
  name: string;
  /** The folded name (see place-key.ts). */
  key: string;
  businessCount: number;
}

/** A name typed with one typo is corrected from this many letters (the typo budget of words). */
export const MIN_TYPO_LETTERS = 5;
/** Suggestions offered for a place nobody knows. */
export const MAX_SUGGESTIONS = 3;

/** Every way a text can be read as a place, without combining it with the other parts. */
export interface PlaceReading {
  countries: string[];
  cities: KnownCity[];
  regions: Region[];
}

/** A place name offered for a text nobody knows, and how many typos away it is. */
export interface PlaceSuggestion {
  label: string;
  typos: number;
}

export class PlaceIndex {
  private readonly citiesByKey = new Map<string, KnownCity[]>();
  private readonly countryCounts = new Map<string, number>();
  private readonly countryLabels = new Map<string, string>();
  private readonly cityKeysOf = new Set<string>();
  /** Deletion neighbourhood of the city names (the key and the key less one letter) → keys; countries and regions have theirs in {@link staticDeletions}. */
  private deletions: Map<string, string[]> | null = null;
  /** Every word of every city and country name with the name (folded key) it is in, sorted by word: built on the first completion. */
  private nameWords: { word: string; key: string }[] | null = null;

  constructor(catalogue: PlaceCatalogue) {
    for (const country of catalogue.countries) {
      this.countryCounts.set(country.code, country.businessCount);
      this.countryLabels.set(country.code, country.name);
    }
    const byCountryKey = new Map<string, KnownCity[]>();
    for (const city of catalogue.cities) {
      const known: KnownCity = { countryCode: city.countryCode, citySlug: city.slug, name: city.name, key: placeKey(city.name), businessCount: city.businessCount };
      this.cityKeysOf.add(`${city.countryCode}:${city.slug}`);
      for (const key of new Set([known.key, placeKey(city.slug)])) {
        if (key === '') continue;
        addTo(this.citiesByKey, key, known);
        addTo(byCountryKey, `${city.countryCode}:${key}`, known);
      }
    }
    for (const group of CITY_ALIASES) {
      const keys = new Set(group.names.map(placeKey));
      const cities = [...keys].flatMap((key) => byCountryKey.get(`${group.country}:${key}`) ?? []);
      for (const key of keys) for (const city of cities) addTo(this.citiesByKey, key, city);
    }
  }

  /** True when the index was built knowing this city (a new city needs a new index). */
  hasCity(countryCode: string, citySlug: string): boolean {
    return this.cityKeysOf.has(`${countryCode}:${citySlug}`);
  }

  hasCountry(countryCode: string): boolean {
    return this.countryCounts.has(countryCode);
  }

  /** The cities with this folded name (names, slugs and aliases). */
  citiesOfKey(key: string): readonly KnownCity[] {
    return this.citiesByKey.get(key) ?? [];
  }

  /** The readings of a text exactly as typed (folded): a code, a country, a city, a region. */
  read(text: string): PlaceReading {
    const trimmed = text.trim();
    if (/^[A-Za-z]{2}$/.test(trimmed)) return this.readCode(trimmed.toUpperCase());
    return this.readKey(placeKey(trimmed));
  }

  /** The reading of the nearest name one typo away, when the text has enough letters; null when none. */
  readWithTypo(text: string): { key: string; reading: PlaceReading } | null {
    const key = placeKey(text);
    if (letterCount(key) < MIN_TYPO_LETTERS) return null;
    let best: { key: string; reading: PlaceReading; weight: number } | null = null;
    for (const candidate of this.keysNear(key, [key, ...deletionsOf(key)])) {
      if (candidate === key || typoDistance(key, candidate, 1) > 1) continue;
      const reading = this.readKey(candidate);
      const weight = this.weightOf(reading);
      if (best === null || weight > best.weight || (weight === best.weight && candidate < best.key)) best = { key: candidate, reading, weight };
    }
    return best === null ? null : { key: best.key, reading: best.reading };
  }

  /**
   * The city and country names a text is the start of: each typed word starts a word of the name,
   * in order ("berli" → Berlin, "new yo" → New York, "kingd" → United Kingdom). A text of one word
   * of one or two letters must be a whole word ("uk" never stands for "ukraine"). One reading per
   * name, with the cities and countries of that name only (a region is read by its whole name).
   */
  completions(text: string): { key: string; reading: PlaceReading }[] {
    const typed = placeKey(text).split(' ').filter((word) => word.length > 0);
    const first = typed[0];
    if (first === undefined) return [];
    const isWhole = typed.length === 1 && first.length <= 2;
    const entries = this.nameWordsSorted();
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (entries[middle]!.word < first) low = middle + 1;
      else high = middle;
    }
    const keys = new Set<string>();
    const isMatch = (word: string) => (isWhole ? word === first : word.startsWith(first));
    for (let at = low; at < entries.length && isMatch(entries[at]!.word); at += 1) keys.add(entries[at]!.key);
    const completions: { key: string; reading: PlaceReading }[] = [];
    for (const key of keys) {
      if (!isWhole && !startsWordsOf(typed, key.split(' '))) continue;
      const countries = this.preferKnown([...(countryNameKeys().get(key) ?? [])]);
      completions.push({ key, reading: { countries, cities: this.citiesByKey.get(key) ?? [], regions: [] } });
    }
    return completions;
  }

  /** Businesses of the biggest thing a reading names (0 for a place without any). */
  businessesOf(reading: PlaceReading): number {
    return this.weightOf(reading);
  }

  /** How a suggestion names a reading: its biggest city with the country ("London, United Kingdom"), else the country; null when the index holds neither. */
  labelOf(reading: PlaceReading): string | null {
    const city = reading.cities.reduce<KnownCity | null>((a, b) => (a === null || b.businessCount > a.businessCount ? b : a), null);
    if (city !== null) return this.cityLabel(city);
    const country = reading.countries.find((code) => this.countryLabels.has(code));
    return country !== undefined ? this.countryLabels.get(country)! : null;
  }

  /**
   * Known names near a text nobody knows (up to two typos, found through the deletion
   * neighbourhoods: a few hundred map reads, not a scan), the nearest and then the biggest first,
   * each with its number of typos.
   */
  suggest(text: string): PlaceSuggestion[] {
    const key = placeKey(text);
    if (letterCount(key) < 3) return [];
    const once = deletionsOf(key);
    const variants = new Set([key, ...once, ...once.flatMap(deletionsOf)]);
    const found: (PlaceSuggestion & { weight: number })[] = [];
    for (const candidate of this.keysNear(key, [...variants])) {
      const typos = typoDistance(key, candidate, 2);
      if (typos > 2) continue;
      const reading = this.readKey(candidate);
      const label = this.labelOf(reading);
      if (label !== null) found.push({ label, typos, weight: this.weightOf(reading) });
    }
    found.sort((a, b) => a.typos - b.typos || b.weight - a.weight || (a.label < b.label ? -1 : 1));
    const labels = new Set<string>();
    const suggestions: PlaceSuggestion[] = [];
    for (const { label, typos } of found) {
      if (labels.has(label)) continue;
      labels.add(label);
      suggestions.push({ label, typos });
    }
    return suggestions.slice(0, MAX_SUGGESTIONS);
  }

  /** Names whose deletion neighbourhood holds one of the variants. */
  private keysNear(key: string, variants: readonly string[]): Set<string> {
    const keys = new Set<string>();
    const shared = staticDeletions();
    // Built on the first typo: most searches name their place as it is written.
    if (this.deletions === null) {
      this.deletions = new Map();
      for (const name of this.citiesByKey.keys()) addDeletions(this.deletions, name);
    }
    for (const variant of variants) {
      for (const candidate of this.deletions.get(variant) ?? []) keys.add(candidate);
      for (const candidate of shared.get(variant) ?? []) keys.add(candidate);
    }
    keys.delete(key);
    return keys;
  }

  /**
   * What a reading names, as a visitor reads it: the country's name, else the biggest city's name,
   * else the region's folded name with capitals ("California"). The order is that of the constraints
   * a reading becomes (see search-location.ts).
   */
  nameOf(reading: PlaceReading, key: string): string {
    const country = reading.countries.find((code) => this.countryLabels.has(code));
    if (country !== undefined) return this.countryLabels.get(country)!;
    // A country without businesses: its English name, not the language the text was typed in.
    if (reading.countries.length > 0) return countryName(reading.countries[0]!);
    const city = reading.cities.reduce<KnownCity | null>((a, b) => (a === null || b.businessCount > a.businessCount ? b : a), null);
    if (city !== null) return city.name;
    return key.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
  }

  /** "London, United Kingdom": how a suggestion names a city. */
  cityLabel(city: KnownCity): string {
    return `${city.name}, ${this.countryLabels.get(city.countryCode) ?? city.countryCode}`;
  }

  /** Businesses of the biggest thing a reading names: picks among typo corrections. */
  private weightOf(reading: PlaceReading): number {
    const cities = Math.max(0, ...reading.cities.map((city) => city.businessCount));
    const countries = Math.max(0, ...reading.countries.map((code) => this.countryCounts.get(code) ?? 0));
    const regions = reading.regions.length > 0 ? 1 : 0;
    return Math.max(cities, countries, regions);
  }

  /** A name shared by several countries means those the index holds, when it holds some. */
  private preferKnown(codes: string[]): string[] {
    if (codes.length < 2) return codes;
    const known = codes.filter((code) => this.countryCounts.has(code));
    return known.length > 0 ? known : codes;
  }

  private readCode(code: string): PlaceReading {
    const countries = isCountryCode(code) ? [code] : [];
    const regions: Region[] = [];
    const abbreviation = code.toLowerCase();
    for (const [countryCode, abbreviations] of Object.entries(REGION_ABBREVIATIONS)) {
      if (abbreviations[code] === undefined) continue;
      for (const region of regionNameKeys().get(abbreviation) ?? []) if (region.countryCode === countryCode) regions.push(region);
    }
    // Two-letter common forms that are not ISO codes ("UK").
    for (const alias of countryNameKeys().get(abbreviation) ?? []) if (!countries.includes(alias)) countries.push(alias);
    return { countries, cities: this.citiesByKey.get(abbreviation) ?? [], regions };
  }

  private readKey(key: string): PlaceReading {
    if (key === '') return { countries: [], cities: [], regions: [] };
    // Two-letter region abbreviations are read only from a two-letter part (readCode).
    const regions = letterCount(key) > 2 ? (regionNameKeys().get(key) ?? []) : [];
    return { countries: this.preferKnown([...(countryNameKeys().get(key) ?? [])]), cities: this.citiesByKey.get(key) ?? [], regions: [...regions] };
  }

  private nameWordsSorted(): { word: string; key: string }[] {
    if (this.nameWords !== null) return this.nameWords;
    const entries: { word: string; key: string }[] = [];
    for (const key of [...this.citiesByKey.keys(), ...countryNameKeys().keys()]) {
      for (const word of new Set(key.split(' '))) if (word.length > 0) entries.push({ word, key });
    }
    entries.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    this.nameWords = entries;
    return entries;
  }
}

/** True when each typed word starts a word of the name, in order. */
function startsWordsOf(typed: readonly string[], name: readonly string[]): boolean {
  let at = 0;
  for (const word of typed) {
    while (at < name.length && !name[at]!.startsWith(word)) at += 1;
    if (at === name.length) return false;
    at += 1;
  }
  return true;
}

/** Adds a name to a deletion neighbourhood, when it is long enough to be corrected. */
function addDeletions(deletions: Map<string, string[]>, key: string): void {
  if (letterCount(key) < MIN_TYPO_LETTERS - 1) return;
  for (const variant of new Set([key, ...deletionsOf(key)])) addTo(deletions, variant, key);
}

let sharedDeletions: Map<string, string[]> | null = null;

/** The deletion neighbourhood of every country and region name: static, built once per process. */
function staticDeletions(): ReadonlyMap<string, string[]> {
  if (sharedDeletions !== null) return sharedDeletions;
  const deletions = new Map<string, string[]>();
  for (const key of countryNameKeys().keys()) addDeletions(deletions, key);
  for (const key of regionNameKeys().keys()) addDeletions(deletions, key);
  sharedDeletions = deletions;
  return deletions;
}

function addTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const values = map.get(key);
  if (!values) map.set(key, [value]);
  else if (!values.includes(value)) values.push(value);
}

