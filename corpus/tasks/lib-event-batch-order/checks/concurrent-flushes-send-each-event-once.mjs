import assert from 'node:assert/strict';
import { fakeIngest, fixedClock } from './lib/ingest.mjs';
import { loadLibrary } from './lib/load.mjs';

// Flushes requested together (timer, full batch, shutdown) never send the same event twice.
export default async function ({ workspace }) {
  const { createTracker } = await loadLibrary(workspace);
  const ingest = fakeIngest({ latency: (call) => 3 + (call % 3) });
  const tracker = createTracker({ transport: ingest.transport, maxBatchSize: 4, flushIntervalMs: 0, retryDelayMs: 0, clock: fixedClock });

  for (let i = 0; i < 3; i += 1) tracker.track('page_view', { i });
  await Promise.all([tracker.flush(), tracker.flush(), tracker.flush()]);
  assert.deepEqual(ingest.seqs(), [1, 2, 3], `three concurrent flushes: ${JSON.stringify(ingest.received)}`);

  for (let i = 3; i < 11; i += 1) tracker.track('page_view', { i });
  await Promise.all([tracker.flush(), tracker.close()]);
  assert.deepEqual(ingest.seqs(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], `after a burst: ${JSON.stringify(ingest.received)}`);
  assert.equal(tracker.stats().delivered, 11);
}
