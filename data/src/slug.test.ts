import { describe, expect, it } from 'vitest';
import { countryName } from './countries.ts';
import { businessSlug, foldText, letterOf, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Italian restaurant', 'italian-restaurant'],
    ['São Paulo', 'sao-paulo'],
    ['Café  & Bar!', 'cafe-bar'],
    ['Zürich', 'zurich'],
    ['Straße', 'strasse'],
    ['Ærø Łódź Đà Nẵng', 'aero-lodz-da-nang'],
    ['東京', '東京'],
    ['  --Hello--  ', 'hello'],
  ])('%s → %s', (text, slug) => expect(slugify(text)).toBe(slug));
});

describe('businessSlug', () => {
  it('is the name and the last six characters of the place id, lower case', () => {
    expect(businessSlug("Joe's Pizza", 'ChIJN1t_tDeuEmsRUsoyG83frY4')).toBe('joe-s-pizza-83fry4');
  });

  it('widens the key part on request, for collisions', () => {
    expect(businessSlug("Joe's Pizza", 'ChIJN1t_tDeuEmsRUsoyG83frY4', 2)).toBe('joe-s-pizza-yg83fry4');
  });

  it('keeps long names short', () => {
    expect(businessSlug('A'.repeat(200), 'ChIJabcdef').length).toBeLessThanOrEqual(67);
  });
});

describe('letterOf', () => {
  it('folds accents and sends other scripts to #', () => {
    expect(letterOf('Ébéniste')).toBe('E');
    expect(letterOf('zoo')).toBe('Z');
    expect(letterOf('東京')).toBe('#');
    expect(letterOf('24h Pharmacy')).toBe('#');
  });
});

describe('ASCII text (folded without Unicode normalisation)', () => {
  // Each text once as ASCII, once with a letter outside ASCII that sends it down the general path.
  const ascii = Array.from({ length: 128 }, (_, code) => `Ab${String.fromCharCode(code)}Cd`);

  it('slugifies every ASCII character as the general path does', () => {
    for (const text of ascii) expect(`${slugify(text)}東`).toBe(slugify(`${text}東`));
  });

  it('folds every ASCII character as the general path does (the circumflex and grave accent are dropped)', () => {
    for (const text of ascii) expect(`${foldText(text)}e`).toBe(foldText(`${text}é`));
    expect(foldText('Caf`e^ X')).toBe('cafe x');
  });
});

describe('foldText', () => {
  it('lower-cases and drops accents, keeping other scripts', () => {
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('ÉVRY')).toBe('evry');
    expect(foldText('東京')).toBe('東京');
  });
});

describe('countryName', () => {
  it('names every ISO code in English, not only a dozen', () => {
    expect(countryName('fr')).toBe('France');
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('CI')).toBe('Côte d’Ivoire');
    expect(countryName('XX')).toBe('XX');
  });
});
