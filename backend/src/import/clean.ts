/**
 * Cleaning of single spreadsheet cells: the literals scraping tools write for "nothing", numbers
 * that pandas turned into floats, booleans in their many spellings. Pure functions; each returns
 * either a clean value, null for a missing value, or an `Invalid` carrying the reason.
 */

import type { ImportReason } from '../shared/import-reasons.ts';

/** A value that is present but wrong; the row is reported with this reason. */
export interface Invalid {
  invalid: ImportReason;
}

export const invalid = (reason: ImportReason): Invalid => ({ invalid: reason });

export function isInvalid(value: unknown): value is Invalid {
  return typeof value === 'object' && value !== null && 'invalid' in value;
}

const MISSING_LITERALS = new Set(['', 'none', 'n/a', 'na', 'nan', 'null', 'undefined', '[]', '{}', '-', '—']);
/** The longest literal above; a longer text cannot be one, and is not trimmed and lowered for nothing. */
const LONGEST_MISSING_LITERAL = Math.max(...[...MISSING_LITERALS].map((literal) => literal.length));
/** Whether a text begins or ends with a character `trim()` removes (a test of two characters, not a regular expression over the text). */
const isSpaceAtEdge = (text: string) => text.trim().length !== text.length;

/** True for the literals that mean "no value" (MISSING_LITERALS, in any case, spaces around them ignored). */
export function isMissing(raw: string | null | undefined): boolean {
  if (raw === null || raw === undefined) return true;
  // Most cells are long texts (hours, addresses, links): lowering each one cost a tenth of the reading.
  if (raw.length > LONGEST_MISSING_LITERAL && !isSpaceAtEdge(raw)) return false;
  return MISSING_LITERALS.has(raw.trim().toLowerCase());
}

// Our own export neutralises formula-looking cells with a leading apostrophe (CSV injection);
// reading it back removes that apostrophe so a round trip gives back the same text.
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/** Text trimmed, or null when missing; a neutralising apostrophe from our export is removed. */
export function cleanText(raw: string | null | undefined): string | null {
  if (isMissing(raw)) return null;
  const text = raw!.trim();
  return text.startsWith("'") ? text.replace(NEUTRALISED, '') : text;
}

// C0 and C1 control characters; format characters such as U+200E (left-to-right mark, kept in
// Arabic names) are not controls and stay.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

/** A business name: control characters removed, spaces trimmed, every other character kept exactly. */
export function cleanName(raw: string | null | undefined): string | null {
  const text = cleanText(raw);
  if (text === null) return null;
  const name = text.replace(CONTROL_CHARACTERS, '').trim();
  return name === '' ? null : name;
}

/** A host name with a dot and a known-looking ending, as websites are written without their scheme ("www.example.com/menu"). */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/**
 * A link cell (website, photo, logo, reviews link) as an http(s) address, or null: a bare domain
 * gets `https://`; anything else (a `javascript:` or `file:` address, words, an e-mail address)
 * is no link and is missing, as `N/A` is: the page would otherwise link to nothing or to harm.
 */
export function cleanLink(raw: string | null | undefined): string | null {
  const text = cleanText(raw);
  if (text === null) return null;
  const address = /^https?:\/\//i.test(text) ? text : BARE_DOMAIN.test(text) ? `https://${text}` : null;
  if (address === null || /\s/.test(address)) return null;
  try {
    const url = new URL(address);
    return url.hostname === '' ? null : address;
  } catch (error) {
    // new URL throws a TypeError for an address it cannot parse ("https://exa%mple"): no link.
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * A number from text: "4.400000", "10.0", "1,234", "1 234", " 3.5 ". A comma is a thousands
 * separator when it is followed by exactly three digits, otherwise a decimal comma ("4,5").
 */
export function parseNumber(raw: string | null | undefined): number | null | Invalid {
  const text = cleanText(raw);
  if (text === null) return null;
  let compact = text.replace(/[\s\u00A0\u202F]/g, '');
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact)) compact = compact.replace(/,/g, '');
  else if (/^[+-]?\d+,\d+$/.test(compact)) compact = compact.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(compact)) return invalid({ code: 'not_a_number', params: { value: text } });
  return Number(compact);
}

/** A whole count (reviews): "10.0" → 10, "1,234" → 1234; negative or fractional counts are invalid. */
export function parseCount(raw: string | null | undefined): number | null | Invalid {
  const value = parseNumber(raw);
  if (value === null || isInvalid(value)) return value;
  if (value < 0 || !Number.isInteger(value)) return invalid({ code: 'not_a_count', params: { value: raw!.trim() } });
  return value;
}

/** A rating between 0 and 5. */
export function parseRating(raw: string | null | undefined): number | null | Invalid {
  const value = parseNumber(raw);
  if (value === null || isInvalid(value)) return value;
  if (value < 0 || value > 5) return invalid({ code: 'rating_out_of_range', params: { value } });
  return value;
}

/** A latitude (−90…90) or longitude (−180…180). */
export function parseCoordinate(raw: string | null | undefined, axis: 'latitude' | 'longitude'): number | null | Invalid {
  const value = parseNumber(raw);
  if (value === null || isInvalid(value)) return value;
  const limit = axis === 'latitude' ? 90 : 180;
  if (value < -limit || value > limit) return invalid({ code: 'coordinate_out_of_range', params: { value, limit } });
  return value;
}

/** A postal code: text kept as written, except the ".0" pandas appends to numeric codes (90744.0 → 90744). */
export function cleanPostalCode(raw: string | null | undefined): string | null {
  const text = cleanText(raw);
  if (text === null) return null;
  return /^\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'evet', '1.0']);

/** A yes/no flag: TRUE, true, True, 1, yes → true; anything else (or missing) → false. */
export function parseFlag(raw: string | null | undefined): boolean {
  const text = cleanText(raw);
  return text !== null && TRUE_WORDS.has(text.toLowerCase());
}

/** A JSON value from a cell, or undefined when the cell holds no JSON object or array. */
export function parseJsonCell(raw: string | null): unknown {
  if (raw === null) return undefined;
  const text = raw.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
