/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): exponential from `minDelay`,
 * capped at `maxDelay`. With jitter, a random point in the upper half of that delay, so
 * many clients failing together do not retry in lockstep.
 */
export function backoffDelay(attempt, { minDelay = 100, maxDelay = 10_000, factor = 2, jitter = true, random = Math.random } = {}) {
  const base = Math.min(maxDelay, minDelay * factor ** (attempt - 1));
  return jitter ? Math.round(base / 2 + random() * (base / 2)) : base;
}
