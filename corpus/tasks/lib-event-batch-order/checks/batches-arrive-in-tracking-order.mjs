import assert from 'node:assert/strict';
import { fakeIngest, fixedClock } from './lib/ingest.mjs';
import { loadLibrary } from './lib/load.mjs';

// A slow first batch must not be overtaken: batches go out one at a time, in order.
export default async function ({ workspace }) {
  const { createTracker } = await loadLibrary(workspace);
  const ingest = fakeIngest({ latency: (call) => (call === 0 ? 30 : 1) });
  const tracker = createTracker({ transport: ingest.transport, maxBatchSize: 2, flushIntervalMs: 0, retryDelayMs: 0, clock: fixedClock });

  for (const name of ['session_start', 'page_view', 'checkout_started', 'payment_submitted', 'order_completed']) {
    tracker.track(name);
  }
  await tracker.close();

  assert.deepEqual(ingest.seqs(), [1, 2, 3, 4, 5], `received ${JSON.stringify(ingest.received)}`);
  assert.ok(ingest.received.every((batch) => batch.length <= 2), 'no batch exceeds maxBatchSize');
  assert.deepEqual(tracker.stats().delivered, 5);
}
