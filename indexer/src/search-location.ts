/**
 * The "where" box of the search: a city, a country (name in many languages, ISO code or common
 * form), a region, a postal code, or several of them separated by commas ("Austin, TX",
 * "London, UK", "75001, France"). It is resolved against the engine's own places (a
 * {@link PlaceIndex} the engine builds once per index generation) into structured constraints,
 * so "DE" means Germany (not every word starting with "de"), "UK" never Ukraine, and "lyon" the
 * city of Lyon. A region written with a city the index files several real cities under chooses one
 * ("Springfield, MO": US:springfield near Missouri's, not Oregon's; see {@link CityPlace}). A part
 * written with a city that cannot apply (a region without a city of the name, "Springfield,
 * Vermont"; a text naming no place, "Springfield, Narnia") leaves the city whole, and the answer
 * says so. A real city the index has no business in (`world-cities.ts`), also typed with a typo
 * ("Lyonn"), and a country it has no business in ("Iceland": around its main city) resolve to
 * an `around` part: the search looks for the nearest businesses around it. Such a city written
 * with a part that cannot apply is looked around all the same, and the answer says so too:
 * "Grenoble, Narnia"; "Springfield, Vermont" where the index has no Springfield and Vermont none
 * of the real ones (around the most populous Springfield of the United States). A place nobody
 * knows resolves to an `unknown` part with suggestions.
 */
import { countryName } from '@directory/data/countries.ts';
import { MAX_SUGGESTIONS, type KnownCity, type PlaceIndex, type PlaceReading, type PlaceSuggestion } from './places/place-index.ts';
import { letterCount, placeKey } from './places/place-key.ts';
import { compactPostalCode, looksLikePostalCode } from './places/postal-code.ts';
import { regionNameKeys } from './places/regions.ts';
import { mainWorldCityOf, worldCitiesNamed, worldCitiesNear, worldCityLabel, type WorldCity } from './places/world-cities.ts';
import type { AroundPlace, ChosenCity, CityRef, GeoPoint, GeoRadius, LocationCorrection, SearchRequest, SearchResponse, UnmatchedPlace } from './search-types.ts';
import { tokenize } from './text/fold.ts';

/**
 * How far around a real place without businesses the search looks (about a long drive): what lies
 * farther is not "near Lyon". The answer says so, and each hit says how far it is.
 */
export const AROUND_RADIUS_KM = 250;
/**
 * How far from the real city a region written with it chose ("Springfield, MO") the businesses of
 * the index's city of that name may lie, when the index files every city of the name in a country
 * under one city (`US:springfield`): the city and the suburbs a business may be filed under it from
 * (Nixa and Ozark lie 20–25 km from Springfield, Missouri), while its namesakes lie hundreds of km
 * apart (Springfield, Illinois is 360 km from Missouri's; of the catalogue's namesakes in different
 * regions only Kansas City, Kansas and Missouri, one city across a state line, lie within 150 km).
 */
export const CHOSEN_CITY_RADIUS_KM = 40;
/** A name of this many letters or fewer that starts names the index holds ("San") is read as the start of one of them, not as a place of its own (San, Mali). */
const MAX_SHORT_NAME_LETTERS = 3;

/** How an engine gives the resolver its places: an index built once per generation of its contents. */
export interface LocationLookup {
  places(): Promise<PlaceIndex> | PlaceIndex;
}

/** One constraint of the location, resolved; every part must hold. */
export type LocationPart =
  /** `correction`: present when the part was read with a typo corrected (the answer must say so). */
  | { kind: 'country'; countryCodes: string[]; correction?: LocationCorrection }
  /**
   * `chosen`: present when a region written with the city chose one real city among several of its name (its cities then carry `near`).
   * `unmatched`: present when a part written with the city could not be applied (a region without a city of the name, a text naming no place).
   */
  | { kind: 'city'; cities: CityPlace[]; chosen?: ChosenCity; unmatched?: UnmatchedPlace; correction?: LocationCorrection }
  /** `postalCode` without spaces or hyphens, upper case: compared with stored codes compacted the same way. */
  | { kind: 'postal'; postalCode: string; words: string[] }
  /** A real place the index has no business in: the search looks around it, nearest first. */
  | AroundPart
  /** A place nobody knows: the search answers nothing, and says so with these suggestions. */
  | { kind: 'unknown'; text: string; suggestions: string[] };

