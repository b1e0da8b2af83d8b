import { createTracker } from '../src/index.js';

// A transport with uneven latency, like the real network.
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let call = 0;
const transport = async (events) => {
  await wait(call++ === 0 ? 300 : 20);
  console.log('ingest received', events.map((event) => `${event.seq}:${event.name}`).join(' '));
};

const tracker = createTracker({ transport, maxBatchSize: 2, flushIntervalMs: 0 });
tracker.track('session_start');
tracker.track('page_view', { path: '/cart' });
tracker.track('checkout_started');
tracker.track('payment_submitted');
tracker.track('order_completed');
await tracker.close();
console.log(tracker.stats());
