/**
 * Seedable pseudo-random numbers for the demo data: a 32-bit hash to turn an index into
 * a seed, the sfc32 generator, and weighted choice by binary search on cumulative weights.
 */

const SEED_SALT = 0x5eedd1e5;
const TWO_POW_32 = 4294967296;

/** A well-mixed 32-bit hash (the murmur3 finalizer) of a 32-bit integer; a bijection on 32 bits. */
export function hash32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The sfc32 generator with a few helpers; one instance per generated business. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = hash32(seed ^ SEED_SALT);
    this.b = hash32(this.a ^ 0x9e3779b9);
    this.c = hash32(this.b ^ 0x7f4a7c15);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniform integer in [0, 2^32). */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.uint32() / TWO_POW_32;
  }

  /** A uniform integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  /** A uniform integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability `probability`. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A uniformly chosen element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  }

  /** A standard normal variate (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** A fixed list of items chosen in proportion to their weights (binary search on cumulative weights). */
export class WeightedTable<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(items: readonly T[], weightOf: (item: T) => number) {
    const cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((item, i) => {
      const weight = weightOf(item);
      if (!(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`Invalid weight ${weight}`);
      total += weight;
      cumulative[i] = total;
    });
    if (items.length === 0) throw new RangeError('A weighted table needs at least one item');
    this.items = items;
    this.cumulative = cumulative;
    this.total = total;
  }

  /** An item chosen with probability proportional to its weight. */
  pick(random: Random): T {
    const target = random.next() * this.total;
    const cumulative = this.cumulative;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    const item = this.items[low];
    if (item === undefined) throw new RangeError('Weighted table is empty');
    return item;
  }
}