/**
 * A city of the index. `near`: present when the where box chose real cities among several of its
 * name in its country ("Springfield, MO", where the index files Missouri's and Oregon's under
 * `US:springfield`): its businesses count only within one of these circles (one a chosen city).
 */
export interface CityPlace extends CityRef {
  near?: GeoRadius[];
}

/** The place to look around, before the search says whether any business lies around it. */
export type AroundTarget = Omit<AroundPlace, 'hasBusinesses'>;

type UnknownPart = Extract<LocationPart, { kind: 'unknown' }>;

/**
 * `correction`: present when the place was read with a typo corrected ("Lyonn": Lyon, France).
 * `unmatched`: present when a part written with the city could not be applied ("Narnia" in
 * "Grenoble, Narnia"; "Vermont" in "Springfield, Vermont", which holds no real Springfield).
 */
export interface AroundPart {
  kind: 'around';
  place: AroundTarget;
  correction?: LocationCorrection;
  unmatched?: UnmatchedPlace;
}

/** One comma-separated part, read on its own. */
interface Part {
  text: string;
  reading: PlaceReading;
}

/** Resolves the where box; [] when it is empty. */
export async function resolveLocation(location: string | undefined, lookup: LocationLookup): Promise<LocationPart[]> {
  if (!location) return [];
  const texts = location
    .split(',')
    .map((text) => text.trim())
    .filter((text) => tokenize(text).length > 0);
  if (texts.length === 0) return [];
  const places = await lookup.places();
  const parts = texts.map((text): Part => ({ text, reading: places.read(text) }));
  return texts.length === 1 ? resolveAlone(parts[0]!, places) : resolveTogether(parts, places, texts.join(', '));
}

/**
 * One part on its own: a country before a city before a region, then a postal code, a real city
 * the index has no business in (`isAroundAllowed`), the start of one place's name, a typo. The
 * start of several places' names ("New") is no place: the answer offers the biggest of them, as
 * it offers the names near a typo.
 */
function resolveAlone(part: Part, places: PlaceIndex, isAroundAllowed = true): LocationPart[] {
  const parts = readAlone(part, places, isAroundAllowed);
  return isAroundAllowed ? aroundEmptyCountry(part.text, parts, places) : parts;
}

