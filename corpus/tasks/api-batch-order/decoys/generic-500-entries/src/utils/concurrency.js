/**
 * Maps `items` through the async `fn` with at most `limit` calls in flight.
 * Resolves with the results in the order of `items`, however the calls
 * finish; rejects as soon as any call rejects.
 */
export async function mapConcurrent(items, limit, fn) {
  const results = [];
  let next = 0;

  async function worker() {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index], index);
    }
  }

  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, () => worker());
  await Promise.all(workers);
  return results;
}
