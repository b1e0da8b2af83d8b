/**
 * Field rules. A rule takes the raw value from the request body and returns either
 * `{ value }` (the cleaned value to store) or `{ error }` (a message for that field).
 */

/** A text field with length limits; surrounding whitespace is dropped unless `trim: false`. */
export function text({ min = 0, max = Infinity, trim = true } = {}) {
  return (raw) => {
    if (raw.length < min) return { error: min === 1 ? 'must not be empty' : `must be at least ${min} characters` };
    if (raw.length > max) return { error: `must be at most ${max} characters` };
    return { value: trim ? raw.trim() : raw };
  };
}

/** Runs rules in order, feeding each the previous rule's value; stops at the first error. */
export function all(...rules) {
  return (raw) => {
    let value = raw;
    for (const rule of rules) {
      const result = rule(value);
      if ('error' in result) return result;
      value = result.value;
    }
    return { value };
  };
}
