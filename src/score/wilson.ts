import { CrossoverError } from '../contracts/errors.js';
import { normalQuantile } from './normal-quantile.js';
import { requireCount, requireLevel } from './require.js';

/**
 * Wilson score interval for a binomial proportion, without continuity correction. With 0 trials it
 * is the whole of [0, 1]: no evidence, stated as such rather than as a rate of 0.
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): { low: number; high: number } {
  requireCount(successes, 'wilsonInterval successes');
  requireCount(trials, 'wilsonInterval trials');
  requireLevel(confidence, 'wilsonInterval confidence');
  if (successes > trials) {
    throw new CrossoverError(
      'invalid-input',
      `wilsonInterval: expected successes ≤ trials, got ${successes} > ${trials}`,
    );
  }
  const z = normalQuantile(0.5 + confidence / 2);
  const z2 = z * z;
  const spread = trials === 0 ? 0 : (successes * (trials - successes)) / trials;
  const center = (successes + z2 / 2) / (trials + z2);
  const half = (z / (trials + z2)) * Math.sqrt(spread + z2 / 4);
  // At 0 (or all) successes the bound is exactly 0 (or 1); rounding must not move it inside.
  return {
    low: successes === 0 ? 0 : Math.max(0, center - half),
    high: successes === trials ? 1 : Math.min(1, center + half),
  };
}
