/** A pragmatic email check: something@something.tld, no spaces. */
export function isEmail(value) {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);
}

export function normalizeEmail(value) {
  return value.trim().toLowerCase();
}
