import { describe, expect, it } from 'vitest';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import { mapColumns } from './columns.ts';
import { mapRow } from './map-row.ts';

const mapOne = (record: Record<string, string>, rowNumber = 2) => {
  const headers = Object.keys(record);
  return mapRow(Object.values(record), mapColumns(headers), rowNumber);
};

describe('mapRow', () => {
  it('maps an Outscraper row: floats, True, JSON hours and about, place id', () => {
    const mapped = mapOne({
      name: 'Law Office of Olivia Garibay Pettenó', full_address: '808 N Avalon Blvd, Wilmington, CA 90744', street: '808 N Avalon Blvd',
      city: 'Wilmington', postal_code: '90744.0', country: 'United States of America', country_code: 'US', latitude: '33.780285',
      longitude: '-118.2622816', rating: '4.4', reviews: '10.0', verified: 'True', type: 'Attorney', category: 'Lawyer',
      working_hours: '{"Sunday": "Closed", "Monday": "1-7PM"}', about: '{"Amenities": {"Restroom": true}}',
      place_id: 'ChIJx5dsO9c13YAR9Cxa8Wf0ylE', site: 'http://www.pettenolaw.com/', business_status: 'OPERATIONAL', time_zone: 'America/Los_Angeles',
    });
    expect(mapped.kind).toBe('business');
    if (mapped.kind !== 'business') return;
    expect(mapped.business).toMatchObject({
      placeId: 'ChIJx5dsO9c13YAR9Cxa8Wf0ylE', name: 'Law Office of Olivia Garibay Pettenó', postalCode: '90744', reviews: 10, rating: 4.4,
      verified: true, countryCode: 'US', country: 'United States of America', category: 'Lawyer', type: 'Attorney',
      workingHours: { Sunday: 'Closed', Monday: '1–7PM' }, about: { Amenities: { Restroom: true } }, url: 'http://www.pettenolaw.com/',
      timeZone: 'America/Los_Angeles', isApproved: false,
    });
    expect(mapped.identity.source).toBe('placeId');
  });

  it('keeps only web addresses in the link columns: a bare domain gets https://, a javascript: photo is missing', () => {
    const mapped = mapOne({
      name: 'Kiosk', place_id: 'ChIJlinks000000000000001', site: 'www.kiosk.example/menu', photo: 'javascript:alert(1)',
      logo: 'see website', reviews_link: 'https://search.google.com/local/reviews?placeid=ChIJlinks000000000000001',
    });
    expect(mapped.kind).toBe('business');
    if (mapped.kind !== 'business') return;
    expect(mapped.business).toMatchObject({
      url: 'https://www.kiosk.example/menu', photo: null, logo: null,
      reviewsLink: 'https://search.google.com/local/reviews?placeid=ChIJlinks000000000000001',
    });
  });

  it('maps a gosom row: place id from link, address parts from complete_address, country name from its code', () => {
    const mapped = mapOne({
      title: 'Porto Latchi', link: 'https://www.google.com/maps/place/X/data=!4m7!19sChIJLcYSI7d15xQRsu4Yakdl90c?authuser=0',
      review_rating: '4.200000', review_count: '1056', open_hours: '{"Friday":["11\u202fam–11\u202fpm"]}', cid: '5185724853337517746',
      complete_address: '{"street":"Akamantos Avenue","city":"Poli Crysochous","postal_code":"8560","state":"","country":"CY"}',
      address: 'Porto Latchi, Akamantos Avenue Latchi CY, 8560', status: 'Open ⋅ Closes 11\u202fpm', reservations: 'null',
    });
    expect(mapped).toMatchObject({
      kind: 'business',
      identity: { key: 'ChIJLcYSI7d15xQRsu4Yakdl90c', source: 'link' },
      business: { rating: 4.2, reviews: 1056, street: 'Akamantos Avenue', city: 'Poli Crysochous', postalCode: '8560', country: 'Cyprus', countryCode: 'CY', workingHours: { Friday: '11AM–11PM' }, fullAddress: 'Porto Latchi, Akamantos Avenue Latchi CY, 8560' },
    });
  });

  it('maps an Apify row: url as Maps link for identity, website as url, address built from parts', () => {
    const mapped = mapOne({
      title: 'Vein-U', totalScore: '', reviewsCount: '52', street: '1 Main St', city: 'Albany', state: 'New York', countryCode: 'US', website: 'https://veinu.example/',
      url: 'https://www.google.com/maps/search/?api=1&query=Vein-U&query_place_id=ChIJbyw_8MQN3okRhMtyg4uWqcQ',
    });
    expect(mapped).toMatchObject({
      kind: 'business',
      identity: { key: 'ChIJbyw_8MQN3okRhMtyg4uWqcQ', source: 'link' },
      business: { url: 'https://veinu.example/', rating: null, reviews: 52, fullAddress: '1 Main St, Albany, United States', country: 'United States' },
    });
  });

  it('skips permanently closed places with the reason, imports temporarily closed ones marked', () => {
    const permanentlyClosed = { code: 'permanently_closed', params: {} };
    expect(mapOne({ name: 'Gone', business_status: 'CLOSED_PERMANENTLY' })).toEqual({ kind: 'skipped', name: 'Gone', reason: permanentlyClosed });
    expect(mapOne({ title: 'Gone too', permanentlyClosed: 'true' })).toEqual({ kind: 'skipped', name: 'Gone too', reason: permanentlyClosed });
    expect(mapOne({ name: 'Resting', business_status: 'CLOSED_TEMPORARILY' })).toMatchObject({ kind: 'business', isTemporarilyClosed: true });
  });

  it('reports bad values with the row number, the column as written and the reason', () => {
    expect(mapOne({ Name: 'X', Latitude: '123', Longitude: '4', Rating: '9' }, 7)).toEqual({
      kind: 'error',
      name: 'X',
      issues: [
        { row: 7, column: 'Latitude', reason: { code: 'coordinate_out_of_range', params: { value: 123, limit: 90 } } },
        { row: 7, column: 'Rating', reason: { code: 'rating_out_of_range', params: { value: 9 } } },
      ],
    });
    expect(mapOne({ name: 'None', phone: '1' }, 3)).toEqual({ kind: 'error', name: null, issues: [{ row: 3, column: 'name', reason: { code: 'name_missing', params: {} } }] });
    expect(mapOne({ name: 'X', country_code: 'USA' })).toMatchObject({
      kind: 'error',
      issues: [{ column: 'country_code', reason: { code: 'country_code_unknown', params: { value: 'USA' } } }],
    });
    expect(mapOne({ name: 'X', lat: '41.0' })).toMatchObject({
      kind: 'error',
      issues: [{ column: 'longitude', reason: { code: 'coordinate_half_missing', params: { missing: 'longitude' } } }],
    });
  });

  it('counts hours it cannot read without failing the row', () => {
    expect(mapOne({ name: 'Kneipe', working_hours: '{"Montag": "9–17 Uhr"}' })).toMatchObject({
      kind: 'business', hasUnreadableHours: true, business: { workingHours: { Montag: '9–17 Uhr' } },
    });
  });

  it('gives rows with the same hours and amenities texts the same values, read-only so that no row changes another', () => {
    const cells = (name: string) => ({ name, working_hours: '{"Monday": "9 am–5 pm", "Sunday": "Closed"}', about: '{"Amenities": {"Restroom": true}}' });
    const [first, second] = [mapOne(cells('First')), mapOne(cells('Second'), 3)];
    if (first.kind !== 'business' || second.kind !== 'business') throw new Error('both rows are businesses');
    expect(second.business.workingHours).toEqual({ Monday: '9AM–5PM', Sunday: 'Closed' });
    expect(second.business.about).toEqual({ Amenities: { Restroom: true } });
    expect(toBusinessColumns(second.business).working_hours).toBe(toBusinessColumns(first.business).working_hours);
    expect(() => {
      (first.business.workingHours as Record<string, string>).Monday = 'Closed';
    }).toThrow(TypeError);
    expect(() => {
      ((first.business.about as Record<string, Record<string, boolean>>).Amenities!).Restroom = false;
    }).toThrow(TypeError);
    expect(second.business.workingHours).toEqual({ Monday: '9AM–5PM', Sunday: 'Closed' });
  });
});
