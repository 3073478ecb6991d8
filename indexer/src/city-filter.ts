/**
 * The text filter of the city lists, shared by every engine so they agree on what matches:
 * part of the city name, ignoring case and accents; across countries also part of the country
 * code or the country name ("Search cities or countries").
 */
import { countryName } from '@directory/data/countries.ts';
import { foldText } from '@directory/data/slug.ts';

/** The folded text to look for, or null when the filter is blank. */
export function cityNeedle(text: string | undefined): string | null {
  const needle = foldText((text ?? '').trim());
  return needle === '' ? null : needle;
}

/** Of these country codes, the ones whose code or English name contains the needle. */
export function countryCodesMatching(needle: string, codes: Iterable<string>): string[] {
  return [...codes].filter((code) => code.toLowerCase().includes(needle) || foldText(countryName(code)).includes(needle));
}

/**
 * Whether a city matches the needle; `isCountryFixed` (a list of one country's cities) looks at
 * the name only, since its country matches either all of them or none.
 */
export function cityMatches(city: { name: string; countryCode: string }, needle: string, isCountryFixed: boolean): boolean {
  if (foldText(city.name).includes(needle)) return true;
  return !isCountryFixed && countryCodesMatching(needle, [city.countryCode]).length > 0;
}
