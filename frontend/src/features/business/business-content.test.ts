import { describe, expect, it } from 'vitest';
import type { BusinessDetail } from '@directory/backend/shared/api-types.ts';
import { buildLocalBusinessJsonLd, getAboutText, getAmenities, getCityName, getDirectionsUrl, getMetaDescription } from './business-content.ts';

function detail(overrides: Partial<BusinessDetail> = {}): BusinessDetail {
  return {
    id: 1,
    name: 'Le Bouchon Lyonnais',
    slug: 'le-bouchon-lyonnais-a1b2c3',
    type: 'French restaurant',
    category: 'Restaurant',
    categorySlug: 'restaurant',
    rating: 4.7,
    reviews: 321,
    reviewsLink: null,
    fullAddress: '12 Rue Mercière, Lyon, France',
    street: '12 Rue Mercière',
    city: 'Lyon',
    citySlug: 'lyon',
    postalCode: '69002',
    country: 'France',
    countryCode: 'FR',
    countrySlug: 'france',
    latitude: 45.76,
    longitude: 4.83,
    phone: '+33 4 78 00 00 00',
    photo: null,
    logo: null,
    locatedIn: null,
    placeId: 'ChIJabc',
    verified: true,
    isApproved: true,
    about: { Accessibility: { 'Wheelchair accessible entrance': true }, Payments: { 'Credit cards': false } },
    workingHours: { Monday: '9AM–5PM' },
    timeZone: 'Europe/Paris',
    url: null,
    status: 'operational',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('getAboutText', () => {
  it('uses the about text when it is plain text', () => {
    expect(getAboutText(detail({ about: '  A family bistro since 1956.  ' }))).toBe('A family bistro since 1956.');
  });

  it('builds a sentence from name, type, city, country and phone when about is amenity groups', () => {
    expect(getAboutText(detail())).toBe(
      'Le Bouchon Lyonnais is a French restaurant located in Lyon, France. Call +33 4 78 00 00 00 for more information or to contact them directly.',
    );
  });

  it('lower-cases ordinary types, picks the article and leaves out what is missing', () => {
    expect(getAboutText(detail({ type: 'Electrician', phone: null, about: null }))).toBe('Le Bouchon Lyonnais is an electrician located in Lyon, France.');
    expect(getAboutText(detail({ type: null, category: null, city: null, fullAddress: null, country: null, phone: null }))).toBe(
      'Le Bouchon Lyonnais is a local business.',
    );
  });
});

describe('getAmenities', () => {
  it('lists up to 8 entries whose value is true', () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Feature ${i + 1}`, i !== 2]));
    expect(getAmenities({ Group: many })).toEqual(['Feature 1', 'Feature 2', 'Feature 4', 'Feature 5', 'Feature 6', 'Feature 7', 'Feature 8', 'Feature 9']);
    expect(getAmenities(detail().about)).toEqual(['Wheelchair accessible entrance']);
    expect(getAmenities('Plain text')).toEqual([]);
    expect(getAmenities(null)).toEqual([]);
  });
});

describe('getCityName', () => {
  it('falls back to the second-to-last part of the full address', () => {
    expect(getCityName({ city: null, fullAddress: '1 Main St, Springfield, United States' })).toBe('Springfield');
    expect(getCityName({ city: null, fullAddress: 'Nowhere' })).toBeNull();
  });
});

describe('page meta', () => {
  it('describes the business from name, type, city, country code, rating and reviews', () => {
    expect(getMetaDescription(detail())).toBe(
      'Le Bouchon Lyonnais - French restaurant in Lyon, FR. Rated 4.7/5 from 321 reviews. Opening hours, phone number, address and directions.',
    );
  });

  it('links directions by name and place id', () => {
    expect(getDirectionsUrl(detail())).toBe('https://www.google.com/maps/search/?api=1&query=Le+Bouchon+Lyonnais&query_place_id=ChIJabc');
  });

  it('gives aggregateRating only with a rating and reviews, and geo only with coordinates', () => {
    expect(buildLocalBusinessJsonLd(detail(), 'https://example.com')).toMatchObject({
      url: 'https://example.com/business/le-bouchon-lyonnais-a1b2c3',
      aggregateRating: { ratingValue: 4.7, reviewCount: 321 },
      geo: { latitude: 45.76, longitude: 4.83 },
    });
    const bare = buildLocalBusinessJsonLd(detail({ rating: null, reviews: 0, latitude: null }), 'https://example.com');
    expect(bare).not.toHaveProperty('aggregateRating');
    expect(bare).not.toHaveProperty('geo');
  });
});
