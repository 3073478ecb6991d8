import { describe, expect, it } from 'vitest';
import type { AdminBusiness } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fieldErrorsFrom, toFormValues, toUpdateBody } from './business-form.ts';

const business: AdminBusiness = {
  id: 7,
  name: 'Le Bouchon',
  slug: 'le-bouchon-a1b2c3',
  category: 'Restaurant',
  type: 'French restaurant',
  fullAddress: '1 Rue X, 69001 Lyon',
  street: '1 Rue X',
  city: 'Lyon',
  postalCode: '69001',
  country: 'France',
  countryCode: 'FR',
  phone: '+33 4 78 12 34 56',
  latitude: 45.76,
  longitude: 4.83,
  rating: 4.7,
  reviews: 321,
  reviewsLink: null,
  photo: null,
  logo: null,
  locatedIn: null,
  workingHours: { Monday: 'Closed', Tuesday: '11AM–3PM', Holidays: 'Closed' },
  verified: true,
  about: null,
  placeId: 'ChIJa1b2c3',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  url: null,
  isApproved: false,
};

describe('the business edit form', () => {
  it('sends what the form holds: blanks as null, coordinates as typed, hours per day once changed', () => {
    const values = { ...toFormValues(business), phone: '  +33 4 00 00 00 00 ', about: '', latitude: '45,5' };
    values.hours = { ...values.hours, Tuesday: '', Wednesday: '9AM–5PM' };
    const body = toUpdateBody(values, business);
    expect(body).toMatchObject({ name: 'Le Bouchon', phone: '+33 4 00 00 00 00', about: null, latitude: '45,5', longitude: '4.83', verified: true });
    expect(body.workingHours).toEqual({ Monday: 'Closed', Wednesday: '9AM–5PM', Holidays: 'Closed' });
  });

  it('leaves the hours out when they were not changed, so hours kept as text never block a save', () => {
    const unreadable = { ...business, workingHours: { Hours: 'Mo-Fr 9-17' } };
    const body = toUpdateBody({ ...toFormValues(unreadable), phone: '04 78 00 00 00' }, unreadable);
    expect(body).not.toHaveProperty('workingHours');
    expect(toUpdateBody({ ...toFormValues(unreadable), longitude: 'east' }, unreadable)).toMatchObject({ longitude: 'east' });
  });

  it('sends the rating and review count as typed and the links and located-in trimmed; the full address only once changed', () => {
    const values = { ...toFormValues(business), rating: '4,2', reviews: ' 400 ', reviewsLink: ' https://maps.example/r ', logo: '', locatedIn: 'Les Halles' };
    const body = toUpdateBody(values, business);
    expect(body).toMatchObject({ rating: '4,2', reviews: '400', reviewsLink: 'https://maps.example/r', locatedIn: 'Les Halles' });
    // The logo was empty and stays empty: left out, as every unchanged link.
    expect(body).not.toHaveProperty('logo');
    // A link an import stored that the save would refuse blocks nothing while it is left as it is.
    const imported = { ...business, reviewsLink: 'maps.google.com/?cid=1', url: 'www.example.org', photo: '//img.example/p.jpg' };
    const sent = toUpdateBody({ ...toFormValues(imported), phone: '04 78 00 00 00' }, imported);
    for (const link of ['reviewsLink', 'url', 'photo']) expect(sent).not.toHaveProperty(link);
    expect(toUpdateBody({ ...toFormValues(imported), url: 'https://example.org' }, imported)).toMatchObject({ url: 'https://example.org' });
    // Unchanged, it is left out: a changed street or city then rebuilds it on the server.
    expect(body).not.toHaveProperty('fullAddress');
    expect(toUpdateBody({ ...values, fullAddress: ' 2 Rue Y, Lyon ' }, business)).toMatchObject({ fullAddress: '2 Rue Y, Lyon' });
    expect(toUpdateBody({ ...values, fullAddress: '' }, business)).toMatchObject({ fullAddress: null });
    expect(toFormValues({ ...business, rating: null, reviews: 0 })).toMatchObject({ rating: '', reviews: '0' });
  });

  it('puts a refused rating, review count and link next to each, in the form\'s words', () => {
    const refusal = new ApiRequestError(
      400,
      JSON.stringify({
        error: {
          id: 'bad_request',
          message: 'Invalid request. …',
          fields: {
            rating: ['must be a number from 0 to 5, e.g. 4.5'],
            reviews: ['must be a whole number of 0 or more'],
            reviewsLink: ['must be an http(s) address'],
            logo: ['must be an http(s) address'],
            locatedIn: ['must be at most 300 characters'],
            fullAddress: ['must be at most 500 characters'],
          },
        },
      }),
    );
    expect(fieldErrorsFrom(refusal)).toEqual({
      rating: '0 ile 5 arasında bir sayı girin (ör. 4.5).',
      reviews: '0 veya daha büyük bir tam sayı girin.',
      reviewsLink: 'http:// veya https:// ile başlayan bir adres girin.',
      logo: 'http:// veya https:// ile başlayan bir adres girin.',
      locatedIn: 'En fazla 300 karakter olabilir.',
      fullAddress: 'En fazla 500 karakter olabilir.',
    });
  });

  it('puts every field a 400 answer names next to that field, in the form\'s words', () => {
    const refusal = new ApiRequestError(
      400,
      JSON.stringify({
        error: {
          id: 'bad_request',
          message: 'Invalid request. …',
          fields: {
            latitude: ['must be a number, e.g. 41.0082'],
            longitude: ['must be between -180 and 180'],
            url: ['must be an http(s) address'],
            countryCode: ['must be a two-letter country code'],
            'workingHours.Monday': ['must be opening hours such as 9AM–5PM, 9AM–1PM, 2–6PM, Closed or Open 24 hours'],
          },
        },
      }),
    );
    expect(fieldErrorsFrom(refusal)).toEqual({
      latitude: 'Geçerli bir sayı girin (ör. 41.0082).',
      longitude: '-180 ile 180 arasında olmalı.',
      url: 'http:// veya https:// ile başlayan bir adres girin.',
      countryCode: 'İki harfli bir ülke kodu girin (ör. TR).',
      'workingHours.Monday': 'Saat olarak okunamadı: ör. 9AM–5PM, 9AM–1PM, 2–6PM, Closed veya Open 24 hours.',
    });
  });

  it('puts a 400 answer without fields next to the field its message names, and others above the form', () => {
    const named = new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'phone: must be at most 40 characters' } }));
    expect(fieldErrorsFrom(named)).toEqual({ phone: 'phone: must be at most 40 characters' });
    const day = new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'x', fields: { 'workingHours.Monday': ['Too long'] } } }));
    expect(fieldErrorsFrom(day)).toEqual({ 'workingHours.Monday': 'Too long' });
    const other = new ApiRequestError(500, JSON.stringify({ error: { id: 'internal', message: 'Something broke' } }));
    expect(fieldErrorsFrom(other)).toEqual({ form: 'Something broke' });
  });
});
