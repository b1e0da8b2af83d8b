import { requireCount } from './require.js';

/** numerator / 2^exponent as a double, scaling through a [0.5, 1) mantissa so no step underflows early. */
function dyadicToNumber(numerator: bigint, exponent: number): number {
  const bits = numerator.toString(2).length;
  const shift = Math.max(0, bits - 64);
  const mantissa = Number(numerator >> BigInt(shift)) * 2 ** (shift - bits);
  return mantissa * 2 ** (bits - exponent);
}

/**
 * Two-sided exact sign test at ½: p = min(1, 2·P[Bin(w+l, ½) ≤ min(w, l)]), and 1 when w+l = 0.
 * The tail is summed in exact integers and rounded once, so the p-value is exact to the last bit
 * for any number of tasks (with one repeat this is the exact McNemar test).
 */
export function exactSignTest(wins: number, losses: number): number {
  requireCount(wins, 'exactSignTest wins');
  requireCount(losses, 'exactSignTest losses');
  const n = wins + losses;
  const k = Math.min(wins, losses);
  // From k ≥ (n−1)/2 the lower tail holds at least half the mass: the doubled tail reaches 1.
  if (2 * k >= n - 1) return 1;
  let term = 1n;
  let tail = 1n;
  for (let i = 1; i <= k; i += 1) {
    term = (term * BigInt(n - i + 1)) / BigInt(i);
    tail += term;
  }
  return Math.min(1, dyadicToNumber(tail, n - 1));
}
