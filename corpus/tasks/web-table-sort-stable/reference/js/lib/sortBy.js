import { isBlank } from './compare.js';

/**
 * Returns a sorted copy of `rows` by `row[key]` using `compare` (ascending order),
 * in the requested direction ("ascending" or "descending"). The direction flips only
 * the comparison of two values: blank cells stay last and rows with equal values keep
 * their order from `rows` (Array.prototype.sort is stable), in both directions.
 */
export function sortRows(rows, key, direction, compare) {
  const sign = direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (isBlank(x) || isBlank(y)) return compare(x, y);
    return sign * compare(x, y);
  });
}
