/**
 * Moves queued events to the sender in batches of at most `maxBatchSize`. Events stay queued
 * until their batch was delivered, so a failed delivery loses nothing.
 */
export function createFlusher(buffer, sender, { maxBatchSize }) {
  async function flush() {
    const events = buffer.snapshot();
    for (let start = 0; start < events.length; start += maxBatchSize) {
      const batch = events.slice(start, start + maxBatchSize);
      await sender.send(batch);
      // Remove only what was delivered: events tracked meanwhile stay queued.
      buffer.take(batch.length);
    }
  }

  return { flush };
}