/** {@link resolveAlone}, before a country without businesses is looked around. */
function readAlone(part: Part, places: PlaceIndex, isAroundAllowed: boolean): LocationPart[] {
  const exact = readingParts(part.reading, places);
  if (exact !== null) {
    // A region the index holds no city of may be a real city too, nearer what was meant than a whole country ("Portland": Oregon's, not a parish of Jamaica).
    const around = isAroundAllowed && isRegionWithoutCities(part.reading, places) ? aroundPart(part.text, worldCitiesNamed(placeKey(part.text))) : null;
    return around !== null ? [around] : exact;
  }
  const withPostal = splitPostal(part.text, places);
  if (withPostal !== null) return withPostal;
  const postal = postalPart(part.text);
  if (postal !== null) return [postal];
  const completions = completedPlaces(part.text, places);
  // A whole real name comes before the start of a longer one the index holds ("Lyon", not "Lyons").
  if (isAroundAllowed && (completions.length === 0 || letterCount(placeKey(part.text)) > MAX_SHORT_NAME_LETTERS)) {
    const around = aroundPart(part.text, worldCitiesNamed(placeKey(part.text)));
    if (around !== null) return [around];
  }
  if (completions.length === 1) return withCorrection(completions[0]!.parts, { typed: part.text, used: completions[0]!.name });
  // The start of several names the index holds ("Santa") is someone typing one of them, not a typo of another (Salta).
  const corrected = completions.length === 0 ? places.readWithTypo(part.text) : null;
  if (corrected !== null) {
    const fromTypo = readingParts(corrected.reading, places);
    if (fromTypo !== null) return withCorrection(fromTypo, { typed: part.text, used: places.nameOf(corrected.reading, corrected.key) });
  }
  const near = worldCitiesNear(placeKey(part.text));
  // One typo from a real city ("Lyonn"), and not the start of names the index holds ("Santa" is not Sanaa).
  if (isAroundAllowed && completions.length === 0 && near[0]?.typos === 1) {
    const around = aroundPart(part.text, [near[0].city])!;
    return [{ ...around, correction: { typed: part.text, used: around.place.name } }];
  }
  const started = completions.filter((completion) => completion.businesses > 0 && completion.label !== null).map((completion) => completion.label!);
  const real = near.map(({ city, typos }): PlaceSuggestion => ({ label: worldCityLabel(city), typos }));
  // The names fewest typos away, those of the index before real cities it has no business in.
  const nearest = [...places.suggest(part.text), ...real].sort((a, b) => a.typos - b.typos).map((suggestion) => suggestion.label);
  const suggestions = [...new Set([...started, ...nearest])].slice(0, MAX_SUGGESTIONS);
  return [{ kind: 'unknown', text: part.text, suggestions }];
}

/**
 * A country the index has no business in, alone in the where box ("Iceland", "Icelnd"): the
 * businesses around its most populous city, the answer naming the country. A code ("LI") stays a
 * country, as does a country the table of real cities has no city of: nothing is found there.
 */
function aroundEmptyCountry(text: string, parts: LocationPart[], places: PlaceIndex): LocationPart[] {
  const part = parts[0];
  if (parts.length !== 1 || part?.kind !== 'country' || letterCount(placeKey(text)) <= MAX_SHORT_NAME_LETTERS) return parts;
  if (places.businessesOf({ countries: part.countryCodes, cities: [], regions: [] }) > 0) return parts;
  // A region the index holds no city of is searched as its country, but names no country itself.
  if (places.read(part.correction?.used ?? text).countries.length === 0) return parts;
  const code = part.countryCodes[0]!;
  const city = mainWorldCityOf(code);
  if (city === undefined) return parts;
  const around = aroundPart(text, [city])!;
  return [{ ...around, place: { ...around.place, country: countryName(code) }, ...(part.correction ? { correction: part.correction } : {}) }];
}

/** A place whose name a text starts, as the constraints it becomes. */
interface Completion {
  parts: LocationPart[];
  name: string;
  label: string | null;
  businesses: number;
}

/**
 * The places whose names the text starts ("Berli": Berlin), one per set of constraints (a city's
 * name, slug and aliases are one place; so is a country in every language), the biggest first.
 */
function completedPlaces(text: string, places: PlaceIndex): Completion[] {
  const byConstraint = new Map<string, Completion>();
  for (const { key, reading } of places.completions(text)) {
    const parts = readingParts(reading, places);
    if (parts === null) continue;
    // Named as what it is searched as: "França" is France, not the Brazilian city of Franca.
    const searched = parts[0]!.kind === 'country' ? { ...reading, cities: [] } : { ...reading, countries: [] };
    const id = JSON.stringify(parts);
    const completion: Completion = { parts, name: places.nameOf(searched, key), label: places.labelOf(searched), businesses: places.businessesOf(searched) };
    const known = byConstraint.get(id);
    // A place written several ways keeps the name the index holds (its label), not an alias or a translation.
    if (known === undefined || (known.label === null && completion.label !== null)) byConstraint.set(id, completion);
  }
  return [...byConstraint.values()].sort((a, b) => b.businesses - a.businesses || (a.name < b.name ? -1 : 1));
}

