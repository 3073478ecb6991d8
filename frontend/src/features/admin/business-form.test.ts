import { describe, expect, it } from 'vitest';
import type { AdminBusiness } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { SESSION_EXPIRED_MESSAGE } from './api/admin-error-text.ts';
import { fieldErrorsFrom, refusalSummary, toFormValues, toUpdateBody } from './business-form.ts';
import { buildRefusal } from './testing/build-admin-data.ts';



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
  status: 'operational',
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

  it('puts a refused rating, review count and link next to each, in Turkish', () => {
    const errors = fieldErrorsFrom(
      buildRefusal([
        { field: 'rating', code: 'rating', params: {} },
        { field: 'reviews', code: 'review_count', params: {} },
        { field: 'reviewsLink', code: 'http_address', params: {} },
        { field: 'logo', code: 'http_address', params: {} },
        { field: 'locatedIn', code: 'too_long', params: { max: 300 } },
        { field: 'fullAddress', code: 'too_long', params: { max: 1500 } },
      ]),
    );
    expect(errors).toEqual({
      rating: '0 ile 5 arasında bir sayı girin (ör. 4.5).',
      reviews: '0 veya daha büyük bir tam sayı girin.',
      reviewsLink: 'http:// veya https:// ile başlayan bir adres girin.',
      logo: 'http:// veya https:// ile başlayan bir adres girin.',
      locatedIn: 'En fazla 300 karakter olabilir.',
      fullAddress: 'En fazla 1.500 karakter olabilir.',
    });
  });

  it('puts every field a 400 answer names next to that field, and names them as the form labels them', () => {
    const errors = fieldErrorsFrom(
      buildRefusal([
        { field: 'latitude', code: 'decimal', params: {} },
        { field: 'longitude', code: 'between', params: { min: -180, max: 180 } },
        { field: 'url', code: 'http_address', params: {} },
        { field: 'countryCode', code: 'country_code', params: {} },
        { field: 'workingHours.Monday', code: 'opening_hours', params: {} },
      ]),
    );
    expect(errors).toEqual({
      latitude: 'Geçerli bir sayı girin (ör. 41.0082).',
      longitude: '-180 ile 180 arasında olmalı.',
      url: 'http:// veya https:// ile başlayan bir adres girin.',
      countryCode: 'İki harfli bir ülke kodu girin (ör. TR).',
      'workingHours.Monday': 'Saat olarak okunamadı: ör. 9AM–5PM, 9AM–1PM, 2–6PM, Closed veya Open 24 hours.',
    });
    expect(refusalSummary(errors)).toBe('5 alanda hata var: Enlem, Boylam, Web sitesi, Ülke kodu, Çalışma saatleri, Pazartesi. Her birinin nedeni alanın altında.');
    const rating = fieldErrorsFrom(buildRefusal([{ field: 'rating', code: 'rating', params: {} }]));
    expect(refusalSummary(rating)).toBe('Puan (0–5): 0 ile 5 arasında bir sayı girin (ör. 4.5).');
  });

  it('says any other failure above the form, in Turkish, never in the server\'s English', () => {
    const badId = fieldErrorsFrom(buildRefusal([{ field: 'id', code: 'min_value', params: { min: 1 } }]));
    expect(badId).toEqual({ form: 'Kayıt numarası: En az 1 olmalı.' });
    const gone = new ApiRequestError(404, JSON.stringify({ error: { id: 'not_found', message: 'Business 7 not found', params: { kind: 'business', id: 7 } } }));
    expect(fieldErrorsFrom(gone)).toEqual({ form: 'İşletme #7 bulunamadı; silinmiş olabilir. Sayfayı yenileyin.' });
    const busy = new ApiRequestError(503, JSON.stringify({ error: { id: 'record_busy', message: 'The directory is busy…' } }), 5);
    expect(fieldErrorsFrom(busy).form).toBe(
      'Dizin başka bir değişikliği (içe aktarma ya da bakım) kaydediyor; hiçbir şey kaydedilmedi. Lütfen 5 saniye sonra yeniden deneyin.',
    );
    const ended = new ApiRequestError(401, JSON.stringify({ error: { id: 'unauthorized', message: 'Sign in as an administrator first' } }));
    expect(fieldErrorsFrom(ended)).toEqual({ form: SESSION_EXPIRED_MESSAGE });
  });
});
