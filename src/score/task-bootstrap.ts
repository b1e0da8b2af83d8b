import { CrossoverError } from '../contracts/errors.js';
import { seededRandom } from './random.js';
import { requireLevel, requireProbability } from './require.js';

export const BOOTSTRAP_RESAMPLES = 2000;

/**
 * Percentile bootstrap interval of a mean of per-task rates, resampling whole tasks: repeats of a
 * task are not independent, so the task is the unit, and the interval belongs to the very mean it
 * sits beside. Seeded, so the same rates and seed give the same interval.
 */
export function taskBootstrapInterval(
  rates: readonly number[],
  seed: string,
  level = 0.95,
  resamples = BOOTSTRAP_RESAMPLES,
): { low: number; high: number } {
  requireLevel(level, 'taskBootstrapInterval level');
  for (const [index, rate] of rates.entries()) requireProbability(rate, `taskBootstrapInterval rates[${index}]`);
  if (rates.length === 0 || !Number.isSafeInteger(resamples) || resamples < 1)
    throw new CrossoverError(
      'invalid-input',
      `taskBootstrapInterval: expected at least one rate and one resample, got ${rates.length} and ${resamples}`,
    );
  const random = seededRandom(`task-bootstrap/${seed}`);
  const n = rates.length;
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += rates[random.below(n)]!;
    means[b] = sum / n;
  }
  means.sort();
  const tail = (1 - level) / 2;
  return {
    low: Math.max(0, means[Math.floor(tail * resamples)]!),
    high: Math.min(1, means[Math.min(resamples - 1, Math.ceil((1 - tail) * resamples) - 1)]!),
  };
}
