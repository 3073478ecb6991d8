/**
 * Google-like place ids ("ChIJ" + 23 characters of [A-Za-z0-9_-]) that are unique by
 * construction: the last six characters are a base-36 encoding of a fixed permutation of
 * the index (letters in random case), the rest is random filler.
 */
import { hash32 } from './random.ts';
import type { Random } from './random.ts';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const BASE36_UPPER = BASE36.toUpperCase();
const TAIL_LENGTH = 6;
const FILLER_LENGTH = 23 - TAIL_LENGTH;
const HALF_DOMAIN = 36 ** 3;
const ROUND_KEYS = [0x1b873593, 0xcc9e2d51, 0xe6546b64, 0x85ebca6b] as const;

/** How many distinct demo place ids exist (36^6, about 2.2 billion). */
export const PLACE_ID_CAPACITY = HALF_DOMAIN * HALF_DOMAIN;

/**
 * A fixed bijection of [0, 36^6): a four-round Feistel network on two base-36^3 halves,
 * so consecutive indices get unrelated-looking tails without ever colliding.
 */
export function permuteIndex(index: number): number {
  let left = Math.floor(index / HALF_DOMAIN);
  let right = index % HALF_DOMAIN;
  for (const key of ROUND_KEYS) {
    const mixed = (left + (hash32(right ^ key) % HALF_DOMAIN)) % HALF_DOMAIN;
    left = right;
    right = mixed;
  }
  return left * HALF_DOMAIN + right;
}

function uniqueTail(index: number, caseBits: number): string {
  let value = permuteIndex(index);
  let tail = '';
  for (let i = 0; i < TAIL_LENGTH; i++) {
    tail += ((caseBits >>> i) & 1 ? BASE36_UPPER : BASE36).charAt(value % 36);
    value = Math.floor(value / 36);
  }
  return tail;
}

/** Random base64url characters, five per 32-bit draw. */
function filler(random: Random): string {
  let out = '';
  let bits = 0;
  let left = 0;
  for (let i = 0; i < FILLER_LENGTH; i++) {
    if (left === 0) {
      bits = random.uint32();
      left = 5;
    }
    out += BASE64URL.charAt(bits & 63);
    bits >>>= 6;
    left--;
  }
  return out;
}

/** The demo place id of business number `index` (0 ≤ index < PLACE_ID_CAPACITY). */
export function demoPlaceId(index: number, random: Random): string {
  const head = filler(random);
  return `ChIJ${head}${uniqueTail(index, random.uint32())}`;
}
