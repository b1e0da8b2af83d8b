import { encodeComponent } from './encode.js';
import { toParamString } from '../utils/values.js';

/**
 * Serializes query parameters to a query string (without "?").
 *
 * Arrays repeat the key (`tags=a&tags=b`) unless the key is listed in
 * `commaArrays`, in which case the items are joined with commas.
 */
export function serializeQuery(params = {}, { commaArrays = [] } = {}) {
  const pairs = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = encodeComponent(key);
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== undefined && item !== null).map(toParamString);
      if (items.length === 0) continue;
      if (commaArrays.includes(key)) pairs.push(`${name}=${items.join(',')}`);
      else for (const item of items) pairs.push(`${name}=${item}`);
      continue;
    }
    pairs.push(`${name}=${toParamString(value)}`);
  }
  return pairs.join('&');
}
