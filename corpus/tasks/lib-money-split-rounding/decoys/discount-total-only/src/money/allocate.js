import { BillingError } from '../errors.js';
import { assertMinorUnits } from './amount.js';

function checkWeights(weights) {
  if (!Array.isArray(weights) || weights.length === 0) {
    throw new BillingError('expected a non-empty array of weights', 'weights');
  }
  weights.forEach((weight, index) => {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new BillingError(`expected a non-negative number, got ${JSON.stringify(weight)}`, `weights[${index}]`);
    }
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) throw new BillingError('at least one weight must be greater than zero', 'weights');
  return total;
}

/**
 * Splits `minor` into shares proportional to `weights` that add up to exactly `minor`: every
 * share is rounded down, then the units left over go one each to the largest remainders
 * (earlier share first on a tie).
 */
export function allocate(minor, weights) {
  assertMinorUnits(minor);
  if (minor < 0) throw new BillingError('cannot split a negative amount', 'amount');
  const totalWeight = checkWeights(weights);
  const exact = weights.map((weight) => (minor * weight) / totalWeight);
  const shares = exact.map(Math.floor);
  let leftover = minor - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - shares[index] }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (leftover === 0) break;
    shares[index] += 1;
    leftover -= 1;
  }
  return shares;
}

/** Splits `minor` into `parts` equal shares. */
export function splitEvenly(minor, parts) {
  if (!Number.isInteger(parts) || parts < 1) {
    throw new BillingError(`expected a whole number of people, at least 1, got ${JSON.stringify(parts)}`, 'parts');
  }
  return allocate(minor, new Array(parts).fill(1));
}
