import { describe, expect, it } from 'vitest';
import { COLUMN_ALIASES, columnExtraction, firstFoldedAsciiCharacter, foldHeader, isHeaderRow, mapColumns } from './columns.ts';

describe('column alias table', () => {
  it('matches names whatever their case, spaces, underscores or accents', () => {
    const map = mapColumns(['Full Address', 'REVIEW_COUNT', 'ülke kodu', 'Place Id', 'Totalscore', 'location/lat', 'location.lng', 'Website']);
    expect(map.fields).toEqual({ fullAddress: 0, reviews: 1, countryCode: 2, placeId: 3, rating: 4, latitude: 5, longitude: 6, url: 7 });
    expect(map.unrecognised).toEqual([]);
  });

  it('lists every header once as folding compares them (a spelling that folds like another is never read)', () => {
    const spellings = new Map<string, string[]>();
    for (const [field, aliases] of Object.entries(COLUMN_ALIASES)) {
      for (const alias of aliases) spellings.set(foldHeader(alias), [...(spellings.get(foldHeader(alias)) ?? []), `${field}: ${alias}`]);
    }
    expect([...spellings.values()].filter((names) => names.length > 1)).toEqual([]);
    expect(spellings.has('')).toBe(false);
  });

  it("rebuilds Apify's flattened opening hours and categories", () => {
    const map = mapColumns(['title', 'openingHours/0/day', 'openingHours/0/hours', 'openingHours.1.day', 'openingHours.1.hours', 'categories/0', 'categories/1']);
    expect(map.openingHours).toEqual([{ day: 1, hours: 2 }, { day: 3, hours: 4 }]);
    expect(map.categoryColumns).toEqual([5, 6]);
  });

  it('maps the template, Outscraper, Apify and gosom headers to the same fields', () => {
    const template = mapColumns(['name', 'address', 'phone', 'category', 'latitude', 'longitude', 'rating', 'reviewCount', 'place_id', 'country_code']);
    expect(Object.keys(template.fields).sort()).toEqual(['category', 'countryCode', 'fullAddress', 'latitude', 'longitude', 'name', 'phone', 'placeId', 'rating', 'reviews'].sort());
    const gosom = mapColumns(['title', 'address', 'open_hours', 'review_count', 'review_rating', 'cid', 'data_id', 'link', 'complete_address', 'thumbnail', 'timezone']);
    expect(gosom.fields).toMatchObject({ name: 0, fullAddress: 1, workingHours: 2, reviews: 3, rating: 4, cid: 5, googleId: 6, link: 7, completeAddress: 8, photo: 9, timeZone: 10 });
    const apify = mapColumns(['title', 'totalScore', 'reviewsCount', 'countryCode', 'website', 'categoryName', 'url', 'permanentlyClosed']);
    expect(apify.fields).toMatchObject({ name: 0, rating: 1, reviews: 2, countryCode: 3, url: 4, category: 5, urlOrLink: 6, permanentlyClosed: 7 });
  });

  it('reports found, missing and unrecognised columns out of the 23', () => {
    const extraction = columnExtraction(mapColumns(['name', 'phone', 'popular_times', 'latitude']));
    expect(extraction).toMatchObject({ extractedCount: 3, totalColumns: 23, extractionRate: 13, successful: ['name', 'phone', 'latitude'], unrecognised: ['popular_times'] });
    expect(extraction.missing).toHaveLength(20);
  });

  it('recognises a repeated header row', () => {
    const map = mapColumns(['name', 'phone']);
    expect(isHeaderRow(['Name', 'PHONE'], map)).toBe(true);
    expect(isHeaderRow(['Bakery', 'phone'], map)).toBe(false);
  });

  it('tells the first character a header folds to without folding it, when an ASCII character decides it', () => {
    for (const text of ['Name', ' _-./\\^`Place Id', '\tx\u0301yz', 'Zürich', '9AM', '[]', 'a\u00e9']) {
      expect(firstFoldedAsciiCharacter(text), JSON.stringify(text)).toBe(foldHeader(text).charAt(0));
    }
    for (const text of ['\uFEFFname', 'Éva', ' \u00a0x', '', '_-']) expect(firstFoldedAsciiCharacter(text), JSON.stringify(text)).toBeUndefined();
    const map = mapColumns(['Name', 'Ülke', 'phone']);
    expect(isHeaderRow(['  NAME', 'ulke', 'Phone'], map)).toBe(true);
    expect(isHeaderRow(['name', 'Ulkeler', 'phone'], map)).toBe(false);
  });
});
