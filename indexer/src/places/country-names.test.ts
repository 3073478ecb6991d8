import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './country-names.ts';

describe('countryCodeOf', () => {
  it('reads ISO alpha-2 and alpha-3 codes in any case', () => {
    expect(['de', 'DE', 'deu', 'DEU', ' Deu '].map(countryCodeOf)).toEqual(['DE', 'DE', 'DE', 'DE', 'DE']);
    expect(['usa', 'gbr', 'are', 'kor', 'civ'].map(countryCodeOf)).toEqual(['US', 'GB', 'AE', 'KR', 'CI']);
  });

  it('reads names in other languages, aliases and slugs', () => {
    expect(['uk', 'UAE', 'england', 'deutschland', 'allemagne', 'united-states-of-america', 'cote-d-ivoire', 'holland'].map(countryCodeOf)).toEqual([
      'GB', 'AE', 'GB', 'DE', 'DE', 'US', 'CI', 'NL',
    ]);
  });

  it('names no country for unknown codes and words, nor for a name several countries share', () => {
    // "UK" and "SU" are withdrawn codes, not codes of today: "UK" is still read as a name.
    // "Kongo" is both Congos' name in several languages.
    expect(['QQ', 'SU', 'zzz', 'atlantis', 'kongo', ''].map(countryCodeOf)).toEqual([null, null, null, null, null, null]);
  });
});
