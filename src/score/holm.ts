import { compare, type Fraction, fraction, fromDouble, maxFraction, minFraction, times, toNumber } from './fraction.js';
import { requireProbability } from './require.js';

const ONE = fraction(1);

/**
 * Holm step-down adjusted p-values in exact rationals, in the input order: sorted ascending, the
 * i-th (from 1) is max over j ≤ i of min(1, (m − j + 1)·p(j)). Ties share one adjusted value
 * whatever their order.
 */
export function holmAdjustExact(pValues: readonly Fraction[]): Fraction[] {
  const m = pValues.length;
  const ascending = pValues.map((_, index) => index).sort((a, b) => compare(pValues[a]!, pValues[b]!) || a - b);
  const adjusted = new Array<Fraction>(m);
  let running = fraction(0);
  ascending.forEach((index, rank) => {
    running = maxFraction(running, minFraction(ONE, times(pValues[index]!, m - rank)));
    adjusted[index] = running;
  });
  return adjusted;
}

/** Holm over doubles: each p is taken at its exact value, adjusted exactly, and rounded once. */
export function holmAdjust(pValues: readonly number[]): number[] {
  for (const [index, p] of pValues.entries()) requireProbability(p, `holmAdjust pValues[${index}]`);
  return holmAdjustExact(pValues.map(fromDouble)).map(toNumber);
}