/** A reading as constraints: its countries, else its cities, else its regions' cities (or countries). */
function readingParts(reading: PlaceReading, places: PlaceIndex): LocationPart[] | null {
  if (reading.countries.length > 0) return [{ kind: 'country', countryCodes: reading.countries }];
  if (reading.cities.length > 0) return [{ kind: 'city', cities: reading.cities.map(toRef) }];
  if (reading.regions.length > 0) return regionParts(reading, places);
  return null;
}

/** A region alone: the known cities of the region, or its whole country when the index has none of them. */
function regionParts(reading: PlaceReading, places: PlaceIndex): LocationPart[] {
  const cities = citiesInRegions(reading, places);
  if (cities.length > 0) return [{ kind: 'city', cities: cities.map(toRef) }];
  return [{ kind: 'country', countryCodes: [...new Set(reading.regions.map((region) => region.countryCode))] }];
}

/** True when a reading names regions only, and the index holds none of their cities. */
function isRegionWithoutCities(reading: PlaceReading, places: PlaceIndex): boolean {
  return reading.countries.length === 0 && reading.cities.length === 0 && citiesInRegions(reading, places).length === 0;
}

function citiesInRegions(reading: PlaceReading, places: PlaceIndex): KnownCity[] {
  return reading.regions.flatMap((region) => [...region.cityKeys].flatMap((key) => places.citiesOfKey(key).filter((city) => city.countryCode === region.countryCode)));
}

/**
 * Several parts: the first part naming a city is the place, narrowed by the countries and regions
 * of the others ("London, UK", "Austin, TX", "Paris, Île-de-France"); other parts that name no
 * place are ignored when the city alone resolves. Without a city, every part is a constraint.
 */
function resolveTogether(parts: Part[], places: PlaceIndex, whole: string): LocationPart[] {
  let cityIndex = parts.findIndex((part) => part.reading.cities.length > 0);
  let cityReading: PlaceReading | null = cityIndex >= 0 ? parts[cityIndex]!.reading : null;
  if (cityReading === null) {
    // A real city the index has no business in comes before a typo of one it holds.
    const around = aroundTogether(parts, whole);
    if (around !== null) return [around];
  }
  let correction: LocationCorrection | undefined;
  if (cityReading === null && !parts.some((part) => hasArea(part.reading))) {
    // No part names a place as typed: one of them may, with a typo ("Londn, UK").
    for (const [index, part] of parts.entries()) {
      const corrected = places.readWithTypo(part.text);
      if (corrected !== null && corrected.reading.cities.length > 0) {
        cityIndex = index;
        cityReading = corrected.reading;
        const name = places.nameOf({ ...corrected.reading, countries: [] }, corrected.key);
        correction = { typed: whole, used: parts.map((other, at) => (at === index ? name : other.text)).join(', ') };
        break;
      }
    }
  }
  if (cityReading === null) {
    // Nor with a typo: a part may be a real city with one ("Lyonn, France").
    const around = aroundTogether(parts, whole, true);
    if (around !== null) return [around];
    const resolved = parts.map((part) => resolveAlone(part, places, false));
    const result = resolved.flat();
    const unknown = result.find((part) => part.kind === 'unknown');
    if (unknown) return [realNamesakesOffered(unknown, whole) ?? unknown];
    // A part read with a typo ("Londn, UK"): the answer names the whole place as searched ("London, UK").
    if (locationCorrection(result) === undefined) return result;
    const used = parts.map((part, index) => locationCorrection(resolved[index]!)?.used ?? part.text).join(', ');
    const plain = result.map((part) => (part.kind === 'city' || part.kind === 'country' ? { ...part, correction: undefined } : part));
    return withCorrection(plain, { typed: whole, used });
  }
  let cities = cityReading.cities;
  const result: LocationPart[] = [];
  const areas: Part[] = [];
  // Parts that are neither an area nor a postal code ("Narnia", a district, another city): the city is searched without them.
  const others: Part[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === cityIndex) continue;
    if (hasArea(part.reading)) {
      cities = narrow(cities, part.reading);
      areas.push(part);
      continue;
    }
    const postal = postalPart(part.text);
    if (postal !== null) result.push(postal);
    else others.push(part);
  }
  if (cities.length === 0) {
    // "London, Kentucky" where the index holds the London of England only: the real one, if any.
    const around = aroundTogether(parts, whole);
    if (around !== null) return [around];
    return [{ kind: 'unknown', text: whole, suggestions: cityReading.cities.slice(0, 3).map((city) => places.cityLabel(city)) }];
  }
  const city = cityPart(cities, areas.map((area) => area.reading));
  const unapplied = [...areas.filter((area) => !cities.some((known) => isCityIn(known, area.reading))), ...others];
  const unmatched = unmatchedPlace(cities, unapplied, city.chosen, places);
  return [{ ...city, ...(unmatched ? { unmatched } : {}), ...(correction ? { correction } : {}) }, ...result];
}

