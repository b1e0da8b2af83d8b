import { compare, type Fraction, fraction, negate } from './fraction.js';

/**
 * The scoring decisions (docs/architecture.md) on exact rationals, shared by the scorer and the power simulation.
 * A test rejects when p ≤ α; nothing here sees a double.
 */
export function rejects(p: Fraction, alpha: Fraction): boolean {
  return compare(p, alpha) <= 0;
}

/** better / worse by the sign of Σd_t when the Holm-adjusted p ≤ α; Σd_t = 0 is never a claim. */
export function claim(pAdjusted: Fraction, sum: number, alpha: Fraction): 'better' | 'worse' | null {
  if (sum === 0 || !rejects(pAdjusted, alpha)) return null;
  return sum > 0 ? 'better' : 'worse';
}

/** Noninferiority: the inverted interval's lower end lies above −margin. */
export function showsNoninferiority(low: Fraction, margin: Fraction): boolean {
  return compare(low, negate(margin)) > 0;
}

/** |Δ| = |sum| / (denominator · n) ≤ limit, with every side an integer or a rational. */
export function withinLimit(sum: number, denominator: number, tasks: number, limit: Fraction): boolean {
  return compare(fraction(Math.abs(sum), denominator * tasks), limit) <= 0;
}
