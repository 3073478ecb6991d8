import { describe, expect, it } from 'vitest';
import { importReasonText } from '../shared/import-reasons.ts';
import { cleanLink, cleanName, cleanPostalCode, cleanText, isInvalid, isMissing, parseCoordinate, parseCount, parseFlag, parseNumber, parseRating } from './clean.ts';

/** A cleaned value's reason in English (what the API says), or the value when it is not invalid. */
const said = (value: unknown) => (isInvalid(value) ? importReasonText(value.invalid) : value);

describe('cleaning cells', () => {
  it('treats the missing-value literals of the tools as missing', () => {
    for (const literal of ['', '  ', 'None', 'N/A', 'nan', 'NaN', 'null', 'NULL', '[]', '{}']) expect(isMissing(literal)).toBe(true);
    for (const value of ['0', 'Nancy', 'Closed', '[1]']) expect(isMissing(value)).toBe(false);
    expect(cleanText(' None ')).toBeNull();
    expect(cleanText('  Bakery ')).toBe('Bakery');
  });

  it('removes the apostrophe our export puts before formula-looking text, and only that one', () => {
    expect(cleanText("'+1 562-246-6577")).toBe('+1 562-246-6577');
    expect(cleanText("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)');
    expect(cleanText("'s Hertogenbosch")).toBe("'s Hertogenbosch");
  });

  it('reads numbers written as floats, with thousands separators or decimal commas', () => {
    expect(parseNumber('4.400000')).toBe(4.4);
    expect(parseNumber('10.0')).toBe(10);
    expect(parseNumber('1,234')).toBe(1234);
    expect(parseNumber('1,234,567.5')).toBe(1234567.5);
    expect(parseNumber('4,5')).toBe(4.5);
    expect(parseNumber('-118.2622816')).toBe(-118.2622816);
    expect(parseNumber('nan')).toBeNull();
    expect(parseNumber('four')).toEqual({ invalid: { code: 'not_a_number', params: { value: 'four' } } });
    expect(said(parseNumber('four'))).toBe('"four" is not a number');
  });

  it('reads review counts as whole numbers and refuses negative or fractional ones', () => {
    expect(parseCount('10.0')).toBe(10);
    expect(parseCount('1,056')).toBe(1056);
    expect(parseCount('-3')).toEqual({ invalid: { code: 'not_a_count', params: { value: '-3' } } });
    expect(said(parseCount('-3'))).toBe('"-3" is not a whole number of 0 or more');
    expect(parseCount('2.5')).toHaveProperty('invalid');
  });

  it('range-checks ratings and coordinates', () => {
    expect(parseRating('4.4')).toBe(4.4);
    expect(parseRating('7')).toEqual({ invalid: { code: 'rating_out_of_range', params: { value: 7 } } });
    expect(said(parseRating('7'))).toBe('7 is outside 0–5');
    expect(parseCoordinate('35.041073', 'latitude')).toBe(35.041073);
    expect(parseCoordinate('91', 'latitude')).toEqual({ invalid: { code: 'coordinate_out_of_range', params: { value: 91, limit: 90 } } });
    expect(said(parseCoordinate('91', 'latitude'))).toBe('91 is outside −90…90');
    expect(said(parseCoordinate('-181', 'longitude'))).toBe('-181 is outside −180…180');
    expect(parseCoordinate('180', 'longitude')).toBe(180);
  });

  it("drops the '.0' pandas adds to postal codes and keeps other codes as written", () => {
    expect(cleanPostalCode('90744.0')).toBe('90744');
    expect(cleanPostalCode('01234')).toBe('01234');
    expect(cleanPostalCode('SW1A 1AA')).toBe('SW1A 1AA');
    expect(cleanPostalCode('8560')).toBe('8560');
  });

  it('reads verified from TRUE/true/True/1/yes', () => {
    for (const yes of ['TRUE', 'true', 'True', '1', 'yes', 'Yes']) expect(parseFlag(yes)).toBe(true);
    for (const no of ['FALSE', 'False', '0', 'no', '', 'None']) expect(parseFlag(no)).toBe(false);
  });

  it('keeps names exactly except control characters', () => {
    expect(cleanName('\u200Eمطعم الشرق\u200E')).toBe('\u200Eمطعم الشرق\u200E');
    expect(cleanName('Ταβέρνα Ο Στάθης')).toBe('Ταβέρνα Ο Στάθης');
    expect(cleanName('Phở Hà Nội 東京')).toBe('Phở Hà Nội 東京');
    expect(cleanName('Bad\u0007 Name\u0000\n')).toBe('Bad Name');
    expect(cleanName('\u0001')).toBeNull();
  });
});

describe('link cells (website, photo, logo, reviews link)', () => {
  it('keeps http(s) addresses as they are', () => {
    for (const link of ['https://www.example.com/', 'http://example.com/menu?lang=en#top', 'https://lh5.googleusercontent.com/p/AF1Qip=w800-h500-k-no', 'HTTPS://EXAMPLE.COM']) {
      expect(cleanLink(link)).toBe(link);
    }
    expect(cleanLink('  https://example.com  ')).toBe('https://example.com');
  });

  it('gives a bare domain its https://, so the page does not link to a path of its own', () => {
    expect(cleanLink('www.example.com')).toBe('https://www.example.com');
    expect(cleanLink('example.co.uk/contact')).toBe('https://example.co.uk/contact');
    expect(cleanLink('shop.example.com:8080/a')).toBe('https://shop.example.com:8080/a');
  });

  it('treats what is no web address as missing, like N/A', () => {
    for (const junk of ['javascript:alert(1)', 'JavaScript:void(0)', 'file:///etc/passwd', 'data:text/html,<b>x</b>', 'mailto:a@example.com', 'info@example.com', 'see our Facebook page', 'N/A', '', 'https://exa mple.com', 'https://', 'http://[::1', 'example']) {
      expect(cleanLink(junk), junk).toBeNull();
    }
  });
});
