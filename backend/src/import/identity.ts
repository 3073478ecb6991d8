/**
 * Which business a row is. The record keeps one identity key per business in `place_id`:
 * - the Google place id ("ChIJ…") from a place-id column, or else from a Maps link, URL or
 *   reviews link (`!19sChIJ…`, `query_place_id=`, `placeid=`);
 * - failing that `cid:<decimal>` from the `cid` column, or from the second half of a
 *   `google_id`/`data_id` ("0x…:0x7e80ca7641cd7953"), which is the same number in hex;
 * - failing that `key:<hash>` of name, address and coordinates (counted in the report).
 * Re-importing a row with the same key updates that business.
 */
import { createHash } from 'node:crypto';
import { cleanText } from './clean.ts';

export type IdentitySource = 'placeId' | 'link' | 'cid' | 'derived';

export interface Identity {
  key: string;
  source: IdentitySource;
}

const PLACE_ID_IN_LINK = [/!19s(ChI[A-Za-z0-9_-]+)/, /[?&]query_place_id=([A-Za-z0-9_-]+)/, /[?&]placeid=([A-Za-z0-9_-]+)/i, /place_id[:=]([A-Za-z0-9_-]+)/];

/** The place id inside a Google Maps link, search URL or reviews link. */
export function placeIdFromLink(link: string | null): string | null {
  if (link === null) return null;
  for (const pattern of PLACE_ID_IN_LINK) {
    const match = pattern.exec(link);
    if (match?.[1] && match[1].length >= 16) return match[1];
  }
  return null;
}

/** The decimal cid from a `cid` cell ("5893791789635742964", "5.89e+18" is refused: precision lost). */
export function cidFromCell(raw: string | null): string | null {
  const text = cleanText(raw);
  return text !== null && /^\d{5,20}$/.test(text) ? text : null;
}

/** The cid inside a google_id/data_id ("0x80dd35d73b6c97c7:0x51caf467f15a2cf4" → decimal of the second half). */
export function cidFromGoogleId(raw: string | null): string | null {
  const text = cleanText(raw);
  const match = text === null ? null : /^0x[0-9a-f]+:(0x[0-9a-f]{1,16})$/i.exec(text);
  return match?.[1] ? BigInt(match[1]).toString() : null;
}

export interface IdentityCells {
  placeId: string | null;
  links: readonly (string | null)[];
  cid: string | null;
  googleIds: readonly (string | null)[];
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The identity of one row, by the rules at the top of this file. */
export function identify(cells: IdentityCells): Identity {
  const placeId = cleanText(cells.placeId);
  if (placeId !== null) return { key: placeId, source: 'placeId' };
  for (const link of cells.links) {
    const fromLink = placeIdFromLink(link);
    if (fromLink) return { key: fromLink, source: 'link' };
  }
  const cid = cidFromCell(cells.cid) ?? cells.googleIds.map(cidFromGoogleId).find((value) => value !== null) ?? null;
  if (cid !== null) return { key: `cid:${cid}`, source: 'cid' };
  const basis = [cells.name.toLowerCase(), (cells.address ?? '').toLowerCase(), cells.latitude?.toFixed(5) ?? '', cells.longitude?.toFixed(5) ?? ''];
  const hash = createHash('sha256').update(basis.join('\n')).digest('hex').slice(0, 24);
  return { key: `key:${hash}`, source: 'derived' };
}
