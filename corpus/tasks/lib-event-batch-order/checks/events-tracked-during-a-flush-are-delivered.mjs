import assert from 'node:assert/strict';
import { fakeIngest, fixedClock } from './lib/ingest.mjs';
import { loadLibrary } from './lib/load.mjs';

// Events tracked while a flush is on the wire are queued for the next batch, not lost.
export default async function ({ workspace }) {
  const { createTracker } = await loadLibrary(workspace);
  const ingest = fakeIngest({ latency: () => 5 });
  const tracker = createTracker({ transport: ingest.transport, maxBatchSize: 10, flushIntervalMs: 0, retryDelayMs: 0, clock: fixedClock });

  tracker.track('session_start');
  tracker.track('page_view', { path: '/' });
  const first = tracker.flush();
  tracker.track('add_to_cart', { sku: 'A-1' }); // while the first batch is in flight
  const second = tracker.flush();
  tracker.track('page_view', { path: '/cart' });
  await first;
  await second;
  assert.deepEqual(ingest.seqs().slice(0, 3), [1, 2, 3], 'flush() resolves once the events tracked before it are delivered');

  await tracker.close();
  assert.deepEqual(ingest.seqs(), [1, 2, 3, 4], 'every event delivered exactly once');
  assert.deepEqual(tracker.stats(), { queued: 0, delivered: 4, dropped: 0, batches: ingest.received.length });
}
