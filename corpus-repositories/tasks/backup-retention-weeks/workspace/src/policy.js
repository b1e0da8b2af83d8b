import ms from 'ms';

function count(options, flag, fallback) {
  const raw = options[flag];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} expects a whole number, got "${raw}"`);
  return value;
}

/** The policy from command-line options: counts of days and weeks to keep, and a maximum age. */
export function policyFromOptions(options) {
  const maxAge = options['max-age'] === undefined ? Number.POSITIVE_INFINITY : ms(String(options['max-age']));
  if (maxAge === undefined || Number.isNaN(maxAge) || maxAge <= 0)
    throw new Error(`--max-age expects a duration such as 90d or 12h, got "${options['max-age']}"`);
  return {
    keepDaily: count(options, 'keep-daily', 7),
    keepWeekly: count(options, 'keep-weekly', 4),
    maxAgeMs: maxAge,
  };
}
