import { ConfigError } from '../utils/errors.js';
import { isPlainObject } from '../utils/objects.js';
import { INTEGER_RANGES, typeAt } from './schema.js';

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function checkLeaf(path, value, source) {
  const key = path.join('.');
  const type = typeAt(path);
  if (type === undefined) throw new ConfigError(`${source}: unknown config key "${key}"`);
  if (type === 'object') {
    if (!isPlainObject(value)) throw new ConfigError(`${source}: "${key}" must be an object, got ${describe(value)}`);
    return;
  }
  if (typeof value !== type) throw new ConfigError(`${source}: "${key}" must be a ${type}, got ${describe(value)}`);
  const range = INTEGER_RANGES[key];
  if (range && (!Number.isInteger(value) || value < range[0] || value > range[1])) {
    throw new ConfigError(`${source}: "${key}" must be an integer from ${range[0]} to ${range[1]}, got ${value}`);
  }
}

/** Checks one layer's keys and types against the schema; `source` names the layer in errors. */
export function validateConfig(values, source, prefix = []) {
  for (const [name, value] of Object.entries(values)) {
    const path = [...prefix, name];
    checkLeaf(path, value, source);
    if (isPlainObject(value)) validateConfig(value, source, path);
  }
}
