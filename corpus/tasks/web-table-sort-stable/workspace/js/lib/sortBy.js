/**
 * Returns a sorted copy of `rows` by `row[key]` using `compare` (ascending order),
 * in the requested direction ("ascending" or "descending").
 */
export function sortRows(rows, key, direction, compare) {
  const sorted = [...rows].sort((a, b) => compare(a[key], b[key]));
  return direction === 'descending' ? sorted.reverse() : sorted;
}
