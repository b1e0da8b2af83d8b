import { throwIfAborted } from './abort.js';
import { createQueue } from './queue.js';
import { retry } from './retry.js';

/**
 * `Promise.all(items.map(fn))` with at most `concurrency` calls in flight, optional
 * per-item retries and cancellation. Results keep the order of `items`.
 */
export async function mapConcurrent(items, fn, { concurrency = 4, retry: retryOptions, signal } = {}) {
  throwIfAborted(signal);
  const queue = createQueue({ concurrency });
  const call = (item, index) =>
    retryOptions
      ? retry(({ signal: attemptSignal }) => fn(item, index, { signal: attemptSignal }), { ...retryOptions, signal })
      : fn(item, index, { signal });

  // Tasks can finish in any order: tag every result with its index and place it ourselves.
  const results = new Array(items.length);
  try {
    const tagged = await Promise.all(
      Array.from(items, (item, index) => queue.add(async () => ({ index, value: await call(item, index) }), { signal })),
    );
    for (const { index, value } of tagged) results[index] = value;
    return results;
  } finally {
    // On failure, items that have not started yet must not start.
    queue.clear();
  }
}
