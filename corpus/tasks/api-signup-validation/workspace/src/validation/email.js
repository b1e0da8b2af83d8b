import { all, text } from './rules.js';
import { config } from '../config.js';

// local part: letters, digits and . _ % + -; domain: dot-separated labels ending in a TLD.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

function emailShape(value) {
  if (!EMAIL_PATTERN.test(value)) return { error: 'must be a valid email address' };
  return { value: value.toLowerCase() };
}

/** A single email address, stored lower-case so uniqueness ignores case. */
export function email() {
  return all(text({ min: 1, max: config.limits.emailMax }), emailShape);
}
