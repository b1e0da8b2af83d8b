import { compare, type Fraction, fraction, negate } from './fraction.js';
import type { SignFlipSupport } from './sign-flip.js';

/** An end of the interval: an exact shift, or unbounded (the test rejects no shift on that side). */
export type Bound = Fraction | 'unbounded';

/**
 * For one support point, the largest shift δ (in the support's units) at which its shifted
 * statistic is still at least as extreme as the observed one: |a − δc| ≥ |S − nδ| for δ ≥ S/n.
 * That holds when (a + S) − δ(n + c) ≥ 0 or (S − a) − δ(n − c) ≥ 0, each a half-line in δ.
 */
function lastExtremeShift(a: number, c: number, observed: number, n: number): Bound | null {
  const halfLine = (top: number, slope: number): Bound | null =>
    slope > 0 ? fraction(top, slope) : top >= 0 ? 'unbounded' : null;
  const first = halfLine(a + observed, n + c);
  const second = halfLine(observed - a, n - c);
  if (first === 'unbounded' || second === 'unbounded') return 'unbounded';
  if (first === null) return second;
  if (second === null) return first;
  return compare(first, second) >= 0 ? first : second;
}

function descending(x: Bound, y: Bound): number {
  if (x === 'unbounded') return y === 'unbounded' ? 0 : -1;
  if (y === 'unbounded') return 1;
  return compare(y, x);
}

/**
 * The upper end of the shifts the two-sided test does not reject at α. Above S/n the p-value of a
 * shift δ only falls as δ grows (the observed |S − nδ| grows at rate n, a point's |a − δc| at most
 * at |c| ≤ n), so the accepted shifts form one interval and p(δ) = Σ weight over the points whose
 * last extreme shift is ≥ δ. The end is the last such shift where that sum still exceeds α·total.
 */
function upperEnd(support: SignFlipSupport, a: readonly number[], observed: number, alpha: Fraction): Bound {
  const shifts = a.map((value, index) => ({
    shift: lastExtremeShift(value, support.c[index]!, observed, support.tasks)!,
    weight: support.weight[index]!,
  }));
  shifts.sort((x, y) => descending(x.shift, y.shift));
  const threshold = alpha.num * support.total;
  let accepted = 0n;
  for (const { shift, weight } of shifts) {
    accepted += weight;
    // p(shift) > α  ⇔  accepted / total > alpha.num / alpha.den
    if (accepted * alpha.den > threshold) return shift;
  }
  return 'unbounded';
}

/** Converts an end in the support's units (g/denominator per unit) back to a difference in rates. */
function toRate(bound: Bound, unit: number, denominator: number): Bound {
  return bound === 'unbounded' ? bound : fraction(bound.num * BigInt(unit), bound.den * BigInt(denominator));
}

/**
 * The interval of the shifts δ for which the sign-flip test of d_t − δ does not reject at α: the
 * inversion of the very test that gives p, so it excludes 0 exactly when p ≤ α. Ends are exact
 * rationals of the rate difference, before any clipping.
 */
export function invertSignFlip(
  support: SignFlipSupport,
  denominator: number,
  alpha: Fraction,
): { low: Bound; high: Bound } {
  const high = upperEnd(support, support.a, support.observed, alpha);
  const mirrored = upperEnd(
    support,
    support.a.map((value) => -value),
    -support.observed,
    alpha,
  );
  return {
    low: mirrored === 'unbounded' ? mirrored : toRate(negate(mirrored), support.unit, denominator),
    high: toRate(high, support.unit, denominator),
  };
}
