import { throwIfAborted } from './abort.js';
import { backoffDelay } from './backoff.js';
import { RetryError } from './errors.js';
import { sleep } from './timers.js';

/**
 * Calls `fn({ attempt, signal })` until it resolves, retrying failures with backoff.
 * See the README for the options.
 */
export async function retry(fn, { retries = 2, shouldRetry = () => true, onRetry = () => {}, signal, ...backoff } = {}) {
  throwIfAborted(signal);
  const errors = [];
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn({ attempt, signal });
    } catch (error) {
      errors.push(error);
      if (signal?.aborted) throw error;
      if (attempt > retries || !shouldRetry(error)) throw new RetryError(errors);
      const delay = backoffDelay(attempt, backoff);
      onRetry({ attempt, error, delay });
      await sleep(delay, { signal });
      // Cancelled while waiting: stop here with the failure we already have.
      if (signal?.aborted) throw error;
    }
  }
}
