import type { BusinessInput } from '../business.ts';

let sequence = 0;

/** A complete, valid business for tests; override only what the test is about. */
export function buildBusiness(overrides: Partial<BusinessInput> = {}): BusinessInput {
  sequence += 1;
  const city = overrides.city ?? 'Lyon';
  const country = overrides.country ?? 'France';
  return {
    placeId: `ChIJtest${String(sequence).padStart(8, '0')}xyz`,
    name: `Test Business ${sequence}`,
    category: 'Plumber',
    type: 'Plumber',
    fullAddress: `${sequence} Rue de la République, ${city}, ${country}`,
    street: `${sequence} Rue de la République`,
    city,
    postalCode: '69002',
    country,
    countryCode: 'FR',
    phone: '+33 4 78 00 00 00',
    latitude: 45.764,
    longitude: 4.8357,
    rating: 4.5,
    reviews: 10,
    reviewsLink: null,
    photo: null,
    logo: null,
    locatedIn: null,
    workingHours: {
      Monday: '9AM–5PM',
      Tuesday: '9AM–5PM',
      Wednesday: '9AM–5PM',
      Thursday: '9AM–5PM',
      Friday: '9AM–5PM',
      Saturday: 'Closed',
      Sunday: 'Closed',
    },
    verified: true,
    about: { Accessibility: { 'Wheelchair accessible entrance': true }, Payments: { 'Credit cards': false } },
    url: null,
    timeZone: 'Europe/Paris',
    isApproved: true,
    ...overrides,
  };
}
