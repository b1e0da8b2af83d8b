import { ValidationError } from '../http/errors.js';

/**
 * Field checkers return an error message or null. `check(shape, body, { partial })` throws a
 * ValidationError listing every bad field, or returns only the known fields.
 */
export const string = ({ max = 500 } = {}) => (v) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? null : `must be a non-empty string of at most ${max} characters`;

export const integer = ({ min = -Infinity, max = Infinity } = {}) => (v) =>
  Number.isInteger(v) && v >= min && v <= max ? null : `must be an integer between ${min} and ${max}`;

export const oneOf = (values) => (v) => (values.includes(v) ? null : `must be one of ${values.join(', ')}`);

export const pattern = (regex, description) => (v) => (typeof v === 'string' && regex.test(v) ? null : `must be ${description}`);

export function check(shape, body, { partial = false } = {}) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError([{ field: '(body)', message: 'must be a JSON object' }]);
  }
  const details = [];
  for (const field of Object.keys(body)) {
    if (!(field in shape)) details.push({ field, message: 'is not a known field' });
  }
  for (const [field, checker] of Object.entries(shape)) {
    if (body[field] === undefined) {
      if (!partial) details.push({ field, message: 'is required' });
      continue;
    }
    const message = checker(body[field]);
    if (message) details.push({ field, message });
  }
  if (details.length > 0) throw new ValidationError(details);
  return Object.fromEntries(Object.keys(shape).filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
}
