import assert from 'node:assert/strict';
import { fakeIngest, fixedClock } from './lib/ingest.mjs';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: one flush at a time, batching, event shape, validation, overflow, close.
export default async function ({ workspace }) {
  const { createTracker, memoryTransport } = await loadLibrary(workspace);
  const transport = memoryTransport();
  const tracker = createTracker({ transport, maxBatchSize: 3, flushIntervalMs: 0, clock: fixedClock });

  const event = tracker.track('checkout_started', { cartValue: 42.5 });
  assert.deepEqual(event, { seq: 1, name: 'checkout_started', properties: { cartValue: 42.5 }, timestamp: '2025-03-01T12:00:00.000Z' });
  tracker.track('page_view');
  await tracker.flush();
  assert.deepEqual(transport.batches.map((batch) => batch.map((e) => e.seq)), [[1, 2]]);
  await tracker.flush();
  assert.equal(transport.batches.length, 1, 'an empty flush sends nothing');

  assert.throws(() => tracker.track('Checkout Started'), TypeError);
  assert.throws(() => tracker.track('ok_name', [1]), TypeError);
  assert.throws(() => createTracker({ maxBatchSize: 3 }), TypeError);
  assert.throws(() => createTracker({ transport, maxBatchSize: 0 }), TypeError);

  const small = fakeIngest();
  const bounded = createTracker({ transport: small.transport, maxBatchSize: 100, maxQueueSize: 3, flushIntervalMs: 0, clock: fixedClock });
  for (let i = 0; i < 5; i += 1) bounded.track('tick');
  assert.deepEqual(bounded.stats(), { queued: 3, delivered: 0, dropped: 2, batches: 0 });
  await bounded.close();
  assert.deepEqual(small.received, [[3, 4, 5]], 'overflow drops the oldest');
  assert.throws(() => bounded.track('tick'), /closed/);
}
