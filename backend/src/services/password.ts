import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters; a hash names the ones it was made with, and is verified with them. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** scrypt cost: N=2^17, r=8, p=1 (OWASP's minimum for scrypt), about 128 MiB and ~100 ms a try. */
const COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** 128 * N * r bytes plus headroom: Node's default maxmem (32 MiB) refuses N=2^17. */
const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions & ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: maxmemFor(options.N, options.r) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A self-describing hash: `scrypt$N$r$p$<salt base64>$<key base64>`, at the production cost unless a test gives a cheaper one. */
export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await derive(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A strong random password for the first start: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Why a password cannot be the administrator's, or null when it can. */
export function passwordProblem(password: string, username: string): string | null {
  if ([...password].length < 12) return 'must be at least 12 characters';
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return 'must not be the same as the username';
  return null;
}
