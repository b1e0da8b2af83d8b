import { CrossoverError } from '../contracts/errors.js';
import { requireDifference, requireLevel } from './require.js';

/**
 * Two-sided Hoeffding interval for the mean of n independent differences in [−1, 1]:
 * mean ± sqrt(2·ln(2/α)/n), clipped to [−1, 1]. halfWidth is the unclipped bound.
 */
export function hoeffdingInterval(
  differences: readonly number[],
  alpha: number,
): { mean: number; low: number; high: number; halfWidth: number } {
  requireLevel(alpha, 'hoeffdingInterval alpha');
  if (differences.length === 0) {
    throw new CrossoverError(
      'invalid-input',
      'hoeffdingInterval: expected at least one difference; with none there is no interval',
    );
  }
  let sum = 0;
  differences.forEach((d, index) => {
    requireDifference(d, `hoeffdingInterval differences[${index}]`);
    sum += d;
  });
  const mean = sum / differences.length;
  const halfWidth = Math.sqrt((2 * Math.log(2 / alpha)) / differences.length);
  return { mean, low: Math.max(-1, mean - halfWidth), high: Math.min(1, mean + halfWidth), halfWidth };
}
