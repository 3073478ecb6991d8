/**
 * The CRC-32 of two byte strings joined, from the CRC-32 of each and the second one's length,
 * as zlib's `crc32_combine` computes it (crc32.c, zlib 1.2.12+: multiplication of polynomials
 * modulo the CRC's, with x^(2^k) precomputed). Node exposes `zlib.crc32` but not the combination.
 */

/** The CRC-32 polynomial, reflected. */
const POLY = 0xedb88320;

/** a(x) × b(x) modulo p(x), in the reflected bit order of the CRC. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = (b & 1) !== 0 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo p(x), for k = 0..31. */
const X2N = new Uint32Array(32);
X2N[0] = 1 << 30; // x^1
for (let k = 1; k < 32; k += 1) X2N[k] = multiplyModP(X2N[k - 1]!, X2N[k - 1]!);

/** x^(n × 2^k) modulo p(x). */
function powerModP(n: number, k: number): number {
  let power = 0x80000000; // x^0
  while (n !== 0) {
    if ((n & 1) !== 0) power = multiplyModP(X2N[k & 31]!, power);
    n = Math.floor(n / 2);
    k += 1;
  }
  return power;
}

/** CRC-32 of A followed by B, given CRC-32 of A, CRC-32 of B and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(powerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
