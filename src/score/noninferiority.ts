import type { Noninferiority } from '../contracts/scorecard.js';
import { differenceBelow, differenceUpperBound } from './binomial-bound.js';
import { type CountPair, pooledCounts } from './paired-test.js';

/**
 * Noninferiority from bounds valid for bounded rates: Δ's lower confidence bound is the exact lower
 * bound of the arm's success share minus the exact upper bound of the baseline's, over the paired
 * tasks' trials (every paired task has all its repeats valid, so the pooled share is the mean of
 * the task rates), each one-sided at level/2. It holds when that bound lies above −margin. Unlike an
 * inverted shift test, it is never a zero-width interval: all-tied data bound Δ below by their
 * binomial uncertainty. Level α/(2m): the lower end of a two-sided α/m interval.
 */
export function noninferiority(
  pairs: readonly CountPair[],
  margin: number | null,
  alpha: number,
  treatments: number,
): Noninferiority | null {
  if (margin === null || pairs.length === 0) return null;
  const { arm, baseline } = pooledCounts(pairs, 'successes');
  const level = alpha / (2 * treatments);
  return {
    margin,
    bound: Math.min(1, -differenceUpperBound(baseline, arm, level)),
    level,
    holds: differenceBelow(baseline, arm, margin, level),
  };
}