/**
 * A real city written with an area none of its namesakes lies in, nor the area's country
 * ("Grenoble, Texas"): the real ones are offered, as the index's cities are for "Paris, Texas",
 * rather than "No place called “Grenoble”". Null when the unknown part names no real city.
 */
function realNamesakesOffered(unknown: UnknownPart, whole: string): UnknownPart | null {
  const real = worldCitiesNamed(placeKey(unknown.text));
  if (real.length === 0) return null;
  return { kind: 'unknown', text: whole, suggestions: [...new Set(real.map(worldCityLabel))].slice(0, MAX_SUGGESTIONS) };
}

/**
 * True when a city of the index lies in an area written with it: in its country, in a region
 * known to hold a city of its name, or in a region holding one of its real namesakes ("Springfield,
 * MO"). A region of its country without one ("Springfield, Vermont") narrows nothing.
 */
function isCityIn(city: KnownCity, area: PlaceReading): boolean {
  if (area.countries.includes(city.countryCode)) return true;
  if (area.regions.some((region) => region.countryCode === city.countryCode && region.cityKeys.has(city.key))) return true;
  return worldCitiesNamed(city.key).some((namesake) => namesake.countryCode === city.countryCode && liesIn(namesake, area));
}

/**
 * The first part written with the cities that the search could not apply, as the answer names it
 * (the place searched: the real city chosen, if any, else the cities with their one country);
 * undefined when every part applied.
 */
function unmatchedPlace(cities: readonly KnownCity[], unapplied: readonly Part[], chosen: ChosenCity | undefined, places: PlaceIndex): UnmatchedPlace | undefined {
  if (unapplied.length === 0) return undefined;
  const biggest = cities.reduce((a, b) => (b.businessCount > a.businessCount ? b : a));
  const isOneCountry = cities.every((city) => city.countryCode === biggest.countryCode);
  return unmatchedPart(unapplied, biggest.name, chosen?.name ?? (isOneCountry ? places.cityLabel(biggest) : biggest.name));
}

/** The first of the parts the search could not apply, with the city it searched instead (`city`, named `searched`); undefined when there is none. */
function unmatchedPart(unapplied: readonly Part[], city: string, searched: string): UnmatchedPlace | undefined {
  const part = unapplied[0];
  if (part === undefined) return undefined;
  // A real city the index has no business in ("Springfield, Dallas") is a place too: "no Springfield found in Dallas", not "no place called Dallas".
  const isKnownPlace = hasArea(part.reading) || part.reading.cities.length > 0 || worldCitiesNamed(placeKey(part.text)).length > 0;
  return { text: part.text, isKnownPlace, city, searched };
}

