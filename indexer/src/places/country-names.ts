/**
 * Every name a visitor may give a country: its ISO code, its names in the languages of
 * {@link NAME_LOCALES} (from the ICU data of `Intl.DisplayNames`, so "Deutschland", "Allemagne",
 * "ドイツ" and "Germany" are all DE) and the common forms of {@link COUNTRY_ALIASES}.
 *
 * To teach the where box another name of a country, add it to COUNTRY_ALIASES.
 */
import { iso31661Alpha3ToAlpha2 } from 'iso-3166/1-a3-to-1-a2.js';
import { placeKey } from './place-key.ts';

/** Languages whose country names are recognised (all present in Node's full ICU). */
export const NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'sv', 'da', 'no', 'fi', 'cs', 'hu', 'ro', 'tr', 'el', 'ru', 'uk', 'ar', 'he', 'fa', 'hi', 'th', 'vi', 'id', 'ja', 'zh', 'ko'] as const;

/** Common names the ICU data does not hold, by ISO code: short forms, former names, the parts of a union. */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['USA', 'U.S.', 'U.S.A.', 'United States of America', 'America', 'the States', 'Estados Unidos de America', 'EEUU', 'EE.UU.'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'United Kingdom of Great Britain and Northern Ireland'],
  NL: ['Holland', 'The Netherlands'],
  TR: ['Turkey', 'Turkiye'],
  CZ: ['Czech Republic', 'Czechia'],
  KR: ['Korea', 'South Korea', 'Republic of Korea'],
  KP: ['North Korea'],
  RU: ['Russian Federation'],
  CI: ["Ivory Coast", "Cote d'Ivoire"],
  MM: ['Burma'],
  SZ: ['Swaziland'],
  MK: ['Macedonia'],
  CV: ['Cape Verde'],
  AE: ['UAE', 'U.A.E.', 'Emirates'],
  VA: ['Vatican', 'Vatican City'],
  CD: ['DR Congo', 'DRC', 'Congo-Kinshasa'],
  CG: ['Congo-Brazzaville', 'Republic of the Congo'],
  TW: ['Republic of China'],
  CN: ["People's Republic of China", 'PRC', 'Mainland China'],
  IR: ['Persia'],
  VN: ['Viet Nam'],
  LA: ['Laos'],
  SY: ['Syria'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  PS: ['Palestine'],
  FM: ['Micronesia'],
  TL: ['East Timor'],
};

/** The ISO 3166-1 alpha-2 codes ICU names: AA..ZZ with a name of their own, less withdrawn codes and non-countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB']);

function isoCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      // Withdrawn codes (DD, SU, YU, UK…) are names of today's countries in ICU: their current code stands for them.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      try {
        if (names.of(code) !== undefined) codes.push(code);
      } catch {
        // A code ICU does not know is no country.
      }
    }
  }
  return codes;
}

let countryKeys: ReadonlyMap<string, ReadonlySet<string>> | null = null;

/**
 * Folded name → ISO codes, for every country ICU knows (a country with no business is still a
 * known place). Built once per process: a few thousand names.
 */
export function countryNameKeys(): ReadonlyMap<string, ReadonlySet<string>> {
  if (countryKeys !== null) return countryKeys;
  const keys = new Map<string, Set<string>>();
  const add = (name: string | undefined, code: string) => {
    const key = name === undefined ? '' : placeKey(name);
    if (key === '') return;
    let codes = keys.get(key);
    if (!codes) keys.set(key, (codes = new Set()));
    codes.add(code);
  };
  const codes = isoCodes();
  for (const locale of NAME_LOCALES) {
    for (const style of ['long', 'short'] as const) {
      const names = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'none' });
      for (const code of codes) add(names.of(code), code);
    }
  }
  for (const [code, aliases] of Object.entries(COUNTRY_ALIASES)) for (const alias of aliases) add(alias, code);
  countryKeys = keys;
  return keys;
}

/** True when `code` is an ISO country code ICU knows ("DE"; not "EU", not "QQ"). */
export function isCountryCode(code: string): boolean {
  return isoCodeSet().has(code.toUpperCase());
}

let codeSet: ReadonlySet<string> | null = null;
function isoCodeSet(): ReadonlySet<string> {
  codeSet ??= new Set(isoCodes());
  return codeSet;
}

/**
 * The ISO code of the one country `text` names: its alpha-2 or alpha-3 code in any case ("de",
 * "DEU"; alpha-3 from the ISO table of the `iso-3166` package, which ICU does not expose), or one
 * of its names in {@link NAME_LOCALES} or of {@link COUNTRY_ALIASES} ("UK", "UAE", "deutschland",
 * "united-states-of-america", a slug as well as words); null when it names no country, or several.
 */
export function countryCodeOf(text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (isCountryCode(upper)) return upper;
  const fromAlpha3 = /^[A-Z]{3}$/.test(upper) ? iso31661Alpha3ToAlpha2[upper] : undefined;
  if (fromAlpha3 !== undefined) return fromAlpha3;
  const codes = countryNameKeys().get(placeKey(text));
  return codes?.size === 1 ? [...codes][0]! : null;
}
