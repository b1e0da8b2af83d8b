/**
 * Sort state of a table: { key, direction } or null for the default order.
 * Clicking a new column sorts it ascending; clicking the sorted column flips it.
 */
export function nextSort(current, key) {
  if (!current || current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** The aria-sort value for a column header. */
export function ariaSortFor(sort, key) {
  return sort && sort.key === key ? sort.direction : 'none';
}
