import { ConfigError } from '../utils/errors.js';

const TRUE_WORDS = new Set(['', 'true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

function toBoolean(raw, where) {
  // A bare --flag arrives as true and --no-flag as false.
  if (typeof raw === 'boolean') return raw;
  const word = String(raw).trim().toLowerCase();
  if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) {
    throw new ConfigError(`${where}: expected true/false, 1/0, yes/no or on/off, got "${raw}"`);
  }
  return TRUE_WORDS.has(word);
}

function toNumber(raw, where) {
  const text = String(raw).trim();
  const value = Number(text);
  if (text === '' || typeof raw === 'boolean' || !Number.isFinite(value)) {
    throw new ConfigError(`${where}: expected a number, got "${raw}"`);
  }
  return value;
}

function toText(raw, where) {
  if (typeof raw === 'boolean') throw new ConfigError(`${where}: expected a value`);
  return String(raw);
}

/**
 * Converts a raw string from the environment or a flag to the type of the
 * config key it sets.
 */
export function coerceValue(raw, type, where) {
  switch (type) {
    case 'boolean':
      return toBoolean(raw, where);
    case 'number':
      return toNumber(raw, where);
    default:
      return toText(raw, where);
  }
}
