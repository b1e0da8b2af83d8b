/**
 * Returns a sorted copy of `rows` by `row[key]` using `compare` (ascending order),
 * in the requested direction ("ascending" or "descending").
 */
export function sortRows(rows, key, direction, compare) {
  // Compare in the other order for descending instead of reversing, so ties keep their order.
  const ordered = direction === 'descending' ? (a, b) => compare(b[key], a[key]) : (a, b) => compare(a[key], b[key]);
  return [...rows].sort(ordered);
}
