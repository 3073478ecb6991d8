import { describe, expect, it } from 'vitest';
import { cityMatches, cityNeedle, countryCodesMatching } from './city-filter.ts';

describe('cityNeedle', () => {
  it('trims and folds, null when blank', () => {
    expect(cityNeedle('  São ')).toBe('sao');
    expect(cityNeedle('   ')).toBeNull();
    expect(cityNeedle(undefined)).toBeNull();
  });
});

describe('countryCodesMatching', () => {
  it('matches part of a code or of an English country name', () => {
    expect(countryCodesMatching('fr', ['FR', 'DE', 'ZA'])).toEqual(['FR', 'ZA']);
    expect(countryCodesMatching('reunion', ['RE', 'FR'])).toEqual(['RE']);
  });
});

describe('cityMatches', () => {
  const saoPaulo = { name: 'São Paulo', countryCode: 'BR' };

  it('matches part of the name, case and accents folded', () => {
    expect(cityMatches(saoPaulo, 'sao', false)).toBe(true);
    expect(cityMatches(saoPaulo, 'aul', true)).toBe(true);
    expect(cityMatches(saoPaulo, 'rio', false)).toBe(false);
  });

  it('matches the country only across countries', () => {
    expect(cityMatches(saoPaulo, 'br', false)).toBe(true);
    expect(cityMatches(saoPaulo, 'brazil', false)).toBe(true);
    expect(cityMatches(saoPaulo, 'brazil', true)).toBe(false);
  });
});
