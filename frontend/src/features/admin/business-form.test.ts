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
  it('sends what the form holds: blanks as null, coordinates as numbers, hours per day', () => {
    const values = { ...toFormValues(business), phone: '  +33 4 00 00 00 00 ', about: '', latitude: '45,5' };
    values.hours = { ...values.hours, Tuesday: '', Wednesday: '9AM–5PM' };
    const result = toUpdateBody(values);
    expect(result).toHaveProperty('body');
    if (!('body' in result)) return;
    expect(result.body).toMatchObject({ name: 'Le Bouchon', phone: '+33 4 00 00 00 00', about: null, latitude: 45.5, longitude: 4.83, verified: true });
    expect(result.body.workingHours).toEqual({ Monday: 'Closed', Wednesday: '9AM–5PM', Holidays: 'Closed' });
  });

  it('refuses coordinates that are not numbers before sending', () => {
    expect(toUpdateBody({ ...toFormValues(business), longitude: 'east' })).toEqual({ errors: { longitude: 'Geçerli bir sayı girin (ör. 41.0082).' } });
  });

  it('puts a 400 answer next to the field it names', () => {
    const named = new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'phone: must be at most 40 characters' } }));
    expect(fieldErrorsFrom(named)).toEqual({ phone: 'phone: must be at most 40 characters' });
    const day = new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'x', fields: { 'workingHours.Monday': ['Too long'] } } }));
    expect(fieldErrorsFrom(day)).toEqual({ 'workingHours.Monday': 'Too long' });
    const other = new ApiRequestError(500, JSON.stringify({ error: { id: 'internal', message: 'Something broke' } }));
    expect(fieldErrorsFrom(other)).toEqual({ form: 'Something broke' });
  });
});
