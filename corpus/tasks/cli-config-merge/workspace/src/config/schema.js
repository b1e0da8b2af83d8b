import { defaults } from './defaults.js';
import { getPath } from '../utils/paths.js';
import { isPlainObject } from '../utils/objects.js';

/**
 * The type of the key at `path` ('string' | 'number' | 'boolean' | 'object'),
 * or undefined for an unknown key.
 */
export function typeAt(path) {
  const value = getPath(defaults, path);
  if (value === undefined) return undefined;
  return isPlainObject(value) ? 'object' : typeof value;
}

/** Integer keys and their allowed ranges. */
export const INTEGER_RANGES = {
  'server.port': [1, 65535],
  'feeds.rss.limit': [1, 1000],
};
