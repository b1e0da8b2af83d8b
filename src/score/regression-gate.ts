import { differenceBelow, differenceUpperBound, type ShareCount } from './binomial-bound.js';
import { type CountPair, pooledCounts } from './paired-test.js';

/** Trials with a failed regression check over the paired tasks' valid trials, per side. */
export function regressionCounts(pairs: readonly CountPair[]): { arm: ShareCount; baseline: ShareCount } {
  return pooledCounts(pairs, 'regressions');
}

/** The exact upper bound of the arm's extra regression share; null with no paired task. */
export function extraRegressionBound(pairs: readonly CountPair[], alpha: number): number | null {
  if (pairs.length === 0) return null;
  const { arm, baseline } = regressionCounts(pairs);
  return Math.max(-1, differenceUpperBound(arm, baseline, alpha));
}

/**
 * The regression gate: it holds when the treatment's extra share of trials with a failed
 * regression check over the baseline's, over the paired tasks, has an exact upper bound (at level
 * α, split between the two binomial bounds) below the preregistered tolerance. A treatment whose
 * true extra share is the tolerance passes at most α of the time; how often a harmless one is
 * blocked the scorecard states (regressionFalseBlock). With no paired task it cannot hold.
 */
export function regressionGateHolds(pairs: readonly CountPair[], tolerance: number, alpha: number): boolean {
  if (pairs.length === 0) return false;
  const { arm, baseline } = regressionCounts(pairs);
  return differenceBelow(arm, baseline, tolerance, alpha);
}
