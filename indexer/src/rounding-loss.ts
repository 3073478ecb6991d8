/**
 * What adding `value` to `sum` loses to floating-point rounding (Neumaier's term): SQLite's
 * `total()` adds these up beside the sum and returns both together, and so do both engines'
 * category rating sums, to agree with it.
 */
export function roundingLoss(sum: number, value: number): number {
  const next = sum + value;
  return Math.abs(sum) > Math.abs(value) ? sum - next + value : value - next + sum;
}
