import { describe, expect, it } from 'vitest';
import { cidFromGoogleId, identify, placeIdFromLink, type IdentityCells } from './identity.ts';

const cells = (overrides: Partial<IdentityCells>): IdentityCells => ({
  placeId: null, links: [], cid: null, googleIds: [], name: 'Chez Ginette', address: '1 Rue X, Lyon', latitude: 45.7, longitude: 4.8, ...overrides,
});

describe('row identity', () => {
  it('extracts the place id from the three link forms', () => {
    expect(placeIdFromLink('https://www.google.com/maps/place/X/data=!4m7!3m6!1s0x14e775b739165b35:0x7e80ca7641cd7953!8m2!3d35.04!4d32.39!16s%2Fg%2F11cp7q546b!19sChIJNVsWObd15xQRU3nNQXbKgH4?authuser=0')).toBe('ChIJNVsWObd15xQRU3nNQXbKgH4');
    expect(placeIdFromLink('https://www.google.com/maps/search/?api=1&query=Vein-U&query_place_id=ChIJbyw_8MQN3okRhMtyg4uWqcQ')).toBe('ChIJbyw_8MQN3okRhMtyg4uWqcQ');
    expect(placeIdFromLink('https://search.google.com/local/reviews?placeid=ChIJx5dsO9c13YAR9Cxa8Wf0ylE&q=law')).toBe('ChIJx5dsO9c13YAR9Cxa8Wf0ylE');
    expect(placeIdFromLink('https://example.com/')).toBeNull();
  });

  it('turns a google_id/data_id into the same cid number', () => {
    expect(cidFromGoogleId('0x14e775b739165b35:0x7e80ca7641cd7953')).toBe('9115508255056820563');
    expect(cidFromGoogleId('garbage')).toBeNull();
  });

  it('prefers the place id column, then links, then cid, then a derived key', () => {
    expect(identify(cells({ placeId: 'ChIJcolumn0000000001', links: ['https://x/?placeid=ChIJfromLink000000001'] }))).toEqual({ key: 'ChIJcolumn0000000001', source: 'placeId' });
    expect(identify(cells({ links: [null, 'https://x/?placeid=ChIJfromLink000000001'], cid: '123456789' }))).toEqual({ key: 'ChIJfromLink000000001', source: 'link' });
    expect(identify(cells({ cid: '9115508255056820563' }))).toEqual({ key: 'cid:9115508255056820563', source: 'cid' });
    expect(identify(cells({ googleIds: ['0x14e775b739165b35:0x7e80ca7641cd7953'] }))).toEqual({ key: 'cid:9115508255056820563', source: 'cid' });
    const derived = identify(cells({}));
    expect(derived.source).toBe('derived');
    expect(derived.key).toMatch(/^key:[0-9a-f]{24}$/);
    expect(identify(cells({ name: 'CHEZ GINETTE' })).key).toBe(derived.key);
    expect(identify(cells({ latitude: 45.8 })).key).not.toBe(derived.key);
  });
});
