import { BillingError } from '../errors.js';
import { assertMinorUnits } from './amount.js';

// Percentages are carried as thousandths of a percent so 8.875% stays an integer.
const PERCENT_SCALE = 1000;

/** n / d rounded half up (away from zero), for integers. */
export function divideHalfUp(n, d) {
  const sign = Math.sign(n) * Math.sign(d);
  const absN = Math.abs(n);
  const absD = Math.abs(d);
  const quotient = Math.floor(absN / absD);
  const remainder = absN - quotient * absD;
  return sign * (remainder * 2 >= absD ? quotient + 1 : quotient);
}

export function percentUnits(percent, field = 'percent') {
  const units = Math.round(percent * PERCENT_SCALE);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100 || Math.abs(units - percent * PERCENT_SCALE) > 1e-6) {
    throw new BillingError(`expected a percentage between 0 and 100 with at most 3 decimals, got ${JSON.stringify(percent)}`, field);
  }
  return units;
}

/** `percent` % of an amount in minor units, rounded half up to a whole unit. */
export function percentOf(minor, percent) {
  assertMinorUnits(minor);
  return divideHalfUp(minor * percentUnits(percent), 100 * PERCENT_SCALE);
}
