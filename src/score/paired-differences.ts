import { CrossoverError } from '../contracts/errors.js';
import { requireCount } from './require.js';

/** A cell's integer counts: s(t, a) = successes / valid repeats, exactly. */
export interface RateCount {
  successes: number;
  valid: number;
}

/**
 * The paired differences d_t = values[t] / denominator, exactly: integers over the least common
 * multiple of every valid-repeat count, so no decision ever rests on a floating-point mean.
 */
export interface ExactDifferences {
  values: number[];
  denominator: number;
  /** Σ values: Σd_t = sum / denominator, and the direction of a verdict is its sign. */
  sum: number;
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

function requireRate(count: RateCount, name: string): void {
  const { successes, valid } = count;
  if (
    Number.isSafeInteger(successes) &&
    Number.isSafeInteger(valid) &&
    successes >= 0 &&
    successes <= valid &&
    valid > 0
  )
    return;
  requireCount(successes, `${name}.successes`);
  requireCount(valid, `${name}.valid`);
  if (count.valid === 0 || count.successes > count.valid)
    throw new CrossoverError(
      'invalid-input',
      `${name}: expected 0 ≤ successes ≤ valid and valid > 0, got ${count.successes}/${count.valid}`,
    );
}

export function pairedDifferences(pairs: readonly { arm: RateCount; baseline: RateCount }[]): ExactDifferences {
  let denominator = 1;
  for (let index = 0; index < pairs.length; index += 1) {
    const { arm, baseline } = pairs[index]!;
    requireRate(arm, `pairedDifferences[${index}].arm`);
    requireRate(baseline, `pairedDifferences[${index}].baseline`);
    if (denominator % arm.valid !== 0) denominator = (denominator / gcd(denominator, arm.valid)) * arm.valid;
    if (denominator % baseline.valid !== 0)
      denominator = (denominator / gcd(denominator, baseline.valid)) * baseline.valid;
  }
  if (!Number.isSafeInteger(denominator * Math.max(1, pairs.length)))
    throw new CrossoverError(
      'invalid-input',
      `pairedDifferences: the common denominator ${denominator} over ${pairs.length} tasks is too large to sum exactly`,
    );
  const values = pairs.map(
    ({ arm, baseline }) =>
      arm.successes * (denominator / arm.valid) - baseline.successes * (denominator / baseline.valid),
  );
  return { values, denominator, sum: values.reduce((total, value) => total + value, 0) };
}
