/**
 * Moves queued events to the sender in batches of at most `maxBatchSize`. A batch leaves the
 * queue when it is sent, so events tracked meanwhile wait for the next batch; a batch that
 * fails goes back to the front of the queue.
 */
export function createFlusher(buffer, sender, { maxBatchSize }) {
  let tail = Promise.resolve();

  async function drain() {
    while (buffer.size > 0) {
      const batch = buffer.take(maxBatchSize);
      try {
        await sender.send(batch);
      } catch (err) {
        buffer.putBack(batch);
        throw err;
      }
    }
  }

  // Flushes never overlap: each starts once the previous one settled, so batches go out in order.
  function flush() {
    const run = tail.then(drain);
    tail = run.catch(() => {});
    return run;
  }

  return { flush };
}
