/**
 * Regions of countries: the states of the United States and the provinces and territories of
 * Canada with their postal abbreviations ("New York, NY", "Austin, TX", "Toronto, ON"), and the
 * provinces `city-timezones` gives its cities ("Paris, Île-de-France", "Munich, Bayern"), with
 * the cities it places in each.
 *
 * To teach the where box another abbreviation, add it to REGION_ABBREVIATIONS.
 */
import cityTimezones from 'city-timezones';
import { placeKey } from './place-key.ts';

/** Postal abbreviations of US states (and D.C.) and Canadian provinces and territories, with their names. */
export const REGION_ABBREVIATIONS: Readonly<Record<'US' | 'CA', Readonly<Record<string, string>>>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
    NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
    NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
    PR: 'Puerto Rico',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
    QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  },
};

/** A region: its country, and the folded names of the cities known to lie in it. */
export interface Region {
  countryCode: string;
  cityKeys: ReadonlySet<string>;
}

let regionKeys: ReadonlyMap<string, readonly Region[]> | null = null;

/**
 * Folded region name or abbreviation (lower case) → the regions it names (one name can be a
 * region of several countries). Built once per process from a few thousand cities.
 */
export function regionNameKeys(): ReadonlyMap<string, readonly Region[]> {
  if (regionKeys !== null) return regionKeys;
  const byCountryAndName = new Map<string, { countryCode: string; cityKeys: Set<string> }>();
  const regionOf = (countryCode: string, name: string) => {
    const id = `${countryCode}:${placeKey(name)}`;
    let region = byCountryAndName.get(id);
    if (!region) byCountryAndName.set(id, (region = { countryCode, cityKeys: new Set() }));
    return region;
  };
  for (const city of cityTimezones.cityMapping) {
    if (typeof city.iso2 !== 'string' || typeof city.province !== 'string' || typeof city.city !== 'string') continue;
    const region = regionOf(city.iso2.toUpperCase(), city.province);
    region.cityKeys.add(placeKey(city.city));
    if (typeof city.city_ascii === 'string') region.cityKeys.add(placeKey(city.city_ascii));
  }
  const keys = new Map<string, Region[]>();
  const add = (key: string, region: Region) => {
    if (key === '') return;
    const regions = keys.get(key) ?? [];
    if (!regions.includes(region)) regions.push(region);
    keys.set(key, regions);
  };
  for (const [id, region] of byCountryAndName) add(id.slice(3), region);
  for (const [countryCode, abbreviations] of Object.entries(REGION_ABBREVIATIONS)) {
    for (const [abbreviation, name] of Object.entries(abbreviations)) {
      const region = regionOf(countryCode, name);
      add(abbreviation.toLowerCase(), region);
      add(placeKey(name), region);
    }
  }
  regionKeys = keys;
  return keys;
}
