import { compare, type Fraction } from './fraction.js';

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
