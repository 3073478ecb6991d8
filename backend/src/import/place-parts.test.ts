import { describe, expect, it } from 'vitest';
import { countryCodeFromName, joinAddress, normalizeCountryCode, parseAboutCell, parseCompleteAddress } from './place-parts.ts';

describe('addresses, countries and about', () => {
  it('finds country codes from names through Intl, and checks given codes', () => {
    expect(countryCodeFromName('United States of America')).toBe('US');
    expect(countryCodeFromName('Cyprus')).toBe('CY');
    expect(countryCodeFromName('Türkiye')).toBe('TR');
    expect(countryCodeFromName('Côte d’Ivoire')).toBe('CI');
    expect(countryCodeFromName('cy')).toBe('CY');
    expect(countryCodeFromName('Atlantis')).toBeNull();
    expect(normalizeCountryCode('us')).toBe('US');
    expect(normalizeCountryCode('XX')).toBeNull();
  });

  it("reads gosom's complete_address JSON", () => {
    expect(
      parseCompleteAddress('{"borough":"Latsi","street":"Porto Latchi, Akamantos Avenue Latchi CY","city":"Poli Crysochous","postal_code":"8560","state":"","country":"CY"}'),
    ).toEqual({ street: 'Porto Latchi, Akamantos Avenue Latchi CY', city: 'Poli Crysochous', postalCode: '8560', state: null, country: 'CY' });
    expect(parseCompleteAddress('not json')).toBeNull();
  });

  it('builds "street, city, postal code, country" from the parts present', () => {
    expect(joinAddress(['808 N Avalon Blvd', 'Wilmington', '90744', 'United States'])).toBe('808 N Avalon Blvd, Wilmington, 90744, United States');
    expect(joinAddress([null, 'Wilmington', null, 'United States'])).toBe('Wilmington, United States');
    expect(joinAddress([null, null])).toBeNull();
  });

  it("reads about as Outscraper groups, gosom's option lists, or text", () => {
    expect(parseAboutCell('{"Amenities": {"Restroom": true}}')).toEqual({ Amenities: { Restroom: true } });
    expect(
      parseAboutCell('[{"id":"service_options","name":"Service options","options":[{"name":"Takeaway","enabled":true},{"name":"Delivery","enabled":false}]}]'),
    ).toEqual({ 'Service options': { Takeaway: true, Delivery: false } });
    expect(parseAboutCell('Family-run since 1962.')).toBe('Family-run since 1962.');
    expect(parseAboutCell('[]')).toBeNull();
  });
});