/**
 * The city part of cities narrowed by the areas written with them, each restricted to the
 * businesses near the real cities the areas chose among its namesakes ({@link chosenNamesakes}),
 * the part naming the first of them.
 */
function cityPart(cities: readonly KnownCity[], areas: readonly PlaceReading[]): Extract<LocationPart, { kind: 'city' }> {
  let chosen: WorldCity | undefined;
  const places: CityPlace[] = [];
  for (const city of cities) {
    const namesakes = chosenNamesakes(city, areas);
    chosen ??= namesakes[0];
    const near = namesakes.map((namesake) => ({ lat: namesake.lat, lng: namesake.lng, radiusKm: CHOSEN_CITY_RADIUS_KM }));
    places.push(near.length > 0 ? { ...toRef(city), near } : toRef(city));
  }
  if (chosen === undefined) return { kind: 'city', cities: places };
  return { kind: 'city', cities: places, chosen: { name: worldCityLabel(chosen), lat: chosen.lat, lng: chosen.lng, radiusKm: CHOSEN_CITY_RADIUS_KM } };
}

/**
 * The real cities of a city's name in its country that lie in every area written with it
 * ("Springfield, MO": Missouri's), the most populous first; [] when the country has one city of
 * the name (nothing to choose: the city alone, exact) or the areas keep all of them or none
 * ("Springfield, USA"; "Springfield, Vermont", where the catalogue has no Springfield).
 */
function chosenNamesakes(city: KnownCity, areas: readonly PlaceReading[]): WorldCity[] {
  if (areas.length === 0) return [];
  const namesakes = worldCitiesNamed(city.key).filter((namesake) => namesake.countryCode === city.countryCode);
  const chosen = namesakes.filter((namesake) => areas.every((area) => liesIn(namesake, area)));
  return chosen.length === namesakes.length ? [] : chosen;
}

/**
 * Several parts naming no city of the index: the first part naming a real city that lies in the
 * countries and regions of the others ("Springfield, MO", "Valencia, Spain", "Portland, Oregon"
 * where Portland is also a region of Jamaica), as the place to look around; else the first naming
 * real cities in the countries of the others only ("Springfield, Vermont", where no Springfield lies:
 * the one lying in most of those areas, the most populous first); null when there is none.
 * `isTypoAllowed`: the city's name may be one typo away ("Lyonn, France"), and the answer says so.
 * The first part it could not apply, an area the city does not lie in or a part naming no area nor
 * postal code ("Narnia"), is named in the part's `unmatched`.
 */
function aroundTogether(parts: Part[], whole: string, isTypoAllowed = false): AroundPart | null {
  const readings = parts.map((part, index) => {
    const areas = parts.filter((other, at) => at !== index && hasArea(other.reading));
    const named = isTypoAllowed
      ? worldCitiesNear(placeKey(part.text)).flatMap(({ city, typos }) => (typos === 1 ? [city] : []))
      : worldCitiesNamed(placeKey(part.text));
    return { part, index, areas, named: part.reading.countries.length > 0 ? [] : named };
  });
  for (const { index, areas, named } of readings) {
    const cities = named.filter((city) => areas.every((area) => liesIn(city, area.reading)));
    if (cities.length > 0) return aroundOf(parts, whole, index, cities[0]!, isTypoAllowed);
  }
  if (isTypoAllowed) return null;
  for (const { index, areas, named } of readings) {
    const inCountries = named.filter((city) => areas.every((area) => countriesOf(area.reading).has(city.countryCode)));
    const lyingIn = (city: WorldCity) => areas.filter((area) => liesIn(city, area.reading)).length;
    // A stable sort: among those lying in as many areas, the most populous first.
    const city = [...inCountries].sort((a, b) => lyingIn(b) - lyingIn(a))[0];
    if (city !== undefined) return aroundOf(parts, whole, index, city, false);
  }
  return null;
}

