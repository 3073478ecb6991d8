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

/** A business input with not one field empty: a new field of BusinessInput must be given a value here, or this fails to compile. */
export type EveryFieldSet = { [Field in keyof BusinessInput]-?: NonNullable<BusinessInput[Field]> };

/**
 * A business with every field set, each to a value no other field holds (so a field written
 * into another's column shows) and none to the value an import gives a missing cell.
 */
export function buildEveryFieldBusiness(): EveryFieldSet {
  return {
    placeId: 'ChIJeveryField0000000001',
    name: 'Plomberie Saint-Éloi "Chez Léa", fils',
    category: 'Plumber',
    type: 'Emergency plumber',
    fullAddress: '14 Rue Mercière, 69002 Lyon, France',
    street: '14 Rue Mercière',
    city: 'Lyon',
    postalCode: '69002',
    country: 'France',
    countryCode: 'FR',
    phone: '+33 4 78 42 10 10',
    latitude: 45.7623,
    longitude: 4.8317,
    rating: 4.7,
    reviews: 318,
    reviewsLink: 'https://search.google.com/local/reviews?placeid=ChIJeveryField0000000001',
    photo: 'https://lh3.googleusercontent.com/p/every-field-photo.jpg',
    logo: 'https://lh3.googleusercontent.com/p/every-field-logo.png',
    locatedIn: 'Passage Mercière',
    workingHours: {
      Monday: '8AM–6PM',
      Tuesday: '8AM–6PM',
      Wednesday: '8AM–12PM',
      Thursday: '8AM–6PM',
      Friday: '8AM–5PM',
      Saturday: '9AM–12PM',
      Sunday: 'Closed',
    },
    verified: true,
    about: { Accessibility: { 'Wheelchair accessible entrance': true }, Payments: { 'Credit cards': true, Cheques: false } },
    url: 'https://plomberie-saint-eloi.example.fr/',
    timeZone: 'Europe/Paris',
    isApproved: true,
  };
}
