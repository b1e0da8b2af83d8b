import { withRetries } from './retry.js';

/** Sends one batch through the transport, retrying failures; counts what was delivered. */
export function createSender(transport, { retries, retryDelayMs }) {
  const stats = { delivered: 0, batches: 0 };
  return {
    stats,
    async send(events) {
      await withRetries(() => transport(events), { retries, delayMs: retryDelayMs });
      stats.delivered += events.length;
      stats.batches += 1;
    },
  };
}