/** The part looking around `city`, read from the part at `index`, naming the first other part it could not apply and, when `isCorrected`, the typo corrected. */
function aroundOf(parts: Part[], whole: string, index: number, city: WorldCity, isCorrected: boolean): AroundPart {
  const around = aroundPart(whole, [city])!;
  const others = parts.filter((other, at) => at !== index);
  const unapplied = [
    ...others.filter((other) => hasArea(other.reading) && !liesIn(city, other.reading)),
    ...others.filter((other) => !hasArea(other.reading) && postalPart(other.text) === null),
  ];
  const unmatched = unmatchedPart(unapplied, city.name, around.place.name);
  const correction = isCorrected ? { typed: whole, used: parts.map((other, at) => (at === index ? city.name : other.text)).join(', ') } : undefined;
  return { ...around, ...(correction ? { correction } : {}), ...(unmatched ? { unmatched } : {}) };
}

/** True when a real city lies in a country or a region of the reading (its own region: there is a Springfield in Missouri and one in Massachusetts). */
function liesIn(city: WorldCity, area: PlaceReading): boolean {
  if (area.countries.includes(city.countryCode)) return true;
  const regionsOfCity = regionNameKeys().get(placeKey(city.region)) ?? [];
  return area.regions.some((region) => regionsOfCity.includes(region));
}

/** The part that looks around the most populous of these cities (a name several share: the biggest, named with its country); null when there is none. */
function aroundPart(text: string, cities: readonly WorldCity[]): AroundPart | null {
  const city = cities[0];
  if (city === undefined) return null;
  return { kind: 'around', place: { text, name: worldCityLabel(city), lat: city.lat, lng: city.lng, radiusKm: AROUND_RADIUS_KM } };
}

/** The parts, the first city or country part carrying the correction. */
function withCorrection(parts: LocationPart[], correction: LocationCorrection): LocationPart[] {
  const at = parts.findIndex((part) => part.kind === 'city' || part.kind === 'country');
  return parts.map((part, index) => (index === at ? { ...part, correction } : part));
}

/** The real city the where box chose among several of its name, if any: every engine's answer names it. */
export function chosenCityOf(parts: readonly LocationPart[]): ChosenCity | undefined {
  for (const part of parts) if (part.kind === 'city' && part.chosen) return part.chosen;
  return undefined;
}

/** The part written with the city that the search could not apply, if any: every engine's answer names it. */
export function unmatchedPlaceOf(parts: readonly LocationPart[]): UnmatchedPlace | undefined {
  for (const part of parts) if (part.kind === 'city' && part.unmatched) return part.unmatched;
  return undefined;
}

/** The typo correction the where box was read with, if any: every engine's answer carries it. */
export function locationCorrection(parts: readonly LocationPart[]): LocationCorrection | undefined {
  for (const part of parts) if ((part.kind === 'city' || part.kind === 'country') && part.correction) return part.correction;
  return undefined;
}

/** True when a reading names a country or a region (a constraint on a city). */
function hasArea(reading: PlaceReading): boolean {
  return reading.countries.length > 0 || reading.regions.length > 0;
}

/**
 * The cities that lie in a country or region of the reading ("CA" is Canada and California).
 * Within a region, the cities known to lie in it, when the region's country has several of them.
 */
function narrow(cities: readonly KnownCity[], area: PlaceReading): KnownCity[] {
  const countries = countriesOf(area);
  const inCountries = cities.filter((city) => countries.has(city.countryCode));
  if (area.regions.length === 0) return inCountries;
  const inRegions = inCountries.filter(
    (city) => area.countries.includes(city.countryCode) || area.regions.some((region) => region.countryCode === city.countryCode && region.cityKeys.has(city.key)),
  );
  return inRegions.length > 0 ? inRegions : inCountries;
}

