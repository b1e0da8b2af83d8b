import type { ShareCount } from './binomial-bound.js';
import { type Fraction, fraction, maxFraction, minFraction } from './fraction.js';
import { invertSignFlip } from './inverted-interval.js';
import { type ExactDifferences, pairedDifferences } from './paired-differences.js';
import { type SignFlipP, signFlipP, signFlipSupport } from './sign-flip.js';

/** One paired task's integer counts in one arm: s = successes / valid, r = regressions / valid. */
export interface CellCount {
  successes: number;
  valid: number;
  /** Valid repeats with a failed regression check. */
  regressions: number;
}

export interface PairedTests {
  differences: ExactDifferences;
  /** Two-sided sign-flip test on d_t: the outcome test. */
  test: SignFlipP;
}

export type CountPair = { arm: CellCount; baseline: CellCount };

/** Each side's `what` (successes or regressions) summed over the paired tasks, over their valid trials. */
export function pooledCounts(
  pairs: readonly CountPair[],
  what: 'successes' | 'regressions',
): { arm: ShareCount; baseline: ShareCount } {
  const arm = { count: 0, trials: 0 };
  const baseline = { count: 0, trials: 0 };
  for (const pair of pairs) {
    arm.count += pair.arm[what];
    arm.trials += pair.arm.valid;
    baseline.count += pair.baseline[what];
    baseline.trials += pair.baseline.valid;
  }
  return { arm, baseline };
}

/**
 * The outcome test every decision reads, from integer counts alone: the scorer and the power
 * simulation both call this, so a simulated experiment is judged exactly as a real one. Thresholds
 * (the α/k the p is compared with) let a p of many tasks be a double when that decides the same.
 */
export function pairedTests(pairs: readonly CountPair[], seed: string, thresholds?: readonly Fraction[]): PairedTests {
  const differences = pairedDifferences(pairs);
  return { differences, test: signFlipP(differences.values, 'two-sided', `${seed}/outcome`, thresholds) };
}

const MINUS_ONE = fraction(-1);
const ONE = fraction(1);

/** The inverted interval of the outcome test at α′, clipped to [−1, 1]; its draws are the test's. */
export function pairedInterval(
  differences: ExactDifferences,
  alpha: Fraction,
  seed: string,
): { low: Fraction; high: Fraction } {
  const support = signFlipSupport(differences.values, `${seed}/outcome`);
  const { low, high } = invertSignFlip(support, differences.denominator, alpha);
  return {
    low: low === 'unbounded' ? MINUS_ONE : maxFraction(MINUS_ONE, low),
    high: high === 'unbounded' ? ONE : minFraction(ONE, high),
  };
}
