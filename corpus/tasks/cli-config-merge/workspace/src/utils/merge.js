import { isPlainObject } from './objects.js';

/**
 * Returns `target` overlaid with `source`. Plain objects are merged so a
 * layer that sets one key keeps the others; anything else (strings,
 * numbers, arrays) replaces.
 */
export function deepMerge(target, source) {
  const result = { ...target };
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (isPlainObject(value) && isPlainObject(result[key])) {
      result[key] = { ...result[key], ...value };
    } else {
      result[key] = value;
    }
  }
  return result;
}