/** The countries of a reading's countries and regions. */
function countriesOf(area: PlaceReading): Set<string> {
  return new Set([...area.countries, ...area.regions.map((region) => region.countryCode)]);
}

function postalPart(text: string): LocationPart | null {
  if (!looksLikePostalCode(text)) return null;
  return { kind: 'postal', postalCode: compactPostalCode(text), words: tokenize(text) };
}

/** "75001 Paris", "SW1A 1AA London": a postal code and a place in one part. */
function splitPostal(text: string, places: PlaceIndex): LocationPart[] | null {
  const tokens = text.split(/\s+/).filter((token) => token.length > 0);
  const code = tokens.filter((token) => /\d/.test(token));
  const rest = tokens.filter((token) => !/\d/.test(token));
  if (code.length === 0 || rest.length === 0) return null;
  // A city or a country by name: "1012 AB" is a Dutch postal code, not 1012 in Alberta.
  const reading = places.read(rest.join(' '));
  if (rest.join('').length < 3 || (reading.cities.length === 0 && reading.countries.length === 0)) return null;
  const place = readingParts({ ...reading, regions: [] }, places);
  const postal = postalPart(code.join(' '));
  return place === null || postal === null ? null : [...place, postal];
}

function toRef(city: KnownCity): CityRef {
  return { countryCode: city.countryCode, citySlug: city.citySlug };
}

/** The place to look around, when the where box names a real place the index has no business in. */
export function aroundPartOf(parts: readonly LocationPart[]): AroundPart | null {
  const part = parts.find((candidate) => candidate.kind === 'around');
  return part?.kind === 'around' ? part : null;
}

/** How an engine says whether any business lies within a radius of a point: at most one read through its geo index, never a count. */
export type HasBusinessWithin = (point: GeoPoint, radiusKm: number) => Promise<boolean>;

/**
 * Every engine's answer to a where box naming a place without businesses: its search for the
 * businesses within the place's radius (or the map area the visitor chose), by distance unless
 * the request sorts otherwise, distances measured from the place (or the visitor's own point),
 * saying which place it looked around, whether any business lies around it at all (looked up
 * only when the search found none there), the typo corrected and the part it could not apply, if any.
 */
export async function searchAround(
  request: SearchRequest,
  { place, correction, unmatched }: AroundPart,
  search: (request: SearchRequest) => Promise<SearchResponse>,
  hasBusinessWithin: HasBusinessWithin,
): Promise<SearchResponse> {
  const point = { lat: place.lat, lng: place.lng };
  const filters = request.filters ?? {};
  const response = await search({
    ...request,
    location: undefined,
    aroundPoint: request.aroundPoint ?? point,
    sort: request.sort === undefined || request.sort === 'relevance' ? 'distance' : request.sort,
    filters: { ...filters, geo: filters.geo ?? { ...point, radiusKm: place.radiusKm } },
  });
  const hasBusinesses = (response.total > 0 && filters.geo === undefined) || (await hasBusinessWithin(point, place.radiusKm));
  return {
    ...response,
    aroundPlace: { ...place, hasBusinesses },
    ...(correction ? { correctedLocation: correction } : {}),
    ...(unmatched ? { unmatchedPlace: unmatched } : {}),
  };
}

/** Every engine's answer to a where box naming no known place: nothing found, and why. */
export function unknownPlaceResponse(request: SearchRequest, part: Extract<LocationPart, { kind: 'unknown' }>, started: number): SearchResponse {
  return {
    hits: [],
    total: 0,
    isTotalExact: true,
    page: request.page,
    perPage: request.perPage,
    totalPages: 0,
    facets: Object.fromEntries((request.facets ?? []).map((facet) => [facet, []])),
    isFacetExact: true,
    ...(request.facetSearch ? { facetHits: [] } : {}),
    unknownPlace: { text: part.text, suggestions: part.suggestions },
    processingTimeMs: Math.round(performance.now() - started),
  };
}
