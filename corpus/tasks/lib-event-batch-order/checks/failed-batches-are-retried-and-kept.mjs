import assert from 'node:assert/strict';
import { fakeIngest, fixedClock } from './lib/ingest.mjs';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: failures are retried; a batch that keeps failing stays queued for the next flush.
export default async function ({ workspace }) {
  const { createTracker } = await loadLibrary(workspace);

  const flaky = fakeIngest({ failFirst: 2 });
  const retrying = createTracker({ transport: flaky.transport, maxBatchSize: 10, flushIntervalMs: 0, retries: 2, retryDelayMs: 0, clock: fixedClock });
  retrying.track('a_event');
  retrying.track('b_event');
  await retrying.flush();
  assert.equal(flaky.calls, 3, 'two failures, then success on the last retry');
  assert.deepEqual(flaky.received, [[1, 2]]);

  const down = fakeIngest({ failFirst: 2 });
  const tracker = createTracker({ transport: down.transport, maxBatchSize: 10, flushIntervalMs: 0, retries: 1, retryDelayMs: 0, clock: fixedClock });
  tracker.track('a_event');
  tracker.track('b_event');
  await assert.rejects(tracker.flush(), /503/);
  assert.equal(tracker.stats().queued, 2, 'the failed batch is still queued');
  tracker.track('c_event');
  await tracker.flush();
  assert.deepEqual(down.received, [[1, 2, 3]], 'the next flush sends it, still in order');
  assert.deepEqual(tracker.stats(), { queued: 0, delivered: 3, dropped: 0, batches: 1 });
}
