/** A list answer: `{ object: 'list', data, has_more }`. */
export function listOf(items, serialize, hasMore) {
  return { object: 'list', data: items.map(serialize), has_more: hasMore };
}
