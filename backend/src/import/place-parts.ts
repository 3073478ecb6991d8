/**
 * Address, country and "about" cells: gosom's `complete_address` JSON, country codes from
 * country names (every ISO 3166-1 code through Intl.DisplayNames), the record's
 * "street, city, postal code, country" form, and amenity groups in each tool's shape.
 */
import type { AboutGroups, AboutValue } from '@directory/data/business.ts';
import { foldText } from '@directory/data/slug.ts';
import { cleanPostalCode, cleanText, parseJsonCell } from './clean.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const englishRegions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Every assigned two-letter region code with its English name, built once. */
const REGION_NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = englishRegions.of(code);
      if (name && name !== code) names.set(code, name);
    }
  }
  return names;
})();

/** Names as exports write them that differ from the English display name. */
const COUNTRY_ALIASES: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  russia: 'RU',
  'south korea': 'KR',
  'north korea': 'KP',
  'czech republic': 'CZ',
  turkey: 'TR',
  holland: 'NL',
  'the netherlands': 'NL',
  'ivory coast': 'CI',
  uae: 'AE',
};

const CODE_BY_FOLDED_NAME: ReadonlyMap<string, string> = new Map([
  ...[...REGION_NAMES].map(([code, name]) => [foldText(name), code] as [string, string]),
  ...Object.entries(COUNTRY_ALIASES),
]);

/** An ISO code ("us", "US") when it is an assigned region, else null. */
export function normalizeCountryCode(raw: string | null): string | null {
  const text = cleanText(raw);
  if (text === null || !/^[A-Za-z]{2}$/.test(text)) return null;
  const code = text.toUpperCase();
  return REGION_NAMES.has(code) ? code : null;
}

/** The ISO code of a country written by name ("United States of America", "Türkiye", "Deutschland" is not English: null). */
export function countryCodeFromName(name: string | null): string | null {
  if (name === null) return null;
  return normalizeCountryCode(name) ?? CODE_BY_FOLDED_NAME.get(foldText(name.trim())) ?? null;
}

/** The English name of a country code. */
export function countryNameOf(code: string): string | null {
  return REGION_NAMES.get(code) ?? null;
}

export interface AddressParts {
  street: string | null;
  city: string | null;
  postalCode: string | null;
  state: string | null;
  country: string | null;
}

/** gosom's `complete_address` JSON ({"street", "city", "postal_code", "state", "country"}). */
export function parseCompleteAddress(raw: string | null): AddressParts | null {
  const json = parseJsonCell(raw);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const value = (key: string): string | null => {
    const part = (json as Record<string, unknown>)[key];
    return typeof part === 'string' ? cleanText(part) : null;
  };
  return {
    street: value('street'),
    city: value('city'),
    postalCode: cleanPostalCode(value('postal_code')),
    state: value('state'),
    country: value('country'),
  };
}

/** The record's address form from parts: "street, city, postal code, country" (missing parts left out). */
export function joinAddress(parts: readonly (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null && part !== '');
  return present.length > 0 ? present.join(', ') : null;
}

/**
 * An "about" cell: Outscraper's groups ({"Accessibility": {"Wheelchair accessible entrance": true}}),
 * gosom's list ([{"name": "Service options", "options": [{"name": "Takeaway", "enabled": true}]}]),
 * or plain text.
 */
export function parseAboutCell(raw: string | null): AboutValue | null {
  const text = cleanText(raw);
  if (text === null) return null;
  const json = parseJsonCell(text);
  if (Array.isArray(json)) return groupsFromList(json) ?? text;
  if (json !== null && typeof json === 'object') return groupsFromObject(json as Record<string, unknown>) ?? text;
  return text;
}

function groupsFromObject(json: Record<string, unknown>): AboutGroups | null {
  const groups: AboutGroups = {};
  for (const [group, options] of Object.entries(json)) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) return null;
    const flags: Record<string, boolean> = {};
    for (const [option, enabled] of Object.entries(options)) {
      if (typeof enabled !== 'boolean') return null;
      flags[option] = enabled;
    }
    groups[group] = flags;
  }
  return Object.keys(groups).length > 0 ? groups : null;
}

function groupsFromList(list: readonly unknown[]): AboutGroups | null {
  const groups: AboutGroups = {};
  for (const item of list) {
    if (item === null || typeof item !== 'object') return null;
    const { name, options } = item as { name?: unknown; options?: unknown };
    if (typeof name !== 'string' || !Array.isArray(options)) return null;
    const flags: Record<string, boolean> = {};
    for (const option of options as unknown[]) {
      const { name: optionName, enabled } = (option ?? {}) as { name?: unknown; enabled?: unknown };
      if (typeof optionName !== 'string') return null;
      flags[optionName] = enabled === true;
    }
    if (Object.keys(flags).length > 0) groups[name] = flags;
  }
  return Object.keys(groups).length > 0 ? groups : null;
}
