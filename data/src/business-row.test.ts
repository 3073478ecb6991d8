import { describe, expect, it } from 'vitest';
import { countryOf } from './business-row.ts';

describe('countryOf', () => {
  it("names a country by its code, whatever the imported file wrote", () => {
    expect(countryOf({ country: 'United States of America', country_code: 'US' })).toBe('United States');
    expect(countryOf({ country: 'Deutschland', country_code: 'de' })).toBe('Germany');
    expect(countryOf({ country: null, country_code: 'FR' })).toBe('France');
  });

  it("keeps the row's own text only when it has no code", () => {
    expect(countryOf({ country: 'Atlantis', country_code: null })).toBe('Atlantis');
    expect(countryOf({ country: null, country_code: null })).toBeNull();
  });
});
