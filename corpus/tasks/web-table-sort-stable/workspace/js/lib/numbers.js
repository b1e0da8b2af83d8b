/**
 * Parses the API's number strings: "1,204", "12.50", "£8.00", " 86 ". Returns NaN for
 * blanks and anything that is not a number, so callers can tell "unknown" from 0.
 */
export function parseNumber(value) {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return NaN;
  const cleaned = String(value).trim().replace(/[£$€,\s]/g, '');
  if (cleaned === '') return NaN;
  return Number(cleaned);
}

export function clamp(value, min, max) {
  return Math.min(max, Math.max(min, value));
}
