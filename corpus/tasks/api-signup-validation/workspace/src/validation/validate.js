import { validationFailed } from '../http/errors.js';

function isMissing(raw) {
  return raw === undefined || raw === '';
}

/**
 * Checks a request body against a schema `{ field: { rule, required } }` and returns the
 * cleaned values. Unknown fields are refused so typos do not silently do nothing.
 * Throws a 400 listing every offending field.
 */
export function validate(schema, body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed({ body: 'must be a JSON object' });
  }
  const errors = {};
  const value = {};
  for (const field of Object.keys(body)) {
    if (!(field in schema)) errors[field] = 'is not allowed';
  }
  for (const [field, { rule, required = false }] of Object.entries(schema)) {
    const raw = body[field];
    if (isMissing(raw)) {
      if (required) errors[field] = 'is required';
      continue;
    }
    const result = rule(raw);
    if ('error' in result) errors[field] = result.error;
    else value[field] = result.value;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return value;
}
