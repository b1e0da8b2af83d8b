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

/**
 * The level at which Holm's step-down procedure decided each hypothesis, in the input order: the
 * j-th smallest p (from 1) is compared with α/(m − j + 1) while every smaller one was rejected;
 * once one is not, it and every later one are decided at that step's level. An interval inverting
 * a test at this level excludes the null exactly when Holm rejects, so verdict and interval agree.
 */
export function holmStepLevels(pValues: readonly Fraction[], alpha: Fraction): Fraction[] {
  const m = pValues.length;
  const ascending = pValues.map((_, index) => index).sort((a, b) => compare(pValues[a]!, pValues[b]!) || a - b);
  const levels = new Array<Fraction>(m);
  let stopped: Fraction | null = null;
  ascending.forEach((index, rank) => {
    const level = stopped ?? fraction(alpha.num, alpha.den * BigInt(m - rank));
    if (stopped === null && compare(pValues[index]!, level) > 0) stopped = level;
    levels[index] = level;
  });
  return levels;
}
