import { invalidRequest } from '../http/errors.js';

// Each rule returns the cleaned value or throws a 400 naming the parameter.

export const integer = ({ min, max } = {}) => (value, param) => {
  if (!Number.isInteger(value)) throw invalidRequest(`Invalid integer: ${JSON.stringify(value)}.`, param);
  if (min !== undefined && value < min) throw invalidRequest(`${param} must be at least ${min}.`, param);
  if (max !== undefined && value > max) throw invalidRequest(`${param} must be at most ${max}.`, param);
  return value;
};

export const string = ({ maxLength = 500, pattern } = {}) => (value, param) => {
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest(`Invalid string for ${param}.`, param);
  if (value.length > maxLength) throw invalidRequest(`${param} must be at most ${maxLength} characters.`, param);
  if (pattern && !pattern.test(value)) throw invalidRequest(`Invalid ${param}: ${JSON.stringify(value)}.`, param);
  return value;
};

export const oneOf = (allowed) => (value, param) => {
  const normalized = typeof value === 'string' ? value.toLowerCase() : value;
  if (!allowed.includes(normalized)) throw invalidRequest(`Invalid ${param}: must be one of ${allowed.join(', ')}.`, param);
  return normalized;
};

export const metadataMap = () => (value, param) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object for ${param}.`, param);
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidRequest(`Metadata values must be strings.`, `${param}[${key}]`);
  }
  return { ...value };
};

export const optional = (rule) => Object.assign((value, param) => rule(value, param), { optional: true });

/** Checks `input` against `{ param: rule }`; unknown parameters are rejected like missing ones. */
export function validate(input, shape) {
  const out = {};
  for (const param of Object.keys(input)) {
    if (!Object.hasOwn(shape, param)) throw invalidRequest(`Received unknown parameter: ${param}`, param);
  }
  for (const [param, rule] of Object.entries(shape)) {
    const value = input[param];
    if (value === undefined || value === null) {
      if (!rule.optional) throw invalidRequest(`Missing required param: ${param}.`, param);
      continue;
    }
    out[param] = rule(value, param);
  }
  return out;
}
