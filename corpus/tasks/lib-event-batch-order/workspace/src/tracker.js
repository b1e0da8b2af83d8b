import { createFlusher } from './delivery/flusher.js';
import { createSender } from './delivery/sender.js';
import { createEvent } from './event.js';
import { EventBuffer } from './queue/buffer.js';
import { resolveOptions } from './util/options.js';

/** See README: queue events, deliver them in batches, in order, exactly once. */
export function createTracker(input) {
  const options = resolveOptions(input);
  const buffer = new EventBuffer(options.maxQueueSize);
  const sender = createSender(options.transport, options);
  const flusher = createFlusher(buffer, sender, options);
  let seq = 0;
  let closed = false;

  // Background flushes (timer, full batch) have nobody to report to; failed batches stay queued.
  const flushInBackground = () => {
    flusher.flush().catch(() => {});
  };
  const timer = options.flushIntervalMs > 0 ? setInterval(flushInBackground, options.flushIntervalMs) : null;
  timer?.unref?.();

  return {
    track(name, properties) {
      if (closed) throw new Error('tracker is closed');
      const event = createEvent((seq += 1), name, properties, options.clock());
      buffer.push(event);
      if (buffer.size >= options.maxBatchSize) flushInBackground();
      return event;
    },
    flush: () => flusher.flush(),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await flusher.flush();
    },
    stats: () => ({ queued: buffer.size, delivered: sender.stats.delivered, dropped: buffer.dropped, batches: sender.stats.batches }),
  };
}
